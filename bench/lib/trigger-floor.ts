// The durable floor of trigger → set (bench/n8n.ts, BENCH_FLOOR): the least a service with
// Atelier's contract does for one run, hand-written, in a process of its own — so that what
// Atelier spends beyond it is its own overhead, not work the contract requires.
//
// What it keeps from the contract, done the cheapest way:
//   - an authenticated API: POST /engine/v1/v1/runs with a bearer key, checked by its SHA-256 in
//     Postgres (one statement per request, nothing cached), answering 201 with the run id;
//   - a stored workflow: the run names it, and its definition is read (the account's own) to start it;
//   - the run durable before the answer: its row inserted, then a Temporal workflow started under
//     the run id (eager start, the worker in this process, as Atelier's);
//   - a durable event log: the workflow computes both nodes itself and writes the run's seven events
//     (started/output/completed per node, run_finished) with the run's end in ONE statement, from a
//     local activity, before the workflow completes — then NOTIFY;
//   - GET …/runs/:id/events as server-sent events: the stored events after Last-Event-ID, then live
//     (woken by the NOTIFY on one shared LISTEN connection) until run_finished.
// What it leaves out, which Atelier does: plans and node types, the wallet and prices, rate limits,
// idempotency keys, scopes, logs and metrics, resets and resumes, the run's analysis.
//
// Started by bench/n8n.ts with PORT, DATABASE_URL (an empty scratch database), TEMPORAL_ADDRESS,
// FLOOR_KEY; prints "floor up" when it serves.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import pg from 'pg';
import { WORKER_SLOTS } from '../../src/infra/temporal/worker';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 10 });

await pool.query(`
  create table if not exists floor_keys (hash text primary key, account_id uuid not null);
  create table if not exists floor_workflows (id text primary key, account_id uuid not null, spec jsonb not null);
  create table if not exists floor_runs (id uuid primary key, account_id uuid not null, status text not null, input jsonb not null,
    created_at timestamptz not null default now(), finished_at timestamptz);
  create table if not exists floor_events (run_id uuid not null references floor_runs(id), seq int not null, type text not null,
    data jsonb not null, primary key (run_id, seq));
`);
const accountId = randomUUID();
await pool.query('insert into floor_keys (hash, account_id) values ($1, $2) on conflict do nothing', [sha256(env('FLOOR_KEY')), accountId]);
/** The one workflow: trigger → set, as bench/n8n.ts creates it on Atelier. */
const WORKFLOW_ID = 'trigger-set';
await pool.query('insert into floor_workflows (id, account_id, spec) values ($1, $2, $3) on conflict do nothing', [
  WORKFLOW_ID,
  accountId,
  JSON.stringify({ nodes: [{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { hello: 'world' } } }], edges: [{ source: 'start', target: 'set' }] }),
]);

/** The run's end and its events in one statement (one commit), then the wake-up for its streams. */
async function writeRun(runId: string, events: Array<{ type: string; data: Record<string, unknown> }>): Promise<void> {
  await pool.query(
    `with e as (insert into floor_events (run_id, seq, type, data)
                select $1, ord, x->>'type', x->'data' from jsonb_array_elements($2::jsonb) with ordinality as t(x, ord))
     update floor_runs set status = 'completed', finished_at = now() where id = $1 returning pg_notify('floor_events', $1::text)`,
    [runId, JSON.stringify(events)],
  );
}

Runtime.install({ logger: new DefaultLogger('WARN') });
const connection = await NativeConnection.connect({ address: env('TEMPORAL_ADDRESS') });
const taskQueue = `floor-${randomUUID().slice(0, 8)}`;
const worker = await Worker.create({
  connection,
  taskQueue,
  maxConcurrentWorkflowTaskExecutions: WORKER_SLOTS.maxConcurrentWorkflowTaskExecutions,
  workflowsPath: fileURLToPath(new URL('../baseline-workflows.ts', import.meta.url)),
  activities: { floorWriteRun: writeRun },
});
void worker.run();
const temporal = new Client({ connection });

// Streams waiting for a run's next events, woken by NOTIFY on one LISTEN connection.
const waiters = new Map<string, Set<() => void>>();
const listener = new pg.Client({ connectionString: env('DATABASE_URL') });
await listener.connect();
listener.on('notification', (n) => {
  for (const wake of waiters.get(n.payload ?? '') ?? []) wake();
});
await listener.query('listen floor_events');

async function authenticate(req: http.IncomingMessage): Promise<string | undefined> {
  const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  if (!m) return undefined;
  const { rows } = await pool.query<{ account_id: string }>('select account_id from floor_keys where hash = $1', [sha256(m[1]!)]);
  return rows[0]?.account_id;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

async function startRun(account: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of req) body += chunk;
  const parsed = JSON.parse(body) as { workflow_id?: unknown; input?: unknown };
  if (typeof parsed.workflow_id !== 'string') return json(res, 422, { error: 'workflow_id is required' });
  const input = (parsed.input ?? {}) as Record<string, unknown>;
  const { rows } = await pool.query<{ spec: { nodes: Array<{ params?: { values?: Record<string, unknown> } }> } }>(
    'select spec from floor_workflows where id = $1 and account_id = $2',
    [parsed.workflow_id, account],
  );
  if (!rows[0]) return json(res, 404, { error: 'workflow not found' });
  const values = rows[0].spec.nodes[1]?.params?.values ?? {};
  const runId = randomUUID();
  await pool.query("insert into floor_runs (id, account_id, status, input) values ($1, $2, 'queued', $3)", [runId, account, JSON.stringify(input)]);
  await temporal.workflow.start('floorTriggerSet', { taskQueue, workflowId: runId, args: [{ runId, input, values }], requestEagerStart: true });
  json(res, 201, { run_id: runId, status: 'queued' });
}

async function streamEvents(account: string, runId: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let last = Number.parseInt(String(req.headers['last-event-id'] ?? '0'), 10) || 0;
  let wake: (() => void) | undefined;
  let woken = false;
  const subscriber = () => {
    woken = true;
    wake?.();
  };
  let set = waiters.get(runId);
  if (!set) waiters.set(runId, (set = new Set()));
  set.add(subscriber);
  try {
    let headers = false;
    for (;;) {
      woken = false;
      const { rows } = await pool.query<{ owner: string; seq: number | null; type: string | null; data: unknown }>(
        `select r.account_id as owner, e.seq, e.type, e.data from floor_runs r
           left join floor_events e on e.run_id = r.id and e.seq > $2 where r.id = $1 order by e.seq`,
        [runId, last],
      );
      if (!headers) {
        if (!rows.length || rows[0]!.owner !== account) return json(res, 404, { error: 'not found' });
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
        res.socket?.setNoDelay(true);
        headers = true;
      }
      let out = '';
      let finished = false;
      for (const e of rows) {
        if (e.seq === null) continue;
        out += `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify({ seq: e.seq, ...(e.data as object) })}\n\n`;
        last = e.seq;
        finished ||= e.type === 'run_finished';
      }
      if (finished) return void res.end(out);
      if (out) res.write(out);
      if (!woken) await new Promise<void>((r) => (wake = r));
    }
  } finally {
    set.delete(subscriber);
    if (!set.size) waiters.delete(runId);
  }
}

const server = http.createServer((req, res) => {
  void (async () => {
    const account = await authenticate(req);
    if (!account) return json(res, 401, { error: 'unauthorized' });
    const url = req.url ?? '';
    if (req.method === 'POST' && url === '/engine/v1/v1/runs') return startRun(account, req, res);
    const events = /^\/engine\/v1\/v1\/runs\/([0-9a-f-]{36})\/events$/.exec(url);
    if (req.method === 'GET' && events) return streamEvents(account, events[1]!, req, res);
    return json(res, 404, { error: 'not found' });
  })().catch((err: unknown) => {
    if (!res.headersSent) json(res, 500, { error: String(err) });
    else res.destroy();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(env('PORT')), '127.0.0.1', () => console.log('floor up'));

const stop = async () => {
  server.close();
  worker.shutdown();
  await listener.end();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
