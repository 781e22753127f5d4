// The shipped model catalogue: every public model id, its routes in order of preference, and each
// provider's cost per unit in USD. With nothing configured only the `local` routes can be called,
// so today's atelier-* ids (and the scene models Story Studio renders offline) keep working; a
// model with no local route answers model_not_available until one of its providers is set up.
// Operators replace or extend this with ATELIER_MODEL_CATALOGUE (same shape, JSON or YAML).
// Rates marked verified were checked against the provider's public price list; the rest are
// estimates (per-second GPU billing, or prices that vary by resolution) shown as unverified.
import type { CatalogueEntryInput } from './catalogue-schema';

const local = (cost: Record<string, number>) => ({ provider: 'local' as const, cost });

/** Story Studio's scene models: billed at the provider's per-second rate with no margin. */
const scene = (id: string, usdPerSecond: number, seconds: number, routes: NonNullable<CatalogueEntryInput['routes']>): CatalogueEntryInput => ({
  id, type: 'video', margin: 0, estimate: { seconds }, routes: [...routes, local({ per_second: usdPerSecond })],
});

export const DEFAULT_CATALOGUE: CatalogueEntryInput[] = [
  // chat
  { id: 'atelier-local', type: 'chat', verified: true, default: true, routes: [local({ per_1m_input_tokens: 0.05, per_1m_output_tokens: 0.1 })] },
  { id: 'gpt-4o-mini', type: 'chat', verified: true, routes: [{ provider: 'openai', cost: { per_1m_input_tokens: 0.15, per_1m_output_tokens: 0.6 } }] },
  { id: 'gpt-4o', type: 'chat', verified: true, routes: [{ provider: 'openai', cost: { per_1m_input_tokens: 2.5, per_1m_output_tokens: 10 } }] },
  { id: 'claude-sonnet-4-5', type: 'chat', verified: true, routes: [{ provider: 'anthropic', model: 'claude-sonnet-4-5', cost: { per_1m_input_tokens: 3, per_1m_output_tokens: 15 } }] },
  { id: 'claude-haiku-4-5', type: 'chat', verified: true, routes: [{ provider: 'anthropic', model: 'claude-haiku-4-5', cost: { per_1m_input_tokens: 1, per_1m_output_tokens: 5 } }] },
  { id: 'gemini-2.5-flash', type: 'chat', verified: true, routes: [{ provider: 'google', cost: { per_1m_input_tokens: 0.3, per_1m_output_tokens: 2.5 } }] },
  {
    id: 'llama-3.1-8b-instruct', type: 'chat',
    routes: [{ provider: 'openai', cost: { per_1m_input_tokens: 0.2, per_1m_output_tokens: 0.2 } }, { provider: 'ollama', model: 'llama3.1:8b', cost: { per_1m_input_tokens: 0.2, per_1m_output_tokens: 0.2 } }],
  },
  // Any model the operator's Ollama has pulled, billed like the local model (the operator's own GPU).
  { id: 'ollama/*', type: 'chat', routes: [{ provider: 'ollama', model: '$1', cost: { per_1m_input_tokens: 0.05, per_1m_output_tokens: 0.1 } }] },

  // image
  { id: 'atelier-image-v1', type: 'image', verified: true, default: true, routes: [local({ per_image: 0.002 })] },
  { id: 'gpt-image-1', type: 'image', verified: true, routes: [{ provider: 'openai', cost: { per_image: 0.04 } }] },
  { id: 'dall-e-3', type: 'image', verified: true, routes: [{ provider: 'openai', cost: { per_image: 0.04 } }] },
  { id: 'imagen-4', type: 'image', routes: [{ provider: 'google', model: 'imagen-4.0-generate-001', cost: { per_image: 0.04 } }] },
  {
    id: 'flux-schnell', type: 'image',
    routes: [{ provider: 'replicate', model: 'black-forest-labs/flux-schnell', cost: { per_image: 0.003 } }, { provider: 'fal', model: 'fal-ai/flux/schnell', cost: { per_image: 0.003 } }],
  },
  { id: 'comfyui/*', type: 'image', routes: [{ provider: 'comfyui', model: '$1', cost: { per_image: 0.002 } }] },

  // video
  { id: 'atelier-video-v1', type: 'video', verified: true, default: true, estimate: { seconds: 3 }, routes: [local({ per_second: 0.01 })] },
  { id: 'sora-2', type: 'video', estimate: { seconds: 8 }, routes: [{ provider: 'openai', cost: { per_second: 0.1 } }] },
  {
    id: 'veo-3', type: 'video', estimate: { seconds: 8 },
    routes: [
      { provider: 'google', model: 'veo-3.0-generate-001', cost: { per_second: 0.5 } },
      { provider: 'replicate', model: 'google/veo-3', cost: { per_second: 0.5 } },
      { provider: 'fal', model: 'fal-ai/veo3', cost: { per_second: 0.5 } },
    ],
  },
  scene('veo-3-fast', 0.15, 8, [
    { provider: 'google', model: 'veo-3.0-fast-generate-001', cost: { per_second: 0.15 } },
    { provider: 'replicate', model: 'google/veo-3-fast', cost: { per_second: 0.15 } },
    { provider: 'fal', model: 'fal-ai/veo3/fast', cost: { per_second: 0.15 } },
  ]),
  scene('seedance-1-pro', 0.03, 10, [
    { provider: 'replicate', model: 'bytedance/seedance-1-pro', cost: { per_second: 0.03 } },
    { provider: 'fal', model: 'fal-ai/bytedance/seedance/v1/pro/text-to-video', cost: { per_second: 0.03 } },
  ]),
  scene('seedance-1-lite', 0.018, 10, [
    { provider: 'replicate', model: 'bytedance/seedance-1-lite', cost: { per_second: 0.018 } },
    { provider: 'fal', model: 'fal-ai/bytedance/seedance/v1/lite/text-to-video', cost: { per_second: 0.018 } },
  ]),
  scene('wan-2.2', 0.025, 10, [
    { provider: 'replicate', model: 'wan-video/wan-2.2-t2v-fast', cost: { per_second: 0.025 } },
    { provider: 'fal', model: 'fal-ai/wan/v2.2-a14b/text-to-video', cost: { per_second: 0.025 } },
  ]),
  scene('kling-2.1', 0.056, 10, [
    { provider: 'replicate', model: 'kwaivgi/kling-v2.1', cost: { per_second: 0.056 } },
    { provider: 'fal', model: 'fal-ai/kling-video/v2.1/standard/text-to-video', cost: { per_second: 0.056 } },
  ]),
  {
    id: 'hailuo-02', type: 'video', estimate: { seconds: 6 },
    routes: [
      { provider: 'replicate', model: 'minimax/hailuo-02', cost: { per_second: 0.045 } },
      { provider: 'fal', model: 'fal-ai/minimax/hailuo-02/standard/text-to-video', cost: { per_second: 0.045 } },
    ],
  },
  scene('runway-gen4-turbo', 0.05, 10, []),
  scene('pixverse-v4.5', 0.04, 8, [{ provider: 'fal', model: 'fal-ai/pixverse/v4.5/text-to-video', cost: { per_second: 0.04 } }]),
  scene('ltx-video-13b', 0.012, 6, [{ provider: 'fal', model: 'fal-ai/ltx-video-13b-distilled', cost: { per_second: 0.012 } }]),
  { id: 'comfyui/*', type: 'video', estimate: { seconds: 5 }, routes: [{ provider: 'comfyui', model: '$1', cost: { per_second: 0.01 } }] },

  // speech
  { id: 'atelier-tts-v1', type: 'speech', verified: true, default: true, routes: [local({ per_1k_characters: 0.001 })] },
  { id: 'tts-1', type: 'speech', verified: true, routes: [{ provider: 'openai', cost: { per_1k_characters: 0.015 } }] },
  { id: 'tts-1-hd', type: 'speech', verified: true, routes: [{ provider: 'openai', cost: { per_1k_characters: 0.03 } }] },
  { id: 'gpt-4o-mini-tts', type: 'speech', routes: [{ provider: 'openai', cost: { per_1k_characters: 0.015 } }] },
  { id: 'eleven_multilingual_v2', type: 'speech', routes: [{ provider: 'elevenlabs', cost: { per_1k_characters: 0.3 } }] },

  // transcription (the local recogniser's route is served once the local adapter has it)
  { id: 'atelier-stt-v1', type: 'transcription', default: true, estimate: { minutes: 1 }, routes: [local({ per_minute: 0.001 })] },
  { id: 'whisper-1', type: 'transcription', verified: true, estimate: { minutes: 1 }, routes: [{ provider: 'openai', cost: { per_minute: 0.006 } }] },
  { id: 'gpt-4o-transcribe', type: 'transcription', verified: true, estimate: { minutes: 1 }, routes: [{ provider: 'openai', cost: { per_minute: 0.006 } }] },
  { id: 'scribe_v1', type: 'transcription', estimate: { minutes: 1 }, routes: [{ provider: 'elevenlabs', cost: { per_minute: 0.0067 } }] },

  // music
  { id: 'atelier-music-v1', type: 'music', default: true, estimate: { seconds: 30 }, routes: [local({ per_second: 0.0005 })] },
  { id: 'musicgen', type: 'music', estimate: { seconds: 30 }, routes: [{ provider: 'replicate', model: 'meta/musicgen', cost: { per_second: 0.002 } }] },
  { id: 'music_v1', type: 'music', estimate: { seconds: 30 }, routes: [{ provider: 'elevenlabs', cost: { per_second: 0.0134 } }] },

  // embeddings
  { id: 'atelier-hash-embed-v1', type: 'embeddings', verified: true, default: true, routes: [local({ per_1m_input_tokens: 0 })] },
  { id: 'text-embedding-3-small', type: 'embeddings', verified: true, routes: [{ provider: 'openai', cost: { per_1m_input_tokens: 0.02 } }] },
  { id: 'ollama/*', type: 'embeddings', routes: [{ provider: 'ollama', model: '$1', cost: { per_1m_input_tokens: 0 } }] },

  // background removal, upscaling, 3D
  { id: 'atelier-rembg-v1', type: 'remove-background', verified: true, default: true, routes: [local({ per_image: 0.001 })] },
  {
    id: 'birefnet', type: 'remove-background',
    routes: [{ provider: 'replicate', model: 'men1scus/birefnet', cost: { per_image: 0.002 } }, { provider: 'fal', model: 'fal-ai/birefnet/v2', cost: { per_image: 0.002 } }],
  },
  { id: 'atelier-upscale-v1', type: 'upscale', default: true, routes: [local({ per_image: 0.001 })] },
  {
    id: 'real-esrgan', type: 'upscale',
    routes: [{ provider: 'replicate', model: 'nightmareai/real-esrgan', cost: { per_image: 0.002 } }, { provider: 'fal', model: 'fal-ai/esrgan', cost: { per_image: 0.002 } }],
  },
  {
    id: 'clarity-upscaler', type: 'upscale',
    routes: [{ provider: 'replicate', model: 'philz1337x/clarity-upscaler', cost: { per_image: 0.03 } }, { provider: 'fal', model: 'fal-ai/clarity-upscaler', cost: { per_image: 0.03 } }],
  },
  // The image toolbox's offline tools (src/generation/providers/local/image-tools.ts): one model per tool.
  { id: 'atelier-background-replace-v1', type: 'image-tool', default: true, routes: [local({ per_image: 0.001 })] },
  { id: 'atelier-background-blur-v1', type: 'image-tool', routes: [local({ per_image: 0.001 })] },
  { id: 'atelier-shadow-v1', type: 'image-tool', routes: [local({ per_image: 0.0005 })] },
  { id: 'atelier-colorize-v1', type: 'image-tool', routes: [local({ per_image: 0.001 })] },
  { id: 'atelier-face-restore-v1', type: 'image-tool', routes: [local({ per_image: 0.001 })] },
  { id: 'atelier-depth-v1', type: 'image-tool', routes: [local({ per_image: 0.001 })] },
  { id: 'atelier-3d-v1', type: '3d', verified: true, default: true, routes: [local({ per_request: 0.02 })] },
  {
    id: 'trellis', type: '3d',
    routes: [{ provider: 'replicate', model: 'firtoz/trellis', cost: { per_request: 0.04 } }, { provider: 'fal', model: 'fal-ai/trellis', cost: { per_request: 0.02 } }],
  },
  {
    id: 'hunyuan3d-2', type: '3d',
    routes: [{ provider: 'replicate', model: 'tencent/hunyuan3d-2', cost: { per_request: 0.1 } }, { provider: 'fal', model: 'fal-ai/hunyuan3d/v2', cost: { per_request: 0.16 } }],
  },

  // OCR, translation
  { id: 'atelier-ocr-v1', type: 'ocr', verified: true, default: true, routes: [local({ per_image: 0.001 })] },
  { id: 'atelier-translate-v1', type: 'translate', verified: true, default: true, routes: [local({ per_1k_characters: 0.0005 })] },
];
