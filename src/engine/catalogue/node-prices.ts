// What the engine's paid nodes charge, read from the one price table (src/generation/prices.ts) —
// a view, not a table of its own. A node charges through `ctx.charge` before the provider is called
// (so a wallet that cannot cover it is refused with 402 and no work done); sandbox keys are never
// charged (the executor's `charge` is a no-op for them). A chat node that knows its prompt prices
// it by tokens (src/generation/operations.ts); this flat per-call figure is the table's published estimate
// for one request (1k prompt and 500 completion tokens).
import { DEFAULT_MODELS, findPrice, quote, type OperationType } from '../../generation/prices';

const TYPE_OF_NODE: Record<string, OperationType> = { 'ai.chat': 'chat', 'image.generate': 'image' };

/** One operation's published price for a node type; a model the table does not list pays the type's default model. */
export function nodePriceMicros(nodeType: string, model: string): number {
  const type = TYPE_OF_NODE[nodeType];
  if (!type) throw new Error(`no published price for ${nodeType}`);
  const price = findPrice(type, model) ?? findPrice(type, DEFAULT_MODELS[type])!;
  return quote(price, 1).amountMicros;
}

/** The default model's figure per node type (what a node that names no listed model pays). */
export const NODE_PRICES_MICROS: Record<string, Record<string, number>> = Object.fromEntries(
  Object.keys(TYPE_OF_NODE).map((nodeType) => [nodeType, { default: nodePriceMicros(nodeType, '') }]),
);
