// What the generation operations answer. Every billed answer carries the job id, whether it ran in
// the sandbox, and the billing block (what it cost and the balance after); an operation that makes
// a file says where the file went (`output`) and gives a signed URL to it.
import { z } from 'zod';
import { isoTime, listOf, usd } from '../infra/http/views';
import { BillingBlockView } from '../platform/billing/views';
import { OutputLocationView } from '../platform/routing/output';

const billed = {
  id: z.string(),
  job_id: z.string(),
  created: z.number().int().describe('Unix seconds'),
  model: z.string(),
  sandbox: z.boolean(),
  billing: BillingBlockView,
};
/** A file the operation made: a signed URL and where it was stored. */
const file = { url: z.string(), output: OutputLocationView };

export const ImageGenerationView = z.object({
  ...billed,
  ...file,
  object: z.literal('image.generation'),
  status: z.literal('completed'),
  data: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), mime_type: z.literal('image/png') })),
});

export const ChatCompletionView = z.object({
  ...billed,
  id: z.string().describe('chatcmpl-…'),
  object: z.literal('chat.completion'),
  choices: z.array(z.object({ index: z.number().int(), message: z.object({ role: z.literal('assistant'), content: z.string() }), finish_reason: z.literal('stop') })),
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() }),
});

export const SpeechView = z.object({
  ...billed,
  ...file,
  object: z.literal('audio.speech'),
  status: z.literal('completed'),
  voice: z.string(),
  mime_type: z.string().describe('audio/wav from the local voices; a provider\'s own type, or the asked response_format'),
  characters: z.number().int(),
});

export const ImageEditView = z.object({
  ...billed,
  ...file,
  object: z.literal('image.edit'),
  status: z.literal('completed'),
  width: z.number().int(),
  height: z.number().int(),
  mime_type: z.literal('image/png'),
});

export const OcrView = z.object({ ...billed, object: z.literal('vision.ocr'), text: z.string() });

export const TranslationView = z.object({
  ...billed,
  object: z.literal('text.translation'),
  text: z.string(),
  translated_text: z.string().describe('The same text as `text`'),
  source: z.string().describe('The source language, given or detected'),
  target: z.string(),
});

/** A long operation (video, 3D) accepted: poll `poll_url` until the job completes. */
export const JobAcceptedView = z.object({
  id: z.string(),
  job_id: z.string(),
  object: z.literal('job'),
  type: z.string(),
  model: z.string(),
  status: z.literal('processing'),
  url: z.null(),
  poll_url: z.string(),
  poll_interval_seconds: z.number().int(),
  sandbox: z.boolean(),
  billing: BillingBlockView,
});

export const JobView = z.object({
  id: z.string(),
  job_id: z.string(),
  object: z.literal('job'),
  type: z.string(),
  model: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  url: z.string().nullable().describe('completed: a signed URL to the result (or the delivered object)'),
  output: z.record(z.string(), z.unknown()).nullable().describe('completed: where the result went (source, kind, path, …; empty for an operation without a file)'),
  result: z.record(z.string(), z.unknown()).nullable().describe('completed: what the operation returned besides its file'),
  error: z.string().nullable().describe('failed: why (the charge was refunded)'),
  sandbox: z.boolean(),
  created_at: isoTime,
  completed_at: isoTime.nullable(),
  billing: z.object({ method: z.literal('wallet'), usd_charged: usd }),
});

export const ChatModelsView = z.object({ object: z.literal('list'), chat: z.array(z.string()).describe('The chat models /v1/ai/chat/completions accepts') });

export const TranslateLanguagesView = listOf(z.object({ code: z.string(), name: z.string() }));

const billingExtras = { job_id: z.string(), model: z.string(), sandbox: z.boolean(), billing: BillingBlockView };

/** POST /v1/ai/audio/transcriptions, json and verbose_json (text, srt and vtt answer plain text). */
export const TranscriptionView = z.object({
  ...billingExtras,
  text: z.string(),
  task: z.literal('transcribe').optional(),
  language: z.string().optional().describe('verbose_json: the language name (e.g. "english")'),
  duration: z.number().optional().describe('verbose_json: seconds of audio'),
  segments: z.array(z.object({
    id: z.number().int(), seek: z.number().int(), start: z.number(), end: z.number(), text: z.string(), tokens: z.array(z.number().int()),
    temperature: z.number(), avg_logprob: z.number(), compression_ratio: z.number(), no_speech_prob: z.number(),
  })).optional().describe('verbose_json: timed segments'),
  usage: z.object({ type: z.literal('duration'), seconds: z.number().int() }),
});

export const EmbeddingsView = z.object({
  ...billingExtras,
  object: z.literal('list'),
  data: z.array(z.object({ object: z.literal('embedding'), index: z.number().int(), embedding: z.union([z.array(z.number()), z.string().describe('base64 of little-endian float32')]) })),
  usage: z.object({ prompt_tokens: z.number().int(), total_tokens: z.number().int() }),
});

export const OpenAiImagesView = z.object({
  ...billingExtras,
  created: z.number().int(),
  data: z.array(z.object({ url: z.string().optional(), b64_json: z.string().optional(), revised_prompt: z.string().optional() })),
  output: OutputLocationView,
});
