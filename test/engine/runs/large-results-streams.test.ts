// Item lists of any length, streamed (the claim check's lists stored one item per line): a CSV file
// parsed as it is read, filtered, aggregated and written back to a CSV file without any node holding
// the rows; a JSON array file parsed element by element and written back as a file the same way;
// the run's history stays small; the list nodes that stream (sort, item lists, text join) give on
// the stored rows what they give on the same array; a loop over a stored list longer than it allows
// is refused from the reference; a stored list that was changed, removed or belongs to
// another account fails the node reading it with result_ref_invalid. The stack keeps its blobs on
// the suite's S3 server, as production does.
import { createHash } from 'node:crypto';
import { temporal } from '@temporalio/proto';
import { describe, expect, inject, it } from 'vitest';
import { isItemListRef, isResultRef, RESULT_REF_KEY, type ResultRef } from '../../../src/engine/contract/result-ref';
import { itemStreams, type ListRef } from '../../../src/engine/execution/item-streams';
import { S3BlobStore } from '../../../src/storage/blob-store-s3';
import { harness, run as runNode } from '../../../nodes/_lib/harness';
import { closedHistory, createWorkflow, getRun, spec, startRun, useEngineStack, waitFor, waitForRun } from './helpers';

const fx = useEngineStack({ ATELIER_BLOB_STORE: 's3', S3_ENDPOINT: inject('s3Endpoint') });

const ROWS = 200_000;
const REGIONS = ['north', 'south', 'east', 'west'];

/** A deterministic CSV (200,000 rows: about 4 MB) and the aggregates the pipeline must find in it. */
function rowsCsv(rows = ROWS) {
  const lines = ['id,region,amount,qty'];
  const expected = new Map<string, { count: number; sum: number }>();
  for (let i = 0; i < rows; i++) {
    const region = REGIONS[i % 4]!;
    const amount = (i * 37) % 1000;
    const qty = i % 9;
    lines.push(`${i},${region},${amount},${qty}`);
    if (amount > 500) {
      const e = expected.get(region) ?? { count: 0, sum: 0 };
      e.count += 1;
      e.sum += amount;
      expected.set(region, e);
    }
  }
  return { text: `${lines.join('\n')}\n`, expected };
}

function historyBytes(history: unknown): number {
  return temporal.api.history.v1.History.encode(history as temporal.api.history.v1.IHistory).finish().length;
}

/** The CSV in the account's files, as an upload would leave it: its signed URL. */
async function storedCsv(text: string): Promise<string> {
  const { blobs } = fx.stack.atelier.deps;
  const key = blobs.newKey(fx.stack.accountId, 'uploads', 'rows.csv');
  await blobs.put(key, text);
  return blobs.signedUrl(key).url;
}

const parseNode = (file: string) => ({ id: 'parse', type: 'io.csv_parse', params: { file, cast: true, max_rows: 1_000_000 }, timeout_s: 120 });
const filterNode = { id: 'filter', type: 'io.filter', params: { conditions: [{ field: 'amount', operator: 'gt', value: 500 }] }, timeout_s: 120 };

/** Row 150,000 of rowsCsv as parsed with cast: the value index_of looks for. */
const ROW_150000 = { id: 150_000, region: 'north', amount: 0, qty: 6 };

/**
 * Streaming list nodes beside the pipeline, each reading stored lists (the parsed rows, the kept
 * rows, or the concat of both); `from` are their upstream nodes, in edge order. The sort has two
 * keys that 36 groups of about 5,600 rows share, so its stability shows; 200,000 rows are two runs
 * of the external sort and of reverse, merged or read back from temp files.
 */
const listNodes = [
  { id: 'sort', type: 'io.sort', params: { by: [{ field: 'region' }, { field: 'qty', order: 'desc' }] }, from: ['parse'] },
  { id: 'reverse', type: 'io.item_lists', params: { operation: 'reverse' }, from: ['parse'] },
  { id: 'concat', type: 'io.item_lists', params: { operation: 'concat' }, from: ['parse', 'filter'] },
  { id: 'unique', type: 'io.item_lists', params: { operation: 'unique' }, from: ['concat'] },
  { id: 'found', type: 'io.item_lists', params: { operation: 'index_of', value: ROW_150000 }, from: ['parse'] },
  { id: 'not_found', type: 'io.item_lists', params: { operation: 'index_of', value: { ...ROW_150000, id: -1 } }, from: ['filter'] },
  { id: 'join', type: 'io.text_join', params: { field: 'id', separator: ',', prefix: '[', suffix: ']' }, from: ['filter'] },
] as const;

/** Each of listNodes' outputs in the run equals the same node's output on the same lists inline. */
async function expectListNodesAsInline(run: Awaited<ReturnType<typeof waitForRun>>) {
  type Row = { id: number; region: string; qty: number };
  const { blobs } = fx.stack.atelier.deps;
  const lists = itemStreams(blobs, { accountId: fx.stack.accountId, runId: 'run_stream_check', nodeId: 'check', generation: 0, attempt: 1 }, 1024);
  /** A node's `main` in the run, a stored value read from the blob store (a list checked line by line). */
  const mainOf = async (id: string): Promise<unknown> => {
    const value = run.node_outputs[id].output.main;
    if (isItemListRef(value)) {
      const items: unknown[] = [];
      for await (const item of lists.read(value)) items.push(item);
      return items;
    }
    return isResultRef(value) ? JSON.parse((await blobs.readBuffer(value[RESULT_REF_KEY].key)).toString('utf8')) : value;
  };
  const inline: Record<string, unknown> = { parse: await mainOf('parse'), filter: await mainOf('filter') };
  for (const node of listNodes) {
    const inputs = Object.fromEntries(node.from.map((id) => [id, inline[id]]));
    inline[node.id] = (await runNode(node.type, node.params, inputs)).output.main;
    expect(await mainOf(node.id), `${node.id}: ${node.type} ${JSON.stringify(node.params)}`).toEqual(inline[node.id]);
  }
  const rows = inline.parse as Row[];
  const kept = (inline.filter as Row[]).length;
  // The lists went out stored, as long as they came in.
  for (const [id, items] of [['sort', ROWS], ['reverse', ROWS], ['concat', ROWS + kept], ['unique', ROWS]] as const) {
    expect(run.node_outputs[id].output.main[RESULT_REF_KEY], id).toMatchObject({ format: 'ndjson', items });
  }
  // Equal keys keep their input order (ids ascending within a region and qty).
  const sorted = inline.sort as Row[];
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (a.region === b.region && a.qty === b.qty && a.id > b.id) throw new Error(`sort not stable at ${i}: ${a.id} before ${b.id}`);
  }
  expect(sorted.slice(0, 2).map((r) => r.region + r.qty)).toEqual(['east8', 'east8']);
  expect((inline.reverse as Row[])[0]).toEqual(rows.at(-1));
  expect(inline.unique).toEqual(rows);
  expect([inline.found, inline.not_found]).toEqual([150_000, -1]);
  expect((inline.join as { text: string }).text.startsWith('[14,')).toBe(true);
}

describe('engine runs: streamed item lists', () => {
  it('a 200,000-row CSV file is parsed, filtered, aggregated and written as a CSV file in bounded memory; the history stays small', async () => {
    const { text, expected } = rowsCsv();
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        parseNode(await storedCsv(text)),
        filterNode,
        { id: 'sum', type: 'io.aggregate', params: { group_by: ['region'], operations: [{ op: 'count' }, { op: 'sum', field: 'amount', as: 'total' }] }, timeout_s: 120 },
        { id: 'report', type: 'io.csv_build', params: { to_file: true } },
        { id: 'export', type: 'io.csv_build', params: { columns: ['id', 'amount'] }, timeout_s: 120 },
        ...listNodes.map(({ id, type, params }) => ({ id, type, params, timeout_s: 120 })),
      ],
      [['start', 'parse'], ['parse', 'filter'], ['filter', 'sum'], ['sum', 'report'], ['filter', 'export'], ...listNodes.flatMap((n) => n.from.map((from) => [from, n.id] as [string, string]))],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 120_000);
    expect(run.status, JSON.stringify(run.node_outputs).slice(0, 2000)).toBe('completed');

    // The rows travel as stored lists: the reference names the line count, the viewer gets a preview.
    const rows = run.node_outputs.parse.output.main as ResultRef;
    expect(isItemListRef(rows)).toBe(true);
    expect(rows[RESULT_REF_KEY]).toMatchObject({ format: 'ndjson', items: ROWS, key: expect.stringMatching(/\/parse\/0-1-main\.ndjson$/) });
    expect(rows.preview.startsWith('[{"id":0,"region":"north","amount":0,"qty":0}')).toBe(true);
    const kept = [...expected.values()].reduce((a, e) => a + e.count, 0);
    expect(run.node_outputs.filter.output.main[RESULT_REF_KEY]).toMatchObject({ format: 'ndjson', items: kept });
    expect(run.node_outputs.filter.output.rejected[RESULT_REF_KEY]).toMatchObject({ format: 'ndjson', items: ROWS - kept });

    // The aggregates are the ones computed here, in first-seen group order.
    expect(run.node_outputs.sum.output.main).toEqual([...expected].map(([region, e]) => ({ region, count: e.count, total: e.sum })));
    const report = run.node_outputs.report.output.main as { url: string; rows: number; mime: string };
    expect(report).toMatchObject({ rows: 4, mime: 'text/csv' });
    const csv = await (await fetch(report.url)).text();
    expect(csv.split('\n')[0]).toBe('region,count,total');
    expect(csv).toContain(`north,${expected.get('north')!.count},${expected.get('north')!.sum}`);

    // The kept rows as a file, written as they were read.
    const exported = run.node_outputs.export.output.main as { url: string; rows: number; size: number };
    expect(exported.rows).toBe(kept);
    const exportedText = await (await fetch(exported.url)).text();
    expect(Buffer.byteLength(exportedText)).toBe(exported.size);
    const exportedLines = exportedText.trimEnd().split('\n');
    expect(exportedLines).toHaveLength(kept + 1);
    expect(exportedLines.slice(0, 2)).toEqual(['id,amount', '14,518']);

    // The download path serves a stored list as the JSON array it stands for.
    const got = await fx.stack.api('GET', run.node_outputs.filter.downloads.main as string);
    expect(got.status).toBe(200);
    expect(got.body).toHaveLength(kept);
    expect(got.body[0]).toEqual({ id: 14, region: 'east', amount: 518, qty: 5 });

    await expectListNodesAsInline(run);

    const bytes = historyBytes(await closedHistory(fx.stack, run_id));
    console.log(`streamed lists: history of a run moving ${ROWS} rows (${rows[RESULT_REF_KEY].bytes} bytes as NDJSON) through ${s.nodes.length - 1} nodes: ${bytes} bytes`);
    expect(bytes).toBeLessThan(100_000);
  }, 150_000);

  it('a 100,000-element JSON array file is parsed element by element, filtered and written back as a JSON array file; a bad element fails naming where it is', async () => {
    const { blobs } = fx.stack.atelier.deps;
    const count = 100_000;
    const elements = Array.from({ length: count }, (_, i) => ({ id: i, name: `item "${i}", [x]`, amount: (i * 37) % 1000 }));
    const kept = elements.filter((e) => e.amount > 500);
    const key = blobs.newKey(fx.stack.accountId, 'uploads', 'items.json');
    await blobs.put(key, JSON.stringify(elements, null, 1));
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'parse', type: 'io.json_parse', params: { file: blobs.signedUrl(key).url }, timeout_s: 120 },
        filterNode,
        { id: 'export', type: 'io.json_build', params: {}, timeout_s: 120 },
        { id: 'lines', type: 'io.json_build', params: { ndjson: true }, timeout_s: 120 },
      ],
      [['start', 'parse'], ['parse', 'filter'], ['filter', 'export'], ['filter', 'lines']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 120_000);
    expect(run.status, JSON.stringify(run.node_outputs).slice(0, 2000)).toBe('completed');
    const parsed = run.node_outputs.parse.output.main as ResultRef;
    expect(parsed[RESULT_REF_KEY]).toMatchObject({ format: 'ndjson', items: count, key: expect.stringMatching(/\/parse\/0-1-main\.ndjson$/) });
    expect(parsed.preview.startsWith(JSON.stringify([elements[0]]).slice(0, -1))).toBe(true);
    expect(run.node_outputs.filter.output.main[RESULT_REF_KEY]).toMatchObject({ items: kept.length });

    const exported = run.node_outputs.export.output.main as { url: string; size: number; items: number; mime: string };
    expect(exported).toMatchObject({ items: kept.length, mime: expect.stringMatching(/json/) });
    const text = await (await fetch(exported.url)).text();
    expect(Buffer.byteLength(text)).toBe(exported.size);
    expect(text).toBe(JSON.stringify(kept));
    const lines = run.node_outputs.lines.output.main as { url: string; items: number };
    expect(lines.items).toBe(kept.length);
    expect(await (await fetch(lines.url)).text()).toBe(kept.map((e) => `${JSON.stringify(e)}\n`).join(''));

    // A malformed element fails the node as the file's fault, naming the element and where it starts.
    const badKey = blobs.newKey(fx.stack.accountId, 'uploads', 'bad.json');
    const good = JSON.stringify(elements.slice(0, 5000)).slice(0, -1);
    await blobs.put(badKey, `${good},{"id":5000,"amount":}]`);
    const h = harness();
    Object.assign(h.ctx, { accountId: fx.stack.accountId, blobs });
    const streams = itemStreams(blobs, { accountId: fx.stack.accountId, runId: 'run_json_bad', nodeId: 'parse', generation: 0, attempt: 1 }, 1024);
    h.ctx.items = streams;
    await expect(runNode('io.json_parse', { file: blobs.signedUrl(badKey).url }, {}, h)).rejects.toMatchObject({
      type: 'invalid_input',
      message: expect.stringContaining(`element 5000 (starting at character ${good.length + 1})`),
    });
    await streams.abort();
  }, 150_000);

  it('a loop over a stored list of more than 1,000 items fails with invalid_params; the other branch finishes (error_handler continue)', async () => {
    const count = 5000;
    const refused = `logic.loop_over_items runs at most 1,000 iterations (one per item); the list has 5,000 items`;
    const loop = { type: 'logic.loop_over_items', params: { code: 'return item.id;' } };
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        parseNode(await storedCsv(rowsCsv(count).text)),
        // The list as the upstream value, and (passing its failure on) as the `items` param.
        { id: 'loop', ...loop },
        { id: 'after_loop', type: 'io.set', params: { values: { x: 1 } } },
        { id: 'loop_param', ...loop, params: { ...loop.params, items: '{{parse.output.main}}' }, continue_on_error: true },
        { id: 'why', type: 'io.set', params: { values: { type: '{{loop_param.output.error.error_type}}', error: '{{loop_param.output.error.error}}' } } },
        { id: 'length', type: 'io.item_lists', params: { operation: 'length' } },
        { id: 'after_length', type: 'io.set', params: { values: { n: '{{length.output.main}}' } } },
      ],
      [['start', 'parse'], ['parse', 'loop'], ['loop', 'after_loop'], ['parse', 'loop_param'], ['loop_param', 'why', 'error'], ['parse', 'length'], ['length', 'after_length']],
      { error_handler: 'continue' },
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 90_000);
    expect(run.node_outputs.parse.output.main[RESULT_REF_KEY]).toMatchObject({ format: 'ndjson', items: count });
    expect(run.status).toBe('failed');
    expect(run.error).toBe('nodes failed: loop');
    expect(run.node_outputs.loop).toMatchObject({ ok: false, error: expect.stringContaining(refused) });
    expect(run.node_outputs.after_loop).toMatchObject({ skipped: true });
    expect(run.node_outputs.loop_param.ok).toBe(false);
    expect(run.node_outputs.why.output.main).toEqual({ type: 'invalid_params', error: expect.stringContaining(refused) });
    expect(run.node_outputs.after_length).toMatchObject({ ok: true, output: { main: { n: count } } });
  }, 120_000);

  it('a stored list whose bytes were changed fails the node reading it, without retries', async () => {
    const { text } = rowsCsv(20_000);
    const s = spec(
      // The filter names the list it reads (it has two inputs): a param that is one whole template.
      [{ id: 'start', type: 'trigger.manual' }, parseNode(await storedCsv(text)), { id: 'gate', type: 'control.wait_webhook', params: { timeout_s: 120 } }, { ...filterNode, params: { ...filterNode.params, items: '{{parse.output.main}}' } }],
      // `gate` waits beside `parse` for the signal sent once the list was changed: only then does `filter` read it.
      [['start', 'parse'], ['start', 'gate'], ['parse', 'filter'], ['gate', 'filter']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const ref = await waitFor('parse to finish', async () => {
      const out = (await getRun(fx.stack, run_id)).node_outputs.parse?.output?.main;
      return isItemListRef(out) ? out : undefined;
    }, 90_000);
    const { blobs } = fx.stack.atelier.deps;
    const stored = await blobs.readBuffer(ref[RESULT_REF_KEY].key);
    await blobs.put(ref[RESULT_REF_KEY].key, stored.toString('utf8').replace('"amount":999', '"amount":1'));
    expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${run_id}/signals/webhook`, { body: { payload: {} } })).status).toBe(200);
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.filter?.ok, JSON.stringify(run.node_outputs.filter)).toBe(false);
    expect(run.node_outputs.filter.error).toMatch(/does not match its stored bytes/);
    expect(run.node_outputs.gate.ok).toBe(true);
  }, 150_000);

  it('reads refuse foreign, missing and cut lists; uploads of unknown length go up in parts or not at all', async () => {
    const { blobs, config } = fx.stack.atelier.deps;
    const account = fx.stack.accountId;
    const where = { accountId: account, runId: 'run_stream_unit', nodeId: 'n', generation: 0, attempt: 1 };
    const lists = itemStreams(blobs, where, 1024);
    const writer = lists.writer('main');
    for (let i = 0; i < 5000; i++) await writer.write({ i });
    const ref = (await writer.finish()) as ListRef;
    expect(ref[RESULT_REF_KEY]).toMatchObject({ items: 5000, key: `${account}/run-results/run_stream_unit/n/0-1-main.ndjson` });
    const read = async (streams: ReturnType<typeof itemStreams>, r: ListRef) => {
      let n = 0;
      for await (const _ of streams.read(r)) n += 1;
      return n;
    };
    expect(await read(lists, ref)).toBe(5000);
    // A short list stays inline.
    const small = lists.writer('small');
    await small.write({ a: 1 });
    expect(await small.finish()).toEqual([{ a: 1 }]);

    const other = itemStreams(blobs, { ...where, accountId: 'acct_other' }, 1024);
    await expect(read(other, ref)).rejects.toMatchObject({ type: 'result_ref_invalid', message: expect.stringMatching(/does not belong/) });
    // A count that does not match the lines, and a list cut short, are refused.
    await expect(read(lists, { ...ref, [RESULT_REF_KEY]: { ...ref[RESULT_REF_KEY], items: 4999 } })).rejects.toMatchObject({ type: 'result_ref_invalid' });
    const bytes = await blobs.readBuffer(ref[RESULT_REF_KEY].key);
    await blobs.put(ref[RESULT_REF_KEY].key, bytes.subarray(0, bytes.length - 9));
    await expect(read(lists, ref)).rejects.toMatchObject({ type: 'result_ref_invalid' });
    await blobs.delete(ref[RESULT_REF_KEY].key);
    await expect(read(lists, ref)).rejects.toMatchObject({ type: 'result_ref_invalid', message: expect.stringMatching(/no stored result/) });

    // putStream on S3 with 5 MB parts: 12 MB go up as a multipart upload and read back intact.
    if (!(blobs instanceof S3BlobStore)) throw new Error('this suite runs its blobs on S3');
    const parts = new S3BlobStore(config.storage, blobs.bucket, 'secret', 'http://files.test', { threshold: 5 * 1024 * 1024, partSize: 5 * 1024 * 1024 });
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const hash = createHash('sha256');
    async function* twelve() {
      for (let i = 0; i < 12; i++) {
        const c = Buffer.from(chunk);
        c[0] = i;
        hash.update(c);
        yield c;
      }
    }
    const key = `${account}/uploads/streamed.bin`;
    expect((await parts.putStream(key, twelve())).size).toBe(12 * 1024 * 1024);
    expect(createHash('sha256').update(await parts.readBuffer(key)).digest('hex')).toBe(hash.digest('hex'));
    // A body that fails half way stores nothing.
    async function* failing() {
      for (let i = 0; i < 7; i++) yield chunk;
      throw new Error('source lost');
    }
    await expect(parts.putStream(`${account}/uploads/failed.bin`, failing())).rejects.toThrow(/source lost/);
    expect(await parts.exists(`${account}/uploads/failed.bin`)).toBe(false);
  }, 60_000);

  it('limit, dedupe, item lists and split out give on a stored list what they give on the same array', async () => {
    const { blobs } = fx.stack.atelier.deps;
    const lists = itemStreams(blobs, { accountId: fx.stack.accountId, runId: 'run_stream_nodes', nodeId: 'source', generation: 0, attempt: 1 }, 1024);
    const items = Array.from({ length: 3000 }, (_, i) => ({ i, k: i % 7, tags: [i, i + 1] }));
    const writer = lists.writer('main');
    for (const item of items) await writer.write(item);
    const ref = (await writer.finish()) as ListRef;
    expect(isItemListRef(ref)).toBe(true);
    let n = 0;
    /** A node run on the stored list (its lists written through ctx.items, read back) and on the array. */
    const both = async (type: string, params: Record<string, unknown>) => {
      const h = harness();
      h.ctx.items = itemStreams(blobs, { accountId: fx.stack.accountId, runId: 'run_stream_nodes', nodeId: `n${n++}`, generation: 0, attempt: 1 }, 1024);
      const streamed = (await runNode(type, params, { up: ref }, h)).output;
      const whole: Record<string, unknown> = {};
      for (const [port, value] of Object.entries(streamed)) {
        if (!isItemListRef(value)) whole[port] = value;
        else {
          const read: unknown[] = [];
          for await (const item of lists.read(value)) read.push(item);
          whole[port] = read;
        }
      }
      return { streamed: whole, inline: (await runNode(type, params, { up: items })).output };
    };
    for (const [type, params] of [
      ['io.limit', { offset: 10, count: 5 }],
      ['io.limit', { from: 'end', offset: 2, count: 3 }],
      ['io.limit', { count: 2500 }],
      ['io.dedupe', { fields: ['k'] }],
      ['io.dedupe', { fields: ['k'], keep: 'last' }],
      ['io.item_lists', { operation: 'length' }],
      ['io.item_lists', { operation: 'first' }],
      ['io.item_lists', { operation: 'last' }],
      ['io.item_lists', { operation: 'chunk', size: 700 }],
      ['io.item_lists', { operation: 'reverse' }],
      ['io.split_out', { field: 'tags' }],
      ['io.split_out', { field: 'tags', include: 'selected', include_fields: ['k'], as: 'tag' }],
      ['io.filter', { conditions: [{ field: 'k', operator: 'eq', value: 3 }] }],
      ['io.aggregate', { group_by: ['k'], operations: [{ op: 'count' }, { op: 'sum', field: 'i' }, { op: 'min', field: 'i' }, { op: 'last', field: 'i' }, { op: 'count_distinct', field: 'k' }] }],
    ] as const) {
      const { streamed, inline } = await both(type, params);
      expect(streamed, `${type} ${JSON.stringify(params)}`).toEqual(inline);
    }
  }, 60_000);
});
