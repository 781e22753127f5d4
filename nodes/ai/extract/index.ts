import { Ajv } from 'ajv';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(200_000).optional().describe('Text to extract from; when omitted, the text arriving on the input.'),
  schema: z.record(z.string(), z.unknown()).describe('JSON Schema (type object with properties) the extracted data must match; property descriptions guide the model.'),
  instructions: z.string().max(4000).default('').describe('Extra guidance for the model (what to prefer, formats).'),
  model: modelParam(),
});

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; format?: string; description?: string; enum?: unknown[] };

// Patterns the local method uses for typed fields.
const PATTERNS: Record<string, RegExp> = {
  email: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
  uri: /https?:\/\/[^\s<>"']+/,
  date: /\b\d{4}-\d{2}-\d{2}\b/,
  phone: /\+?\d[\d\s().-]{6,}\d/,
  number: /-?\d+(?:[.,]\d+)?/,
};

/** Reads `name: value` / `name is value` lines and typed patterns for each property. */
function localExtract(text: string, schema: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
    const label = name.replace(/[_-]+/g, '[ _-]?');
    const labelled = text.match(new RegExp(`\\b${label}\\b\\s*(?::|=|is|are|-)\\s*([^\\n;]+)`, 'i'))?.[1]?.trim().replace(/[.,]$/, '');
    let value: unknown;
    if (prop.enum) value = prop.enum.find((e) => new RegExp(`\\b${String(e).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(labelled ?? text));
    else if (type === 'number' || type === 'integer') {
      const m = (labelled ?? (name.match(/price|amount|total|cost|count|age|year|qty|quantity/i) ? text : '')).match(PATTERNS.number!);
      if (m) value = type === 'integer' ? Math.round(Number(m[0].replace(',', '.'))) : Number(m[0].replace(',', '.'));
    } else if (type === 'boolean') {
      if (labelled) value = /^(yes|true|y|1)\b/i.test(labelled);
    } else if (type === 'array') {
      if (labelled) value = labelled.split(/\s*(?:,|;| and )\s*/).filter(Boolean);
    } else if (type === 'string' || type === undefined) {
      const fmt = prop.format === 'email' || /e-?mail/i.test(name) ? 'email' : prop.format === 'uri' || /url|link|website/i.test(name) ? 'uri' : prop.format === 'date' || /date/i.test(name) ? 'date' : /phone|tel/i.test(name) ? 'phone' : undefined;
      value = fmt ? (labelled ?? text).match(PATTERNS[fmt]!)?.[0] ?? text.match(PATTERNS[fmt]!)?.[0] : labelled;
    }
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Structured data from free text, validated against a JSON Schema. */
export const aiExtract: NodeDefinition<typeof params> = {
  type: 'ai.extract',
  version: 1,
  category: 'ai',
  subcategory: 'text',
  name: 'Extract structured data',
  description: 'Extracts data matching a JSON Schema from text. Asks the chat model for JSON (charged one chat call) and validates it with Ajv; when the answer does not validate, a local extractor reads "field: value" lines and typed patterns (email, URL, date, phone, numbers, enums) — `method` says which. `main` = {data, valid, errors}.',
  tags: ['ai', 'text', 'extraction', 'json', 'structured-output'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{data, valid, errors, method, model}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
    let validate;
    try {
      validate = ajv.compile(p.schema);
    } catch (err) {
      throw new NodeError(`schema is not a valid JSON Schema: ${(err as Error).message}`, { type: 'invalid_params' });
    }
    const Valid = z.custom<Record<string, unknown>>((v) => validate(v) === true);
    const r = await structuredTask(
      ctx,
      'ai.extract',
      { model: p.model, system: `Extract data from the text as JSON matching this JSON Schema:\n${JSON.stringify(p.schema)}\n${p.instructions}`, prompt: text, temperature: 0 },
      Valid,
      () => localExtract(text, p.schema as Schema),
    );
    const valid = validate(r.result) === true;
    const errors = valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
    return { output: { main: { data: r.result, valid, errors, method: r.method, model: r.model } } };
  },
};
