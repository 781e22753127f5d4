// One operation (an image, a chat completion, seconds of video…) priced from the one price table
// and charged through whoever pays for it: the wallet for the platform's generation routes
// (pipeline.ts), the run's node charge for engine nodes (`ctx.charge`), credits for Story Studio.
// The payer differs; the amount never does.
import { countTokens } from './providers/local/chat';
import { DEFAULT_MODELS, findPrice, modelsFor, quote, type ModelPrice, type OperationType } from './prices';
import { CAPABILITY_OF } from './providers/catalogue';
import type { Providers } from './providers/types';

export { CAPABILITY_OF } from './providers/catalogue';

/** `<action>` part of an operation's ledger name and of the 402 body's `operation` (`<action>:<model>`). */
export const ACTION_OF: Record<OperationType, string> = {
  image: 'generate_image', video: 'generate_video', chat: 'chat_completion', speech: 'text_to_speech',
  'remove-background': 'remove_background', ocr: 'vision_ocr', '3d': 'generate_3d', translate: 'text_translate',
  transcription: 'audio_transcription', music: 'generate_music', embeddings: 'embeddings', upscale: 'upscale_image', 'image-tool': 'image_tool',
};

export class UnsupportedModelError extends Error {
  constructor(readonly type: OperationType, readonly model: string) {
    super(`Unsupported model '${model}' for ${type}. Supported models: ${modelsFor(type).join(', ')}`);
    this.name = 'UnsupportedModelError';
  }
}

export interface Operation {
  type: OperationType;
  model: string;
  price: ModelPrice;
  /** Real quantities per price leg where known (e.g. seconds, 1k tokens); else the leg's estimate. */
  quantities: Record<string, number>;
}

/** The operation of `type` on `model` (the type's default when none), or UnsupportedModelError. */
export function operation(type: OperationType, model: string | undefined, quantities: Record<string, number> = {}): Operation {
  const id = model ?? DEFAULT_MODELS[type];
  const price = findPrice(type, id);
  if (!price) throw new UnsupportedModelError(type, id);
  return { type, model: id, price, quantities };
}

/** What the operation costs, in micro-USD. */
export const operationCostMicros = (op: Operation): number => quote(op.price, 1, op.quantities).amountMicros;

/** `generate_image:atelier-image-v1`. */
export const operationName = (op: Pick<Operation, 'type' | 'model'>): string => `${ACTION_OF[op.type]}:${op.model}`;

/** A chat prompt's tokens, counted the way the local model counts them. */
export const countPromptTokens = (messages: Array<{ role: string; content: string }>): number =>
  countTokens(messages.map((m) => `${m.role}: ${m.content}`).join('\n'));

/** Chat legs are priced per 1k tokens. */
export const chatQuantities = (promptTokens: number, completionTokens: number) => ({ input: promptTokens / 1000, output: completionTokens / 1000 });

/**
 * Whoever pays for an operation: the wallet (the platform's routes), a run's node (`ctx.charge`,
 * which also applies the run's usd_cap), or Story Studio's credits. Refusing (402) throws.
 */
export interface Payer {
  charge(amountMicros: number, operation: string): Promise<void>;
}

/** Charges `op` at its one price through `payer`; returns the amount charged. */
export async function chargeOperation(payer: Payer, op: Operation, label = operationName(op)): Promise<number> {
  const micros = operationCostMicros(op);
  await payer.charge(micros, label);
  return micros;
}

/**
 * The model to ask for when the caller names none: the platform default when the local provider
 * serves the capability, else the first listed model of the serving provider (an HTTP provider
 * does not know `atelier-image-v1`).
 */
export function servedModel(providers: Pick<Providers, 'serving'>, type: OperationType): string {
  const kind = providers.serving[CAPABILITY_OF[type]];
  if (kind === 'local' || kind === 'none') return DEFAULT_MODELS[type];
  return modelsFor(type).find((m) => findPrice(type, m)?.provider === kind) ?? DEFAULT_MODELS[type];
}
