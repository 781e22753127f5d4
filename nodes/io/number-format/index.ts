import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  value: z.union([z.number(), z.string().max(100)]).describe('The number (or numeric string) to format.'),
  style: z.enum(['decimal', 'currency', 'percent', 'unit', 'compact']).default('decimal').describe('decimal, currency (needs `currency`), percent (0.25 → 25%), unit (needs `unit`) or compact (1.2K).'),
  locale: z.string().max(35).default('en-US').describe('BCP 47 locale (`de-DE` writes 1.234,5).'),
  currency: z.string().regex(/^[A-Za-z]{3}$/).optional().describe('ISO 4217 code for the currency style (`EUR`).'),
  unit: z.string().max(50).optional().describe('Unit for the unit style (`kilometer`, `second`, `megabyte`…).'),
  min_decimals: z.number().int().min(0).max(20).optional().describe('Minimum fraction digits.'),
  max_decimals: z.number().int().min(0).max(20).optional().describe('Maximum fraction digits.'),
});

export const ioNumberFormat: NodeDefinition<typeof params> = {
  type: 'io.number_format',
  version: 1,
  category: 'io',
  subcategory: 'numbers',
  name: 'Format number',
  description: 'Formats a number for people with Intl.NumberFormat: grouping, decimals, currency, percent, units and compact notation in any locale; `main` = {text}.',
  tags: ['number', 'format', 'currency', 'locale'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const n = typeof p.value === 'number' ? p.value : Number(p.value);
    if (!Number.isFinite(n)) throw new NodeError(`value is not a number: ${JSON.stringify(p.value)}`, { type: 'invalid_input' });
    const opts: Intl.NumberFormatOptions = { minimumFractionDigits: p.min_decimals, maximumFractionDigits: p.max_decimals };
    if (p.style === 'compact') Object.assign(opts, { notation: 'compact' });
    else Object.assign(opts, { style: p.style });
    if (p.style === 'currency') {
      if (!p.currency) throw new NodeError('the currency style needs `currency`', { type: 'invalid_params' });
      opts.currency = p.currency.toUpperCase();
    }
    if (p.style === 'unit') {
      if (!p.unit) throw new NodeError('the unit style needs `unit`', { type: 'invalid_params' });
      opts.unit = p.unit;
    }
    if (opts.minimumFractionDigits !== undefined && opts.maximumFractionDigits !== undefined && opts.minimumFractionDigits > opts.maximumFractionDigits) {
      throw new NodeError('min_decimals is larger than max_decimals', { type: 'invalid_params' });
    }
    try {
      return { output: { main: { text: new Intl.NumberFormat(p.locale, opts).format(n) } } };
    } catch (err) {
      throw new NodeError(`cannot format: ${(err as Error).message}`, { type: 'invalid_params' });
    }
  },
};
