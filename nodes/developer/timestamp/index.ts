import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  value: z.union([z.string().max(100), z.number()]).optional().describe('A timestamp to convert: ISO 8601 text, Unix seconds (≤ 10^11) or milliseconds; defaults to now.'),
});

export const developerTimestamp: NodeDefinition<typeof params> = {
  type: 'developer.timestamp',
  version: 1,
  category: 'developer',
  subcategory: 'time',
  name: 'Timestamp',
  description: 'The current time (or a given timestamp) in every machine form: `main` = {iso, unix, unix_ms, rfc2822, date}. Numbers up to 10^11 are read as seconds, larger ones as milliseconds.',
  tags: ['time', 'timestamp', 'unix', 'epoch'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{iso, unix, unix_ms, rfc2822, date}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    let ms: number;
    if (p.value === undefined) ms = Date.now();
    else if (typeof p.value === 'number' || /^-?\d+(\.\d+)?$/.test(p.value.trim())) {
      const n = Number(p.value);
      ms = Math.abs(n) <= 1e11 ? Math.round(n * 1000) : Math.round(n);
    } else ms = Date.parse(p.value);
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) throw new NodeError(`not a timestamp: ${JSON.stringify(p.value)}`, { type: 'invalid_input' });
    const d = new Date(ms);
    return { output: { main: { iso: d.toISOString(), unix: Math.floor(ms / 1000), unix_ms: ms, rfc2822: d.toUTCString(), date: d.toISOString().slice(0, 10) } } };
  },
};
