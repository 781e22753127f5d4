// The offline provider as an adapter: every capability it has, each reporting its usage in the
// one shape so local models are billed like any other route. The routes helper adds local
// transcription/music/upscale here as they land.
import { detail } from '../../../infra/http/errors';
import type { AdapterFactory, Capability, ProviderAdapter } from '../types';
import { LocalProvider } from './index';
import { localImageTool, localUpscale } from './image-tools';
import { localMusic } from './music';
import { localTranscription } from './transcription';
import { translateRefusal } from './translate';

function createLocalAdapter(): ProviderAdapter {
  const local = new LocalProvider();
  return {
    id: 'local',
    capabilities: {
      chat: {
        async run(req) {
          const out = await local.chat(req);
          return { text: out.text, model: out.model, toolCalls: out.toolCalls, usage: { inputTokens: out.usage.prompt_tokens, outputTokens: out.usage.completion_tokens } };
        },
      },
      image: { run: async (req) => ({ ...(await local.image(req)), usage: { images: 1 } }) },
      speech: { run: async (req) => ({ ...(await local.speech(req)), usage: { characters: req.input.length } }) },
      video: { run: async (req) => ({ ...(await local.video(req)), usage: { seconds: req.seconds ?? 3 } }) },
      removeBackground: { run: async (req) => ({ ...(await local.removeBackground(req)), usage: { images: 1 } }) },
      upscale: { run: async (req) => ({ ...(await localUpscale(req)), usage: { images: 1 } }) },
      imageTool: { run: async (req) => ({ ...(await localImageTool(req)), usage: { images: 1 } }) },
      ocr: { run: async (req) => ({ ...(await local.ocr(req)), usage: {} }) },
      model3d: { run: async (req) => ({ ...(await local.model3d(req)), usage: {} }) },
      music: { run: (req) => localMusic(req) },
      transcription: { run: (req) => localTranscription(req) },
      embed: { run: async (req) => ({ ...(await local.embed(req)), usage: { inputTokens: 0 } }) },
      translate: {
        async run(req) {
          // The local translator's own refusal (a language pair it lacks) is already the API's answer.
          const refusal = translateRefusal(req);
          if (refusal) throw detail(400, refusal);
          return { ...(await local.translate(req)), usage: { characters: req.text.length } };
        },
      },
    },
  };
}

let shared: ProviderAdapter | undefined;

export const localAdapter: AdapterFactory = {
  id: 'local',
  // Whatever handlers the adapter has (adding one here is all a new local capability needs).
  get serves() {
    return Object.keys(this.create({ extra: {}, timeoutMs: 0 }).capabilities) as Capability[];
  },
  configured: () => true,
  // Stateless: one instance serves every gateway (the deployment's and the sandbox's).
  create: () => (shared ??= createLocalAdapter()),
};
