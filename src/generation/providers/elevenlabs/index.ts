// ElevenLabs: speech, speech-to-text and music, each one call through @elevenlabs/elevenlabs-js.
import type { AdapterFactory } from '../types';
import { elevenMusic } from './music';
import { elevenSpeech } from './speech';
import { elevenTranscription } from './transcription';

export const elevenlabsAdapter: AdapterFactory = {
  id: 'elevenlabs',
  serves: ['speech', 'transcription', 'music'],
  configured: (s) => Boolean(s.apiKey),
  create: (settings) => ({
    id: 'elevenlabs',
    capabilities: {
      speech: elevenSpeech(settings),
      transcription: elevenTranscription(settings),
      music: elevenMusic(settings),
    },
  }),
};
