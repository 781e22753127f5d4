// The node the engine benches run: it does nothing, as a real activity, so what a run costs is the
// engine's own work around it. `pad` lets a bench grow each node's params (its activity input).
import { z } from 'zod';
import type { NodeDefinition } from '../../src/engine/contract/types';

const noopParams = z.object({ pad: z.string().optional() });

export const benchNoop: NodeDefinition<typeof noopParams> = {
  type: 'bench.noop', version: 1, category: 'developer', name: 'No-op (bench)', description: 'Does nothing.',
  params: noopParams, inputs: [{ name: 'main' }], outputs: [{ name: 'main' }], execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute() {
    return { output: { main: {} } };
  },
};
