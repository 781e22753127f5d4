import { z } from 'zod';
import { detectLanguage, type NodeDefinition } from '../../../src/engine/node-sdk';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(100_000).optional().describe('Text whose language to detect; when omitted, the text arriving on the input.'),
});

/** Language identification by function-word frequencies (en, es, fr, de, it, pt, nl); free. */
export const aiDetectLanguage: NodeDefinition<typeof params> = {
  type: 'ai.detect_language',
  version: 1,
  category: 'ai',
  subcategory: 'text',
  name: 'Detect language',
  description: 'Identifies the language of text among en, es, fr, de, it, pt and nl by counting each language\'s function words; `und` when none is found. Runs locally, free.',
  tags: ['ai', 'text', 'language', 'i18n'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{language, confidence, scores}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    return { output: { main: detectLanguage(pickText(p.text, inputs)) } };
  },
};
