// Published prices of the engine's paid nodes, in micro-USD, charged through `ctx.charge` before
// the provider is called (so a wallet that cannot cover it is refused with 402 and no work done).
// A model not listed pays its node type's `default`. Sandbox keys are never charged (the executor's
// `charge` is a no-op for them).

export const NODE_PRICES_MICROS: Record<string, Record<string, number>> = {
  /** Per call, whatever the length: $0.002. */
  'ai.chat': { default: 2_000 },
  /** Per image: $0.02. */
  'image.generate': { default: 20_000 },
};

export function nodePriceMicros(nodeType: string, model: string): number {
  const table = NODE_PRICES_MICROS[nodeType];
  if (!table) throw new Error(`no published price for ${nodeType}`);
  return table[model] ?? table.default!;
}
