import { Router } from 'express';
import { z } from 'zod';
import { DEFAULT_MODELS, modelsFor } from './prices';
import { chatQuantities, countPromptTokens, operationCostMicros } from './operations';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../infra/http/errors';
import { route } from '../infra/http/route';
import { fetchImageInput } from './inputs';
import { audioRoutes } from './audio-routes';
import { convertAudio, EXT_OF_MIME, SPEECH_FORMATS } from './audio-convert';
import { openAiRoutes } from './openai-routes';
import { startAsync } from './start-async';
import { getJob, jobView } from './jobs';
import { newJobId, resolveModel, runSync } from './pipeline';
import { translateRefusal } from './providers/local/translate';
import {
  ChatCompletionView, ChatModelsView, ImageEditView, ImageGenerationView, JobAcceptedView, JobView, OcrView, SpeechView, TranslationView,
} from './views';

const output = z
  .object({ destination_id: z.string().optional(), path_template: z.string().optional() })
  .strict()
  .optional();

const imageBody = z.object({
  model: z.string().optional(),
  prompt: z.string().min(1).max(4000),
  width: z.number().int().min(64).max(2048).default(1024),
  height: z.number().int().min(64).max(2048).default(1024),
  output,
});
const videoBody = z.object({
  model: z.string().optional(),
  prompt: z.string().min(1).max(4000),
  seconds: z.number().int().min(1).max(10).default(3),
  output,
});
const content = z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough())]);
const chatBody = z.object({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant', 'tool', 'developer']), content: content.nullable() })).min(1).max(500),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().min(1).max(32_000).optional(),
  // Accepted and ignored; one complete JSON body is always returned.
  stream: z.boolean().optional(),
});
const speechBody = z.object({
  model: z.string().optional(),
  input: z.string().min(1).max(4096),
  // A provider's own voice id (an ElevenLabs voice for an ElevenLabs model) is passed through as is.
  voice: z.string().min(1).max(64).default('alloy'),
  response_format: z.enum(SPEECH_FORMATS).optional(),
  speed: z.number().min(0.25).max(4).optional(),
  instructions: z.string().max(4096).optional(),
  output,
});
const imageUrlBody = z.object({ model: z.string().optional(), image_url: z.string().min(1).max(4096), output });
const model3dBody = z.object({
  model: z.string().optional(),
  image_url: z.string().min(1).max(4096),
  format: z.enum(['glb', 'gltf', 'obj']).default('glb'),
  output,
});
const translateBody = z.object({
  model: z.string().optional(),
  text: z.string().min(1).max(10_000),
  target: z.string().min(2).max(10),
  source: z.string().min(2).max(10).optional(),
});
const jobParams = z.object({ job_id: z.string().min(1) });

const created = () => Math.floor(Date.now() / 1000);
const textOf = (c: z.infer<typeof content> | null) =>
  c === null ? '' : typeof c === 'string' ? c : c.map((part) => (typeof part.text === 'string' ? part.text : '')).join('\n');

/** Generic generation operations and job polling; paths relative to /v1. */
export function generationRoutes(deps: Deps): Router {
  const router = Router();

  router.post(
    '/ai/generate/image',
    route({ body: imageBody, response: ImageGenerationView, summary: 'Generate an image', errors: [402] }, async ({ auth, body }) => {
      const { model, price } = resolveModel('image', body.model, DEFAULT_MODELS.image);
      const r = await runSync(deps, auth, { type: 'image', model, price, request: { prompt: body.prompt, width: body.width, height: body.height, output: body.output }, output: body.output, producesFile: true }, async (providers) => {
        const img = await providers.image({ model, prompt: body.prompt, width: body.width, height: body.height });
        return { file: { data: img.data, ext: 'png', name: 'image' }, result: {} };
      });
      return {
        id: r.prepared.jobId,
        job_id: r.prepared.jobId,
        object: 'image.generation' as const,
        status: 'completed' as const,
        created: created(),
        model,
        url: r.stored!.url,
        data: [{ url: r.stored!.url, width: body.width, height: body.height, mime_type: 'image/png' as const }],
        output: r.stored!.output,
        sandbox: auth.sandbox,
        billing: r.billing,
      };
    }),
  );

  router.post(
    '/ai/generate/video',
    route({ body: videoBody, status: 202, response: JobAcceptedView, summary: 'Generate a video (a job: poll it)', errors: [402] }, async ({ auth, body, req }) => {
      const { model, price } = resolveModel('video', body.model, DEFAULT_MODELS.video);
      return startAsync(deps, auth, req, {
        type: 'video', model, price, quantities: { generation: body.seconds }, producesFile: true, output: body.output,
        request: { prompt: body.prompt, seconds: body.seconds, output: body.output },
      });
    }),
  );

  router.post(
    '/ai/chat/completions',
    route({ body: chatBody, response: ChatCompletionView, summary: 'Chat completion (one complete JSON answer; stream is ignored)', errors: [402] }, async ({ auth, body }) => {
      const { model, price } = resolveModel('chat', body.model, DEFAULT_MODELS.chat);
      const messages = body.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
      const promptTokens = countPromptTokens(messages);
      const maxTokens = body.max_tokens ?? 512;
      const r = await runSync(
        deps, auth,
        { type: 'chat', model, price, quantities: chatQuantities(promptTokens, maxTokens), request: { messages: messages.length, max_tokens: maxTokens }, producesFile: false },
        async (providers) => {
          // The charge was sized for maxTokens of completion, so the provider is held to it.
          const out = await providers.chat({ model, messages, temperature: body.temperature, maxTokens });
          const actual = operationCostMicros({ type: 'chat', model, price, quantities: chatQuantities(out.usage.prompt_tokens, out.usage.completion_tokens) });
          return { result: { text: out.text, usage: out.usage, model: out.model }, actualMicros: actual };
        },
      );
      const usage = r.result.usage;
      return {
        id: `chatcmpl-${r.prepared.jobId.slice(4)}`,
        job_id: r.prepared.jobId,
        object: 'chat.completion' as const,
        created: created(),
        model,
        choices: [{ index: 0, message: { role: 'assistant' as const, content: r.result.text }, finish_reason: 'stop' as const }],
        usage: { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        sandbox: auth.sandbox,
        billing: r.billing,
      };
    }),
  );

  router.post(
    '/ai/audio/speech',
    route({ body: speechBody, response: SpeechView, summary: 'Text to speech (JSON with a URL; the audio bytes for Accept: application/octet-stream or audio/*)', errors: [402] }, async ({ auth, body, req, res }) => {
      const { model, price } = resolveModel('speech', body.model, DEFAULT_MODELS.speech);
      let bytes: { data: Buffer; mime: string } | undefined;
      const r = await runSync(
        deps, auth,
        { type: 'speech', model, price, quantities: { characters: body.input.length / 1000 }, request: { characters: body.input.length, voice: body.voice, response_format: body.response_format, output: body.output }, output: body.output, producesFile: true },
        async (providers) => {
          const spoken = await providers.speech({ model, input: body.input, voice: body.voice, speed: body.speed });
          const audio = body.response_format ? await convertAudio(spoken, body.response_format) : spoken;
          bytes = audio;
          return { file: { data: audio.data, ext: EXT_OF_MIME[audio.mime] ?? 'bin', name: 'speech' }, result: {} };
        },
      );
      // OpenAI's clients ask for the bytes (Accept: application/octet-stream); JSON stays the default.
      // Offered as concrete types, so `*/*` (curl's default) picks JSON, the first.
      if (req.accepts(['application/json', 'application/octet-stream', bytes!.mime]) !== 'application/json') {
        res.setHeader('X-Atelier-Job-Id', r.prepared.jobId);
        res.setHeader('X-Atelier-Cost-Usd', String(r.billing.cost_usd));
        res.type(bytes!.mime).send(bytes!.data);
        return undefined;
      }
      return {
        id: r.prepared.jobId, job_id: r.prepared.jobId, object: 'audio.speech' as const, status: 'completed' as const, created: created(), model, voice: body.voice,
        url: r.stored!.url, mime_type: bytes!.mime, characters: body.input.length, output: r.stored!.output, sandbox: auth.sandbox, billing: r.billing,
      };
    }),
  );

  router.post(
    '/ai/edit/remove-background',
    route({ body: imageUrlBody, response: ImageEditView, summary: 'Remove the background of an image (PNG with transparency)', errors: [402] }, async ({ auth, body }) => {
      const { model, price } = resolveModel('remove-background', body.model, DEFAULT_MODELS['remove-background']);
      const input = await fetchImageInput(deps, body.image_url);
      const r = await runSync(
        deps, auth,
        { type: 'remove-background', model, price, request: { image_url: body.image_url, output: body.output }, output: body.output, producesFile: true },
        async (providers) => {
          const out = await providers.removeBackground({ image: input.data });
          return { file: { data: out.data, ext: 'png', name: 'cutout' }, result: {} };
        },
      );
      return {
        id: r.prepared.jobId, job_id: r.prepared.jobId, object: 'image.edit' as const, status: 'completed' as const, created: created(), model,
        url: r.stored!.url, width: input.width, height: input.height, mime_type: 'image/png' as const, output: r.stored!.output, sandbox: auth.sandbox, billing: r.billing,
      };
    }),
  );

  router.post(
    '/ai/vision/ocr',
    route({ body: imageUrlBody.omit({ output: true }), response: OcrView, summary: 'Read the text in an image (OCR)', errors: [402] }, async ({ auth, body }) => {
      const { model, price } = resolveModel('ocr', body.model, DEFAULT_MODELS.ocr);
      const input = await fetchImageInput(deps, body.image_url);
      const r = await runSync(deps, auth, { type: 'ocr', model, price, request: { image_url: body.image_url }, producesFile: false }, async (providers) => {
        const out = await providers.ocr({ image: input.data });
        return { result: { text: out.text } };
      });
      return { id: r.prepared.jobId, job_id: r.prepared.jobId, object: 'vision.ocr' as const, created: created(), model, text: r.result.text, sandbox: auth.sandbox, billing: r.billing };
    }),
  );

  router.post(
    '/ai/generate/3d',
    route({ body: model3dBody, status: 202, response: JobAcceptedView, summary: 'Make a 3D model from an image (a job: poll it)', errors: [402] }, async ({ auth, body, req }) => {
      const { model, price } = resolveModel('3d', body.model, DEFAULT_MODELS['3d']);
      const input = await fetchImageInput(deps, body.image_url);
      const jobId = newJobId();
      const inputBlob = deps.blobs.newKey(auth.accountId, 'inputs', `${jobId}.${input.format}`);
      await deps.blobs.put(inputBlob, input.data);
      try {
        return await startAsync(deps, auth, req, {
          type: '3d', model, price, producesFile: true, output: body.output, jobId,
          request: { image_url: body.image_url, format: body.format, input_blob: inputBlob, output: body.output },
        });
      } catch (err) {
        // Refused (402, 400…) or not queued: leave nothing behind.
        await deps.blobs.delete(inputBlob);
        throw err;
      }
    }),
  );

  router.post(
    '/ai/text/translate',
    route({ body: translateBody, response: TranslationView, summary: 'Translate text', errors: [402] }, async ({ auth, body }) => {
      const { model, price } = resolveModel('translate', body.model, DEFAULT_MODELS.translate);
      // Refused before the wallet moves (no charge, no refund row).
      const refusal = translateRefusal(body);
      if (refusal) throw badRequest(refusal);
      const r = await runSync(
        deps, auth,
        { type: 'translate', model, price, quantities: { characters: body.text.length / 1000 }, request: { characters: body.text.length, target: body.target }, producesFile: false },
        async (providers) => {
          const out = await providers.translate({ text: body.text, target: body.target, source: body.source });
          return { result: { text: out.text, source: out.source } };
        },
      );
      return {
        id: r.prepared.jobId, job_id: r.prepared.jobId, object: 'text.translation' as const, created: created(), model,
        text: r.result.text, translated_text: r.result.text, source: r.result.source, target: body.target, sandbox: auth.sandbox, billing: r.billing,
      };
    }),
  );

  router.get('/jobs/:job_id', route({ params: jobParams, response: JobView, summary: 'A generation job: its status and, once finished, its result' }, async ({ auth, params }) => jobView(await getJob(deps, auth.accountId, params.job_id), deps)));
  router.get(
    '/ai/generate/video/:job_id',
    route({ params: jobParams, response: JobView, summary: 'A video generation job' }, async ({ auth, params }) => {
      const job = await getJob(deps, auth.accountId, params.job_id);
      if (job.type !== 'video') throw notFound();
      return jobView(job, deps);
    }),
  );
  router.use(audioRoutes(deps), openAiRoutes(deps));
  router.get('/ai/models', route({ response: ChatModelsView, summary: 'The chat models' }, () => ({ object: 'list' as const, chat: modelsFor('chat') })));
  return router;
}
