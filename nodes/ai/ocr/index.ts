import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { operationPriceMicros, providerError, providersOf } from '../../_lib/ai';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import { loadImage } from '../../_lib/render';

const params = z.object({
  image: fileInput('Image to read text from'),
  model: z.string().min(1).default('atelier-ocr-v1').describe('OCR model; `atelier-ocr-v1` is tesseract (English).'),
});

/** Text in an image through the OCR provider (tesseract offline), charged per image. */
export const aiOcr: NodeDefinition<typeof params> = {
  type: 'ai.ocr',
  version: 1,
  category: 'ai',
  subcategory: 'vision',
  name: 'OCR',
  description: 'Reads the text in an image through the OCR provider (tesseract, English, offline), charged per image at the published OCR price. `main` = {text, lines, word_count, model}.',
  tags: ['ai', 'vision', 'ocr', 'image', 'text'],
  params,
  inputs: [{ name: 'main', description: 'An image file reference' }],
  outputs: [{ name: 'main', description: '{text, lines, word_count, model}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const providers = providersOf(ctx);
    if (typeof providers.ocr !== 'function') throw new NodeError('No OCR provider is configured', { type: 'provider_unavailable' });
    return withWorkspace(ctx, async (ws) => {
      const path = await ws.input(pickFile(p.image, inputs, 'image'), 'image');
      await loadImage(path);
      await ctx.charge(operationPriceMicros('ocr', p.model), `ai.ocr:${p.model}`);
      let text: string;
      try {
        text = (await providers.ocr!({ image: await readFile(path), signal: ctx.signal })).text;
      } catch (err) {
        throw providerError('ocr', err);
      }
      const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
      return { output: { main: { text, lines, word_count: text.split(/\s+/).filter(Boolean).length, model: p.model } } };
    });
  },
};
