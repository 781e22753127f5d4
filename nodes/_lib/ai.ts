// The AI nodes' one way to a model: the provider layer on `ctx.providers`, charged first
// through `ctx.charge` at the one price table's price (src/generation/operations.ts; a wallet that
// cannot cover it is refused before any provider is called). This file is the only place the
// media/AI nodes price anything.
import { z } from 'zod';
import { chatQuantities, countPromptTokens, type NodeContext, NodeError, operation, operationCostMicros, type NodeProviders, type OperationType, UnsupportedModelError } from '../../src/engine/node-sdk';

export const modelParam = () =>
  z.string().min(1).default('atelier-local').describe('Chat model served by the provider layer: `atelier-local` (offline, deterministic) or a configured OpenAI-compatible model such as `gpt-4o-mini`.');

export type { NodeProviders };

export function providersOf(ctx: NodeContext): NodeProviders {
  return ctx.providers ?? {};
}

/** Completions of the text nodes are held to this many tokens, and charged for them up front. */
export const TASK_MAX_TOKENS = 1024;

/**
 * The price of one operation of `type` (chat, image, speech, ocr, video…) on `model` for
 * `quantities` of its legs; a model the table does not list is a bad param, not a retry.
 */
export function operationPriceMicros(type: OperationType, model: string | undefined, quantities: Record<string, number> = {}): number {
  try {
    return operationCostMicros(operation(type, model, quantities));
  } catch (err) {
    if (err instanceof UnsupportedModelError) throw new NodeError(err.message, { type: 'invalid_params' });
    throw err;
  }
}

/** A chat call's price: its counted prompt tokens and `maxTokens` of completion (as ai.chat charges). */
export function chatPriceMicros(model: string, messages: { role: string; content: string }[], maxTokens = TASK_MAX_TOKENS): number {
  return operationPriceMicros('chat', model, chatQuantities(countPromptTokens(messages), maxTokens));
}

export interface ChatAnswer {
  text: string;
  model: string;
  usage: { prompt_tokens: number; completion_tokens: number };
}

/** One charged chat call. `operation` names the node for the ledger (`ai.classify:atelier-local`). */
export async function chatCall(
  ctx: NodeContext,
  operation: string,
  req: { model: string; system?: string; prompt: string; temperature?: number; maxTokens?: number },
): Promise<ChatAnswer> {
  const providers = providersOf(ctx);
  if (typeof providers.chat !== 'function') throw new NodeError('No chat provider is configured', { type: 'provider_unavailable' });
  const messages = [...(req.system ? [{ role: 'system', content: req.system }] : []), { role: 'user', content: req.prompt }];
  const maxTokens = req.maxTokens ?? TASK_MAX_TOKENS;
  await ctx.charge(chatPriceMicros(req.model, messages, maxTokens), `${operation}:${req.model}`);
  try {
    const r = await providers.chat({ model: req.model, messages, temperature: req.temperature ?? 0.2, maxTokens, signal: ctx.signal });
    return { text: r.text, model: r.model ?? req.model, usage: r.usage };
  } catch (err) {
    throw providerError('chat', err);
  }
}

/** Provider failures: 4xx-style refusals are final, the rest may be retried by the engine. */
export function providerError(capability: string, err: unknown): NodeError {
  const status = (err as { status?: number }).status;
  const message = err instanceof Error ? err.message : String(err);
  return new NodeError(`${capability} provider failed: ${message}`, { type: 'provider_failed', retryable: status === undefined || status >= 500, cause: err });
}

/** The first JSON object or array in a model's answer (code fences allowed), or undefined. */
export function jsonFromAnswer(text: string): unknown {
  const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/)?.[1] ?? text;
  for (const open of ['{', '[']) {
    const start = fenced.indexOf(open);
    const end = fenced.lastIndexOf(open === '{' ? '}' : ']');
    if (start < 0 || end <= start) continue;
    try {
      return JSON.parse(fenced.slice(start, end + 1));
    } catch {
      /* try the other bracket */
    }
  }
  return undefined;
}

/**
 * Asks the model for JSON matching `schema`; when the answer does not parse or validate (the
 * offline model does not follow task instructions), `fallback()` computes the result locally and
 * the output says `method: 'local'`, with a warning in the node logs.
 */
export async function structuredTask<T>(
  ctx: NodeContext,
  operation: string,
  req: { model: string; system: string; prompt: string; temperature?: number },
  schema: z.ZodType<T>,
  fallback: () => T,
): Promise<{ result: T; method: 'model' | 'local'; model: string; usage: ChatAnswer['usage'] }> {
  const answer = await chatCall(ctx, operation, { ...req, system: `${req.system}\nAnswer with JSON only, no prose.` });
  const parsed = schema.safeParse(jsonFromAnswer(answer.text));
  if (parsed.success) return { result: parsed.data, method: 'model', model: answer.model, usage: answer.usage };
  ctx.log('warn', `${answer.model} did not answer with the JSON this node needs; the result comes from the local method`);
  return { result: fallback(), method: 'local', model: answer.model, usage: answer.usage };
}

/**
 * Asks the model for free text; `acceptable` decides whether the answer does the job (e.g. a
 * translation that differs from its source), else `fallback()` is used and logged.
 */
export async function textTask(
  ctx: NodeContext,
  operation: string,
  req: { model: string; system: string; prompt: string; temperature?: number; maxTokens?: number },
  acceptable: (text: string) => boolean,
  fallback: () => string,
): Promise<{ text: string; method: 'model' | 'local'; model: string; usage: ChatAnswer['usage'] }> {
  const answer = await chatCall(ctx, operation, req);
  const text = answer.text.trim();
  if (text && acceptable(text)) return { text, method: 'model', model: answer.model, usage: answer.usage };
  ctx.log('warn', `${answer.model}'s answer did not do this task; the result comes from the local method`);
  return { text: fallback(), method: 'local', model: answer.model, usage: answer.usage };
}

/** Speech through the provider layer, charged per 1,000 characters at the published speech price. */
export async function speechCall(ctx: NodeContext, operation: string, req: { model: string; input: string; voice: string }): Promise<Buffer> {
  const providers = providersOf(ctx);
  if (typeof providers.speech !== 'function') throw new NodeError('No speech provider is configured', { type: 'provider_unavailable' });
  await ctx.charge(operationPriceMicros('speech', req.model, { characters: req.input.length / 1000 }), `${operation}:${req.model}`);
  try {
    return (await providers.speech({ model: req.model, input: req.input, voice: req.voice, signal: ctx.signal })).data;
  } catch (err) {
    throw providerError('speech', err);
  }
}
