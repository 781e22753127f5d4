// Provider id -> adapter factory. Adding a provider is a new folder under providers/<id>/ (api.ts
// for its base URL and client, one file per capability, index.ts exporting its AdapterFactory)
// plus one line here; shared code never asks `provider === …`.
import { anthropicAdapter } from './anthropic/index';
import { googleAdapter } from './google/index';
import { localAdapter } from './local/adapter';
import { ollamaAdapter } from './ollama/index';
import { openaiAdapter } from './openai/index';
import { replicateAdapter } from './replicate/index';
import { falAdapter } from './fal/index';
import { elevenlabsAdapter } from './elevenlabs/index';
import { comfyuiAdapter } from './comfyui/index';
import type { AdapterFactory, ProviderId } from './types';

export const ADAPTERS: Partial<Record<ProviderId, AdapterFactory>> = {
  local: localAdapter,
  openai: openaiAdapter,
  anthropic: anthropicAdapter,
  google: googleAdapter,
  ollama: ollamaAdapter,
  replicate: replicateAdapter,
  fal: falAdapter,
  elevenlabs: elevenlabsAdapter,
  comfyui: comfyuiAdapter,
};
