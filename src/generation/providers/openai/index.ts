// OpenAI: chat (tools, JSON mode, streaming), images (generate, edit), speech, transcription,
// embeddings and videos (a job), through the official `openai` SDK.
import type { AdapterFactory } from '../types';
import { OpenAiClients } from './api';
import { openaiChat } from './chat';
import { openaiEmbed } from './embed';
import { openaiImages } from './images';
import { openaiSpeech, openaiTranscription } from './speech';
import { openaiVideo } from './video';

export const openaiAdapter: AdapterFactory = {
  id: 'openai',
  serves: ['chat', 'image', 'speech', 'transcription', 'embed', 'video'],
  // A key, or a base URL of a self-hosted OpenAI-compatible server (which may need none).
  configured: (s) => Boolean(s.apiKey || s.baseUrl || s.extra.ATELIER_OPENAI_CHAT_BASE_URL || s.extra.ATELIER_OPENAI_IMAGE_BASE_URL || s.extra.ATELIER_OPENAI_SPEECH_BASE_URL || s.extra.ATELIER_OPENAI_EMBED_BASE_URL),
  create(settings) {
    const clients = new OpenAiClients(settings);
    return {
      id: 'openai',
      capabilities: {
        chat: openaiChat(clients),
        image: openaiImages(clients),
        speech: openaiSpeech(clients),
        transcription: openaiTranscription(clients),
        embed: openaiEmbed(clients),
        video: openaiVideo(clients),
      },
    };
  },
};
