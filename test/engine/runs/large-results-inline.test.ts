// The claim check's effect on a run's Temporal history, measured: the same ~0.9 MB result moved to
// two nodes, once with the largest inline threshold allowed (1 MiB: it travels inline, as every
// result did before the claim check) and once with the default 128 KiB (it travels as a reference).
import { temporal } from '@temporalio/proto';
import { describe, expect, it } from 'vitest';
import { closedHistory, createWorkflow, spec, startRun, useEngineStack, waitForRun } from './helpers';

const fx = useEngineStack({ ATELIER_RESULT_INLINE_MAX_BYTES: String(1024 * 1024) });

/** ~0.9 MB of JSON: 8,000 rows. */
const ROWS_CODE = "return Array.from({ length: 8000 }, (_, i) => ({ i, name: 'row-' + i, pad: 'x'.repeat(80) }));";

describe('engine runs: a result under the inline threshold', () => {
  it('travels inline: the history holds it once per place it goes (what every large result cost before)', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'big', type: 'code.javascript', params: { code: ROWS_CODE, timeout_s: 20 } },
        { id: 'reader', type: 'code.javascript', params: { code: 'return { n: inputs.big.length };' } },
        { id: 'setter', type: 'io.set', params: { values: { count: '{{big.output.main.length}}' } } },
      ],
      [['start', 'big'], ['big', 'reader'], ['big', 'setter']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 90_000);
    expect(run.status, JSON.stringify(run.node_outputs.big?.error)).toBe('completed');
    expect(run.node_outputs.reader.output.main).toEqual({ n: 8000 });
    expect(run.node_outputs.big.downloads).toBeUndefined();
    const bytes = temporal.api.history.v1.History.encode((await closedHistory(fx.stack, run_id)) as temporal.api.history.v1.IHistory).finish().length;
    const result = Buffer.byteLength(JSON.stringify(run.node_outputs.big.output.main));
    console.log(`inline: history of a run moving a ${result}-byte result to two nodes: ${bytes} bytes`);
    expect(bytes).toBeGreaterThan(2 * result);
  }, 120_000);
});
