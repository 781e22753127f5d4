// Google (Gemini API): Gemini chat through `@google/genai`. Imagen and Veo are not wired: this SDK
// release serves generateImages/generateVideos only on Vertex AI, which needs its own settings
// (project, location, credentials) — left for the Vertex adapter.
import type { AdapterFactory } from '../types';
import { googleClient } from './api';
import { googleChat } from './chat';

export const googleAdapter: AdapterFactory = {
  id: 'google',
  serves: ['chat'],
  configured: (s) => Boolean(s.apiKey),
  create: (settings) => ({ id: 'google', capabilities: { chat: googleChat(googleClient(settings)) } }),
};
