// Anthropic: chat with tools (and streaming) through `@anthropic-ai/sdk`.
import type { AdapterFactory } from '../types';
import { anthropicClient } from './api';
import { anthropicChat } from './chat';

export const anthropicAdapter: AdapterFactory = {
  id: 'anthropic',
  serves: ['chat'],
  configured: (s) => Boolean(s.apiKey),
  create: (settings) => ({ id: 'anthropic', capabilities: { chat: anthropicChat(anthropicClient(settings)) } }),
};
