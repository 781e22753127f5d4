// Node results of any size (claim check): a result past ATELIER_RESULT_INLINE_MAX_BYTES is stored as
// a blob by its activity and only a reference travels through Temporal; the code node's inputs and
// templates into it are resolved in the next node's activity; a tampered, missing or foreign
// reference fails the node cleanly.
import { join, resolve } from 'node:path';
import { temporal } from '@temporalio/proto';
import { describe, expect, it } from 'vitest';
import { isResultRef, RESULT_REF_KEY, type ResultRef } from '../../../src/engine/contract/result-ref';
import { readResultRef, resultKey, storeLargePorts } from '../../../src/engine/execution/result-refs';
import { writeHistory } from '../../helpers/histories';
import { closedHistory, createWorkflow, getRun, httpNode, replayHistories, spec, startRun, useEngineStack, waitFor, waitForRun } from './helpers';

const fx = useEngineStack();

/** ~5.4 MB of JSON: 50,000 rows. */
const BIG_CODE = "return Array.from({ length: 50000 }, (_, i) => ({ i, name: 'row-' + i, pad: 'x'.repeat(80) }));";

function historyBytes(history: unknown): number {
  return temporal.api.history.v1.History.encode(history as temporal.api.history.v1.IHistory).finish().length;
}

describe('engine runs: node results of any size', () => {
  it('a 5 MB result flows to a code node and a set node as a reference; the history stays small and replays', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'big', type: 'code.javascript', params: { code: BIG_CODE, timeout_s: 20 } },
        { id: 'reader', type: 'code.javascript', params: { code: 'const rows = inputs.big; return { n: rows.length, last: rows[rows.length - 1].i, name: rows[7].name };' } },
        { id: 'setter', type: 'io.set', params: { values: { count: '{{big.output.main.length}}', first: '{{big.output.main.0.name}}', text: 'rows: {{big.output.main.length}}', plain: 'kept' } } },
      ],
      [['start', 'big'], ['big', 'reader'], ['big', 'setter']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 90_000);
    expect(run.status, JSON.stringify(run.node_outputs)).toBe('completed');
    expect(run.node_outputs.reader.output.main).toEqual({ n: 50000, last: 49999, name: 'row-7' });
    expect(run.node_outputs.setter.output.main).toMatchObject({ count: 50000, first: 'row-0', text: 'rows: 50000', plain: 'kept' });

    // What the run records for `big` is the reference and its preview, not the rows.
    const ref = run.node_outputs.big.output.main as ResultRef;
    expect(isResultRef(ref)).toBe(true);
    expect(ref.preview.startsWith('[{"i":0,"name":"row-0"')).toBe(true);
    expect(ref[RESULT_REF_KEY].bytes).toBeGreaterThan(5_000_000);
    expect(ref[RESULT_REF_KEY].key).toBe(resultKey(fx.stack.accountId, run_id, 'big', 0, 1, 'main'));
    const stored = await fx.stack.atelier.deps.blobs.readBuffer(ref[RESULT_REF_KEY].key);
    expect(JSON.parse(stored.toString('utf8'))).toHaveLength(50000);

    // The API: the reference with its preview and a download path; the path streams the whole JSON
    // to the run's own account only; the SSE frame carries the preview, not the rows.
    const download = run.node_outputs.big.downloads.main as string;
    expect(download).toBe(`/engine/v1/v1/runs/${run_id}/nodes/big/outputs/main`);
    const got = await fx.stack.api('GET', download);
    expect(got.status, got.text).toBe(200);
    expect(got.headers.get('content-type')).toMatch(/application\/json/);
    expect(got.body).toHaveLength(50000);
    expect((await fx.stack.api('GET', `/engine/v1/v1/runs/${run_id}/nodes/reader/outputs/main`)).status).toBe(404);
    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('GET', download, { key: other.key })).status).toBe(404);
    const sse = await fetch(`${fx.stack.url}/engine/v1/v1/runs/${run_id}/events`, { headers: { authorization: `Bearer ${fx.stack.adminKey}` } });
    const frames = (await sse.text()).split('\n\n');
    const bigFrame = frames.find((f) => f.includes('event: node_output') && f.includes('"node_id":"big"'))!;
    expect(bigFrame.length).toBeLessThan(2000);
    expect(JSON.parse(bigFrame.slice(bigFrame.indexOf('data: ') + 6)).downloads).toEqual({ main: download });

    const history = await closedHistory(fx.stack, run_id);
    const bytes = historyBytes(history);
    console.log(`claim check: history of a run moving a ${ref[RESULT_REF_KEY].bytes}-byte result to two nodes: ${bytes} bytes`);
    // Without the claim check each of the three places it travels (big's result, reader's and
    // setter's inputs) would hold the whole 5 MB.
    expect(bytes).toBeLessThan(100_000);

    const [replayed] = await replayHistories([{ workflowId: run_id, history }]);
    expect(replayed!.error, String(replayed!.error)).toBeUndefined();
    // RECORD_HISTORIES=1 keeps this run's history for the determinism suite.
    if (process.env.RECORD_HISTORIES === '1') {
      writeHistory(join(resolve(import.meta.dirname, '../../histories'), 'engineRun.claim-check-results.json'), { workflowType: 'engineRun', workflowId: run_id, status: 'COMPLETED', history });
    }
  }, 120_000);

  it('a reference whose stored bytes were changed fails the node reading it, clearly and without retries', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'big', type: 'code.javascript', params: { code: BIG_CODE, timeout_s: 20 } },
        httpNode('slow', fx.counter, 4000),
        { id: 'setter', type: 'io.set', params: { values: { count: '{{big.output.main.length}}' } } },
      ],
      // `slow` runs beside `big` (not after it: a node fed by `big` would load the bytes too, and
      // fail first whenever it starts after the change), so only `setter` reads the reference.
      [['start', 'big'], ['start', 'slow'], ['big', 'setter'], ['slow', 'setter']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const ref = await waitFor('big to finish', async () => {
      const out = (await getRun(fx.stack, run_id)).node_outputs.big?.output?.main;
      return isResultRef(out) ? out : undefined;
    }, 60_000);
    await fx.stack.atelier.deps.blobs.put(ref[RESULT_REF_KEY].key, JSON.stringify([{ i: 0, name: 'forged' }]));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.setter?.ok, JSON.stringify(run)).toBe(false);
    expect(run.node_outputs.setter.error).toMatch(/does not match its stored bytes/);
    expect(run.node_outputs.slow.ok).toBe(true);
  }, 120_000);

  it('refuses foreign and missing references; a retried attempt writes the same key', async () => {
    const { blobs } = fx.stack.atelier.deps;
    const account = fx.stack.accountId;
    const where = { accountId: account, runId: 'run_claim_unit', generation: 0, nodeId: 'n', attempt: 2 };
    const value = { main: 'y'.repeat(300_000), small: 1 };
    const total = Buffer.byteLength(JSON.stringify(value));
    const first = await storeLargePorts(blobs, where, value, total, 128 * 1024);
    const again = await storeLargePorts(blobs, where, value, total, 128 * 1024);
    expect(again).toEqual(first);
    expect(first.small).toBe(1);
    const ref = first.main as ResultRef;
    expect(ref[RESULT_REF_KEY].key).toBe(`${account}/run-results/run_claim_unit/n/0-2-main.json`);
    const keys: string[] = [];
    for await (const b of blobs.list(`${account}/run-results/run_claim_unit/`)) keys.push(b.key);
    expect(keys).toEqual([ref[RESULT_REF_KEY].key]);
    expect((await readResultRef(blobs, account, ref)).length).toBe(ref[RESULT_REF_KEY].bytes);

    // Another account's reference, with its true bytes and hash: refused without reading it.
    await expect(readResultRef(blobs, 'acct_other', ref)).rejects.toMatchObject({ type: 'result_ref_invalid', message: expect.stringMatching(/does not belong/) });
    const escaping: ResultRef = { ...ref, [RESULT_REF_KEY]: { ...ref[RESULT_REF_KEY], key: `${account}/run-results/../../acct_other/x.json` } };
    await expect(readResultRef(blobs, account, escaping)).rejects.toMatchObject({ type: 'result_ref_invalid' });
    await blobs.delete(ref[RESULT_REF_KEY].key);
    await expect(readResultRef(blobs, account, ref)).rejects.toMatchObject({ type: 'result_ref_invalid', message: expect.stringMatching(/no stored result/) });
  });
});
