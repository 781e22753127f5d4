// The catalogue's shape: operation types, the schema a catalogue entry (shipped or an operator's)
// must satisfy, and the types read from it. Apart from catalogue.ts so that the shipped table
// (catalogue.default.ts) is typed by it without the two importing each other.
import { z } from 'zod';
import { PROVIDER_IDS, type Capability } from './types';

/** Operation types: what a price row and a ledger line are about. */
export const OPERATION_TYPES = [
  'image', 'video', 'chat', 'speech', 'transcription', 'music', 'embeddings', 'remove-background', 'upscale', 'ocr', '3d', 'translate', 'image-tool',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export const CAPABILITY_OF: Record<OperationType, Capability> = {
  image: 'image', video: 'video', chat: 'chat', speech: 'speech', transcription: 'transcription', music: 'music', embeddings: 'embed',
  'remove-background': 'removeBackground', upscale: 'upscale', ocr: 'ocr', '3d': 'model3d', translate: 'translate', 'image-tool': 'imageTool',
};

const rate = z.number().nonnegative().finite();
const costSchema = z.object({
  per_1m_input_tokens: rate.optional(),
  per_1m_output_tokens: rate.optional(),
  per_image: rate.optional(),
  per_second: rate.optional(),
  per_1k_characters: rate.optional(),
  per_minute: rate.optional(),
  per_request: rate.optional(),
}).strict();

const routeSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  /** Upstream model id; `$1` stands for the `*` of a pattern id (`ollama/*`). Defaults to the public id. */
  model: z.string().min(1).optional(),
  params: z.record(z.string(), z.unknown()).default({}),
  cost: costSchema.default({}),
}).strict();

const estimateSchema = z.object({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  images: z.number().int().positive().optional(),
  seconds: z.number().positive().optional(),
  characters: z.number().int().positive().optional(),
  minutes: z.number().positive().optional(),
}).strict();

export const entrySchema = z.object({
  /** Public model id, or a pattern ending in `/*` (`ollama/*` serves `ollama/<any model>`). */
  id: z.string().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*(\/\*)?$/, 'letters, digits, . _ : / - (a pattern ends in /*)'),
  type: z.enum(OPERATION_TYPES),
  /** Our margin over the first route's cost (default 0.3). */
  margin: z.number().min(0).max(10).optional(),
  /** Whether the rates were checked against the provider's published price list. */
  verified: z.boolean().default(false),
  /** The model the type uses when a request names none. */
  default: z.boolean().optional(),
  /** What one estimated operation uses (a quote before the real quantity is known). */
  estimate: estimateSchema.default({}),
  /** Remove a shipped entry (an operator file only). */
  disabled: z.boolean().optional(),
  routes: z.array(routeSchema).max(20).default([]),
}).strict();

/** A file is a list of entries, or `{replace?, models}` (replace: drop the shipped catalogue). */
export const listSchema = z.array(entrySchema);
export const objectSchema = z.object({ replace: z.boolean().default(false), models: z.array(entrySchema) }).strict();

export type CatalogueEntryInput = z.input<typeof entrySchema>;
export type CatalogueFile = z.input<typeof objectSchema> | CatalogueEntryInput[];
export type CatalogueEntry = z.output<typeof entrySchema>;
