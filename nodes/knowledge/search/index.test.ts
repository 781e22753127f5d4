/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// knowledge.search against a real database (a scratch one, migrated; no Temporal needed): the node
// defaults to its run's workflow, honours workflow_id and limit, takes its query from the input
// when the param is empty, and refuses another account's workflow. The engine-run test of the node
// is in test/engine/ai/knowledge.test.ts.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, type Database } from '../../../src/infra/db/index';
import { migrateToLatest } from '../../../src/infra/db/migrate';
import { createScratchDatabase, type ScratchDatabase } from '../../../src/infra/db/postgres';
import { createAccount } from '../../../src/platform/accounts/accounts';
import { createWorkflow } from '../../../src/engine/workflows/service';
import { createLocalProviders } from '../../../src/generation/providers/index';
import { indexDocument, newDocumentId } from '../../../src/engine/knowledge/service';
import type { Deps } from '../../../src/deps';
import { nodeCapabilities } from '../../../src/engine/execution/bind-capabilities';
import '../../../test/install-node-registry';
import { harness } from '../../_lib/harness';
import { getNode } from '../../index';

let scratch: ScratchDatabase;
let db: Database;
let deps: Deps;
let accountId = '';
let otherAccountId = '';
let wfA = '';
let wfB = '';

const silent = { warn() {}, info() {}, error() {}, debug() {} };

async function addDoc(workflowId: string, title: string, text: string) {
  const id = newDocumentId();
  await db.insertInto('knowledge_documents').values({ id, account_id: accountId, workflow_id: workflowId, title, source_type: 'text', source_url: null, text, error: null, embedding_model: null, indexed_at: null }).execute();
  await indexDocument(deps, id, { text });
  return id;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('pgAdminUrl'), 'atelier_node');
  db = createDb(scratch.url, { max: 2 });
  await migrateToLatest(db);
  deps = { db, providers: createLocalProviders(), logger: silent, config: { allowPrivateNetwork: false } } as unknown as Deps;
  accountId = (await createAccount(db, { name: 'kb' })).id;
  otherAccountId = (await createAccount(db, { name: 'other' })).id;
  const s = { nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }], edges: [], trigger: { type: 'manual', config: {} } };
  wfA = (await createWorkflow(db, accountId, { name: 'a', spec: s })).id;
  wfB = (await createWorkflow(db, accountId, { name: 'b', spec: s })).id;
  await addDoc(wfA, 'Returns', 'Unworn shoes can be returned within 60 days with the receipt.');
  await addDoc(wfA, 'Sizing', 'Our sneakers run half a size small; order one size up for wide feet.');
  await addDoc(wfB, 'Care', 'Clean suede shoes with a soft brush and never put them in the washing machine.');
});
afterAll(async () => {
  await db?.destroy();
  await scratch?.drop();
});

async function run(params: Record<string, unknown>, inputs: Record<string, unknown> = {}, as = { accountId: '', workflowId: '' }) {
  const h = harness();
  h.ctx.accountId = as.accountId || accountId;
  h.ctx.workflowId = as.workflowId || wfA;
  Object.assign(h.ctx, nodeCapabilities(deps, { accountId: h.ctx.accountId, runId: h.ctx.runId, nodeId: h.ctx.nodeId, sandbox: false, credentials: {} }));
  const def = getNode('knowledge.search')!;
  return { out: (await def.execute!(h.ctx, { params: def.params.parse(params), inputs })).output.main as any, logs: h.logs };
}

describe('knowledge.search', () => {
  it("searches the run's own workflow by default, best chunk first, with a prompt-ready context", async () => {
    const { out } = await run({ query: 'can I return shoes I did not wear?' });
    expect(out.workflow_id).toBe(wfA);
    expect(out.results[0]).toMatchObject({ title: 'Returns', chunk_index: 0, source_url: null });
    expect(out.results.map((r: any) => r.title)).not.toContain('Care');
    expect(out.context).toMatch(/^\[1\] Returns\nUnworn shoes/);
  });

  it('honours workflow_id and limit, and reads the query from the input when the param is empty', async () => {
    const other = await run({ query: 'how do I clean suede', workflow_id: wfB, limit: 1 });
    expect(other.out.count).toBe(1);
    expect(other.out.results[0].title).toBe('Care');
    const fromInput = await run({}, { up: { text: 'which size should I order for wide feet' } });
    expect(fromInput.out.query).toBe('which size should I order for wide feet');
    expect(fromInput.out.results[0].title).toBe('Sizing');
    await expect(run({})).rejects.toThrow(/no query/);
  });

  it("refuses another account's workflow", async () => {
    await expect(run({ query: 'returns', workflow_id: wfA }, {}, { accountId: otherAccountId, workflowId: 'wf_x' })).rejects.toThrow(/not found/);
  });
});
