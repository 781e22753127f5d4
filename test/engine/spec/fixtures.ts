// Small spec builders shared by the engine-spec tests.
export interface N { id: string; type: string; params?: Record<string, unknown>; [k: string]: unknown }

export const node = (id: string, type: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  ({ id, type, position: [0, 0], params, ...extra });

export const edge = (id: string, source: string, target: string, extra: Record<string, unknown> = {}) => ({ id, source, target, ...extra });

/** trigger → if → (true: set_yes, false: set_no) → merge: a valid spec to mutate. */
export function validSpec(): Record<string, any> {
  return {
    trigger: { type: 'manual', config: {} },
    variables: { greeting: 'hello', threshold: 3 },
    nodes: [
      node('start', 'trigger.manual'),
      node('check', 'logic.if', { left: '{{start.output.main.n}}', operator: 'gt', right: '{{variables.threshold}}' }),
      node('yes', 'io.set', { values: { text: '{{variables.greeting}} big {{start.output.main.n}}' } }),
      node('no', 'io.set', { values: { text: 'small' } }),
      node('join', 'logic.merge', { mode: 'any' }),
    ],
    edges: [
      edge('e1', 'start', 'check'),
      edge('e2', 'check', 'yes', { source_port: 'true' }),
      edge('e3', 'check', 'no', { source_port: 'false' }),
      edge('e4', 'yes', 'join'),
      edge('e5', 'no', 'join'),
    ],
  };
}

/**
 * A layered DAG of `n` nodes: `width` io.set nodes per layer, each fed by two nodes of the layer
 * above and referencing one of them in a template.
 */
export function bigSpec(n: number, width = 50): Record<string, any> {
  const nodes: Record<string, unknown>[] = [node('n0', 'trigger.manual')];
  const edges: Record<string, unknown>[] = [];
  for (let i = 1; i < n; i++) {
    const layer = Math.floor((i - 1) / width);
    const col = (i - 1) % width;
    const parents = layer === 0 ? [0] : [1 + (layer - 1) * width + col, 1 + (layer - 1) * width + ((col + 1) % width)];
    const unique = [...new Set(parents)].filter((p) => p < i);
    nodes.push(node(`n${i}`, 'io.set', { values: { from: `{{n${unique[0]}.output.main}}`, i } }));
    for (const p of unique) edges.push(edge(`e${p}_${i}`, `n${p}`, `n${i}`));
  }
  return { trigger: { type: 'manual' }, nodes, edges };
}
