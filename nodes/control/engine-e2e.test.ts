// One end-to-end run through the real engine (API + Temporal worker) chaining automation and
// integration nodes: webhook trigger → filter → aggregate → PostgreSQL insert through a stored
// connection → sub-workflow (a child run) → template; plus a failing node's error in the run, and
// the planner's 422 with `loc` for bad params.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../test/helpers/stack';
import { createWorkflow, spec, waitForRun } from '../../test/engine/runs/helpers';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const table = `e2e_orders_${Date.now().toString(36)}`;
let stack: TestStack;
let admin: pg.Client;

beforeAll(async () => {
  stack = await startStack({ ATELIER_ALLOW_PRIVATE_NETWORK: '1' });
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create table ${table} (id serial primary key, region text not null, total numeric not null, orders int not null)`);
});
afterAll(async () => {
  await admin?.query(`drop table if exists ${table}`).catch(() => undefined);
  await admin?.end();
  await stack?.close();
});

describe('automation and integration nodes through the engine', () => {
  it('runs a chain of nodes, with a stored connection and a child run', async () => {
    const url = new URL(PG_URL);
    const conn = await stack.api('POST', '/engine/v1/v1/connections', {
      body: { provider: 'postgres', name: 'local pg', secret: decodeURIComponent(url.password) || 'unused', metadata: { host: url.hostname, port: Number(url.port || 5432), database: url.pathname.slice(1) || 'postgres', user: decodeURIComponent(url.username) || 'postgres' } },
    });
    expect(conn.status).toBe(201);

    const child = await createWorkflow(stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'shout', type: 'io.text_case', params: { text: '{{start.output.main.region}}', case: 'upper' } },
      ],
      [['start', 'shout']],
    ), { name: 'child: shout' });

    const parent = await createWorkflow(stack, spec(
      [
        { id: 'hook', type: 'trigger.webhook', params: { required_fields: ['orders'] } },
        { id: 'big', type: 'io.filter', params: { items: '{{hook.output.main.orders}}', conditions: [{ field: 'total', operator: 'gte', value: 10 }] } },
        { id: 'sum', type: 'io.aggregate', params: { items: '{{big.output.main}}', group_by: ['region'], operations: [{ op: 'sum', field: 'total', as: 'total' }, { op: 'count', as: 'orders' }] } },
        { id: 'save', type: 'integration.postgres_insert', params: { table, rows: '{{sum.output.main}}', returning: ['region', 'total'] }, credentials: { postgres: conn.body.id } } as never,
        { id: 'sub', type: 'control.sub_workflow', params: { workflow_id: child, input: { region: '{{sum.output.main.0.region}}' } } },
        { id: 'report', type: 'io.template', params: { template: '${count} region(s) saved; top: ${top}', data: { count: '{{save.output.main.row_count}}', top: '{{sub.output.main.outputs.shout.main.text}}' } } },
        { id: 'meta', type: 'system.run_metadata' },
      ],
      [['hook', 'big'], ['big', 'sum'], ['sum', 'save'], ['save', 'sub'], ['sub', 'report'], ['hook', 'meta']],
    ), { name: 'parent: orders' });

    const orders = [{ region: 'eu', total: 30 }, { region: 'us', total: 5 }, { region: 'eu', total: 12.5 }, { region: 'us', total: 40 }];
    const started = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: parent, input: { orders } } });
    expect(started.status).toBe(201);
    const run = await waitForRun(stack, started.body.run_id, undefined, 60_000);
    expect(run.status, JSON.stringify(run.node_outputs, null, 1)).toBe('completed');
    const out = (id: string) => run.node_outputs[id].output;
    expect(out('hook').trigger).toMatchObject({ type: 'manual', run_id: started.body.run_id, workflow_id: parent });
    expect(out('sum').main).toEqual([{ region: 'eu', total: 42.5, orders: 2 }, { region: 'us', total: 40, orders: 1 }]);
    expect(out('save').main).toEqual({ rows: [{ region: 'eu', total: '42.5' }, { region: 'us', total: '40' }], row_count: 2 });
    expect((await admin.query(`select region, total::float as total, orders from ${table} order by region`)).rows).toEqual([{ region: 'eu', total: 42.5, orders: 2 }, { region: 'us', total: 40, orders: 1 }]);
    expect(out('sub').main).toMatchObject({ status: 'completed', outputs: { shout: { main: { text: 'EU' } } } });
    const childRun = await stack.api('GET', `/engine/v1/v1/runs/${out('sub').main.run_id}`);
    expect(childRun.body).toMatchObject({ workflow_id: child, status: 'completed' });
    expect(out('report').main).toEqual({ text: '2 region(s) saved; top: EU' });
    expect(out('meta').main).toMatchObject({ run_id: started.body.run_id, trigger_type: 'manual' });
  });

  it('a failing node reports its message in the run', async () => {
    const wf = await createWorkflow(stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'check', type: 'developer.assert', params: { value: '{{start.output.main}}', assertions: [{ field: 'count', operator: 'gt', value: 0, message: 'count must be positive' }] } },
      ],
      [['start', 'check']],
    ));
    const started = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, input: { count: 0 } } });
    const run = await waitForRun(stack, started.body.run_id);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.check).toMatchObject({ ok: false, error: expect.stringContaining('assertion failed: count must be positive') });
  });

  it('bad params are refused at create time with 422 and loc', async () => {
    const r = await stack.api('POST', '/engine/v1/v1/workflows', {
      body: { name: 'bad', spec: spec([{ id: 'start', type: 'trigger.manual' }, { id: 'm', type: 'io.math', params: { operation: 'cube_root', a: 1 } }, { id: 'd', type: 'io.date_time', params: { timezone: 'Mars/Base' } }], [['start', 'm'], ['start', 'd']]) },
    });
    expect(r.status).toBe(422);
    const locs = (r.body.detail as { loc: unknown[] }[]).map((d) => d.loc);
    expect(locs).toContainEqual(['body', 'spec', 'nodes', 1, 'params', 'operation']);
    expect(locs).toContainEqual(['body', 'spec', 'nodes', 2, 'params', 'timezone']);
  });
});
