// A node result stored apart is read through a reference (`$atelier_ref`: key, bytes, sha256). A
// reference the engine did not write must never make a reader serve another key's bytes: a node
// may not return one, the run's download route follows only this run's exact result keys and
// checks size and digest, and the blob store refuses any key not written in its canonical form.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobKeyError } from '../../src/storage/blob-store';
import { startStack, type TestStack } from '../helpers/stack';
import { createWorkflow, startRun, waitForRun } from '../engine/runs/helpers';

let stack: TestStack;
let other: { accountId: string; key: string };
const secret = Buffer.from('the other account\u2019s private bytes');
let secretKey: string;

const spec = (code: string) => ({
  trigger: { type: 'manual', config: {} },
  nodes: [
    { id: 'start', type: 'trigger.manual', position: [0, 0] },
    { id: 'emit', type: 'code.javascript', position: [200, 0], params: { code } },
  ],
  edges: [{ id: 'e1', source: 'start', target: 'emit' }],
});

const ref = (key: string, bytes = secret.length, sha256 = createHash('sha256').update(secret).digest('hex')) => ({
  $atelier_ref: { v: 1, key, bytes, sha256 },
  preview: '…',
});

beforeAll(async () => {
  stack = await startStack({ ATELIER_RATE_LIMIT_SCALE: '1000000' });
  other = await stack.newAccount();
  secretKey = `${other.accountId}/uploads/private.png`;
  await stack.atelier.deps.blobs.put(secretKey, secret);
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe('forged result references', () => {
  it('a node that returns a reference the engine did not create fails, and nothing is stored under it', async () => {
    const code = `return { "$atelier_ref": { v: 1, key: ${JSON.stringify(`${stack.accountId}/run-results/x/../../../${'other'}/uploads/private.png`)}, bytes: 1, sha256: "00" }, preview: "x" };`;
    const wf = await createWorkflow(stack, spec(code));
    const { run_id } = await startRun(stack, wf, {});
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.emit.ok).toBe(false);
    expect(JSON.stringify(run.node_outputs.emit.error)).toMatch(/did not create/);
  });

  it('the download route answers 404 for every key that is not this run\u2019s own result key, never the bytes or a 500', async () => {
    const wf = await createWorkflow(stack, spec('return 1;'));
    const { run_id } = await startRun(stack, wf, {});
    expect((await waitForRun(stack, run_id)).status).toBe('completed');
    const prefix = `${stack.accountId}/run-results/${run_id}/`;
    const forged = [
      `${prefix}../../../${secretKey}`,
      `${prefix}emit/../../../../${secretKey}`,
      `${prefix}emit/1-1-main.json/../../../../../${secretKey}`,
      `/${secretKey}`,
      secretKey,
      `${prefix}%2e%2e/%2e%2e/%2e%2e/${secretKey}`,
      `${prefix}emit//1-1-main.json`,
      `${prefix}./emit/1-1-main.json`,
      `${other.accountId}/run-results/${run_id}/emit/1-1-main.json`,
      `${prefix}../../../../../../etc/passwd`,
    ];
    for (const key of forged) {
      await stack.atelier.deps.db.updateTable('run_node_outputs').set({ output: JSON.stringify({ main: ref(key) }) as never }).where('run_id', '=', run_id).where('node_id', '=', 'emit').execute();
      const got = await stack.api('GET', `/engine/v1/v1/runs/${run_id}/nodes/emit/outputs/main`);
      expect(got.status, key).toBe(404);
      expect(got.text, key).not.toContain('private bytes');
    }
  });

  it('a reference whose bytes or digest do not match what is stored is not served', async () => {
    const wf = await createWorkflow(stack, spec('return 1;'));
    const { run_id } = await startRun(stack, wf, {});
    expect((await waitForRun(stack, run_id)).status).toBe('completed');
    const key = `${stack.accountId}/run-results/${run_id}/emit/1-1-main.json`;
    const body = Buffer.from(JSON.stringify('stored value'));
    await stack.atelier.deps.blobs.put(key, body);
    const set = (r: unknown) => stack.atelier.deps.db.updateTable('run_node_outputs').set({ output: JSON.stringify({ main: r }) as never }).where('run_id', '=', run_id).where('node_id', '=', 'emit').execute();

    await set(ref(key, body.length + 1, createHash('sha256').update(body).digest('hex')));
    expect((await stack.api('GET', `/engine/v1/v1/runs/${run_id}/nodes/emit/outputs/main`)).status).toBe(409);

    await set(ref(key, body.length, '0'.repeat(64)));
    // The digest is known only once the bytes are read: the answer is cut short (the connection
    // closes before the last chunk), never delivered whole.
    const read = async () => (await fetch(`${stack.url}/engine/v1/v1/runs/${run_id}/nodes/emit/outputs/main`, { headers: { authorization: `Bearer ${stack.adminKey}` } })).arrayBuffer();
    await expect(read()).rejects.toThrow();

    await set(ref(key, body.length, createHash('sha256').update(body).digest('hex')));
    const good = await stack.api('GET', `/engine/v1/v1/runs/${run_id}/nodes/emit/outputs/main`);
    expect(good.status).toBe(200);
    expect(good.body).toBe('stored value');
  });

  it('the blob store refuses a key that normalises to anything but itself', async () => {
    const { blobs } = stack.atelier.deps;
    for (const key of ['../x', '/abs', 'a/../../x', '', `${stack.accountId}//x`, `${stack.accountId}/./x`, `${stack.accountId}/y/../x`, 'a\\..\\b', 'a\0b']) {
      await expect(blobs.put(key, 'x'), key).rejects.toBeInstanceOf(BlobKeyError);
      await expect(blobs.open(key), key).rejects.toBeInstanceOf(BlobKeyError);
    }
    expect((await blobs.open(`${other.accountId}/uploads/x/../private.png`).catch((e: unknown) => e)) instanceof BlobKeyError).toBe(true);
  });
});
