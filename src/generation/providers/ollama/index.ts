// Ollama: chat and embeddings on the operator's own server (configured by its base URL alone).
import type { AdapterFactory } from '../types';
import { ollamaChat } from './chat';
import { ollamaEmbed } from './embed';

export const ollamaAdapter: AdapterFactory = {
  id: 'ollama',
  serves: ['chat', 'embed'],
  configured: (s) => Boolean(s.baseUrl),
  create: (settings) => ({ id: 'ollama', capabilities: { chat: ollamaChat(settings), embed: ollamaEmbed(settings) } }),
};
