// The `voice` category: one folder per node type, each registered here as `voice/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { voiceListVoices } from './list-voices/index';
import { voicePreview } from './preview/index';
import { voiceSpeak } from './speak/index';

export const voiceNodes: Record<string, NodeDefinition[]> = {
  'voice/list-voices': [voiceListVoices],
  'voice/preview': [voicePreview],
  'voice/speak': [voiceSpeak],
};
