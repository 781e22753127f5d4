// A mixed batch for chaos runs and the invariants it must keep, shared by bench/chaos.ts (long
// tier: 20 SIGKILLs, a Postgres and a Temporal restart) and test/proof/chaos.test.ts (short tier).
// Everything goes through the public API of one Atelier process: engine DAG runs whose
// http.request nodes call a loopback counter (each followed by an SSE client that reconnects with
// Last-Event-ID), Story Studio pipelines (offline providers, followed the same way), image and
// video generations (wallet charges), wallet top-ups, and webhook deliveries of the events these
// cause to an HTTPS loopback receiver. The checks then read Postgres directly.
import http from 'node:http';
import pg from 'pg';
import { rng as seededRng, type Rng } from '../../src/generation/prng';
import { type CounterServer, type Fault, type FaultLog, type WebhookReceiver } from './chaos-loopbacks';
import { sseFrameReader } from './sse-frames';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const TERMINAL_RUN = new Set(['completed', 'failed', 'timed_out', 'cancelled']);
const HTTP_LANES = 2;
const LANE_LENGTH = 3;

export interface ChaosTarget {
  baseUrl: string;
  key: string;
  databaseUrl: string;
}

export interface BatchPlan {
  engineRuns: number;
  stories: number;
  images: number;
  videos: number;
  topups: number;
  /** Submissions are spread at seeded random times over this window. */
  spreadMs: number;
}

export interface InvariantResult {
  name: string;
  checked: number;
  violations: string[];
}

export interface BatchReport {
  seed: number;
  requests: number;
  /** Requests answered by nobody because a fault cut them (connection reset / refused mid-call). */
  requestsCut: number;
  submitted: Record<string, number>;
  outcomes: Record<string, Record<string, number>>;
  sideEffects: { calls: number; nodes: number; repeats: number; repeatsAtFaults: number };
  webhooks: { received: number; events: number; repeatsAtFaults: number; successRows: number };
  sse: { runsFollowed: number; storiesFollowed: number; reconnects: number };
  ledger: { entries: number; balanceUsd: number; chargedUsd: number; refundedUsd: number; toppedUpUsd: number };
  invariants: InvariantResult[];
  violations: number;
  perFault: FaultFigures[];
}

export interface FaultFigures {
  fault: Fault;
  requestsCut: number;
  sseReconnects: number;
  sideEffectRepeats: number;
  webhookRepeats: number;
  runsInFlight: number;
}

// ── SSE follower (engine runs and stories): reconnects with Last-Event-ID until a terminal event ──
export interface SseFollower {
  /** Event ids in arrival order (repeats included, so a repeat is visible). */
  ids: number[];
  byType: Map<string, number>;
  /** node_completed per node (engine runs). */
  completed: Map<string, number>;
  terminal?: { type: string; status?: string };
  reconnects: number;
  reconnectTimes: number[];
  outOfOrder: number;
  done: Promise<void>;
  stop(): void;
}

/** `url` may be a function of the connection attempt (0, 1, …): a client moving between API processes. */
export function followSse(
  url: string | ((attempt: number) => string),
  key: string,
  isTerminal: (type: string, data: Record<string, unknown>) => boolean,
  opts: { giveUpMs?: number } = {},
): SseFollower {
  const f: SseFollower = { ids: [], byType: new Map(), completed: new Map(), reconnects: 0, reconnectTimes: [], outOfOrder: 0, done: Promise.resolve(), stop: () => undefined };
  let stopped = false;
  let current: http.ClientRequest | undefined;
  let lastId = 0;
  f.stop = () => {
    stopped = true;
    current?.destroy();
  };
  let attempt = 0;
  const connectOnce = () =>
    new Promise<void>((res) => {
      const target = typeof url === 'string' ? url : url(attempt++);
      const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'text/event-stream' };
      if (lastId > 0) headers['last-event-id'] = String(lastId);
      const req = http.get(target, { headers }, (resp) => {
        if (resp.statusCode !== 200) {
          resp.resume();
          resp.on('end', () => res());
          resp.on('error', () => res());
          return;
        }
        resp.setEncoding('utf8');
        resp.on(
          'data',
          sseFrameReader(({ id, type, data }) => {
            if (id === undefined) return;
            if (id <= lastId) f.outOfOrder += 1;
            lastId = Math.max(lastId, id);
            f.ids.push(id);
            f.byType.set(type, (f.byType.get(type) ?? 0) + 1);
            let payload: Record<string, unknown> = {};
            try {
              payload = JSON.parse(data) as Record<string, unknown>;
            } catch {
              /* not JSON */
            }
            if (type === 'node_completed' && typeof payload.node_id === 'string') f.completed.set(payload.node_id, (f.completed.get(payload.node_id) ?? 0) + 1);
            if (isTerminal(type, payload)) f.terminal = { type, status: typeof payload.status === 'string' ? payload.status : undefined };
          }),
        );
        resp.on('end', () => res());
        resp.on('error', () => res());
        resp.on('aborted', () => res());
      });
      current = req;
      req.on('error', () => res());
      req.setTimeout(60_000, () => req.destroy());
    });
  const giveUpAt = Date.now() + (opts.giveUpMs ?? 600_000);
  f.done = (async () => {
    let first = true;
    while (!stopped && !f.terminal && Date.now() < giveUpAt) {
      if (!first) {
        f.reconnects += 1;
        f.reconnectTimes.push(Date.now());
        await sleep(500);
      }
      first = false;
      await connectOnce();
    }
  })();
  return f;
}

// ── API client: records every request and every one a fault cut ─────────────────────────────────
interface ApiResult {
  status: number;
  json: any;
  headers: Headers;
}

class Api {
  requests = 0;
  cut: number[] = [];
  constructor(private readonly target: ChaosTarget) {}

  /**
   * One request. Refused connections (the API is down: nothing was sent) are retried until
   * `untilMs`; a connection lost mid-request is recorded as cut and returns null (it may or may not
   * have taken effect — the checks find out from Postgres).
   */
  async call(method: string, path: string, body?: unknown, opts: { headers?: Record<string, string>; untilMs?: number } = {}): Promise<ApiResult | null> {
    const until = opts.untilMs ?? Date.now() + 240_000;
    for (;;) {
      this.requests += 1;
      try {
        const r = await fetch(`${this.target.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${this.target.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(120_000),
        });
        const text = await r.text();
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        return { status: r.status, json, headers: r.headers };
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        if (code !== 'ECONNREFUSED') {
          this.cut.push(Date.now());
          return null;
        }
        if (Date.now() > until) return null;
        await sleep(400);
      }
    }
  }

  /** `call`, also retrying answers a fault explains: 5xx (Postgres or Temporal away) and 429. */
  async submit(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult | null> {
    const until = Date.now() + 240_000;
    for (let attempt = 0; ; attempt++) {
      const r = await this.call(method, path, body, { headers, untilMs: until });
      if (!r || (r.status < 500 && r.status !== 429) || Date.now() > until || attempt >= 60) return r;
      await sleep(1_000);
    }
  }
}

type Query = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;

/** A small pool for the checks; a query during a Postgres restart waits for it (up to 30 s). */
function connect(databaseUrl: string): { query: Query; end(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined); // a Postgres restart drops idle clients; the next query reconnects
  return {
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
      for (let i = 0; ; i++) {
        try {
          return (await pool.query<T>(text, values)).rows;
        } catch (err) {
          if (i >= 30 || !/ECONNREFUSED|terminat|Connection|starting up|shutting down/i.test(String(err))) throw err;
          await sleep(1_000);
        }
      }
    },
    end: () => pool.end(),
  };
}

/** trigger → prep → 2 lanes of 3 http.request nodes (the counter) → merge → ai.translate (charged) → done. */
export function chaosDagSpec(counterPort: number) {
  const nodes: Array<Record<string, unknown>> = [
    { id: 'start', type: 'trigger.manual', position: [0, 0] },
    { id: 'prep', type: 'io.set', position: [200, 0], params: { values: { tag: '{{start.output.main.tag}}' } } },
  ];
  const edges: Array<Record<string, unknown>> = [{ id: 'e_start_prep', source: 'start', target: 'prep' }];
  const httpNodes: string[] = [];
  for (let l = 0; l < HTTP_LANES; l++) {
    for (let i = 0; i < LANE_LENGTH; i++) {
      const id = `h${l}_${i}`;
      const prev = i === 0 ? 'prep' : `h${l}_${i - 1}`;
      httpNodes.push(id);
      nodes.push({
        id,
        type: 'http.request',
        position: [400 + i * 200, l * 150],
        params: { url: `http://127.0.0.1:${counterPort}/hit`, query: { node: id, run: '{{start.output.main.tag}}' } },
      });
      edges.push({ id: `e_${prev}_${id}`, source: prev, target: id });
    }
    edges.push({ id: `e_lane${l}_merge`, source: `h${l}_${LANE_LENGTH - 1}`, target: 'merge' });
  }
  nodes.push(
    { id: 'merge', type: 'logic.merge', position: [1100, 75], params: { mode: 'all' } },
    { id: 'say', type: 'ai.translate', position: [1300, 75], params: { text: 'hello world, the {{h0_2.output.main.body.node}} node answered', target: 'fr' } },
    { id: 'done', type: 'io.set', position: [1500, 75], params: { values: { ok: true, text: '{{say.output.main.text}}' } } },
  );
  edges.push({ id: 'e_merge_say', source: 'merge', target: 'say' }, { id: 'e_say_done', source: 'say', target: 'done' });
  return { spec: { nodes, edges, variables: {}, trigger: { type: 'manual', config: {} } }, nodeIds: nodes.map((n) => n.id as string), httpNodes };
}

interface RunItem {
  kind: 'engine';
  tag: string;
  runId?: string;
  sse?: SseFollower;
  submittedAt: number;
}
interface StoryItem {
  kind: 'story';
  storyId?: string;
  sse?: SseFollower;
  submittedAt: number;
}
interface SimpleItem {
  kind: 'image' | 'video' | 'topup';
  id?: string;
  status?: number;
  submittedAt: number;
}
type Item = RunItem | StoryItem | SimpleItem;

/** The mixed batch: set up, submit, settle, check. */
export class ChaosBatch {
  readonly api: Api;
  readonly rng: Rng;
  private readonly db: ReturnType<typeof connect>;
  readonly items: Item[] = [];
  private readonly pending: Array<Promise<void>> = [];
  private workflowId = '';
  private dag!: ReturnType<typeof chaosDagSpec>;
  private accountId = '';
  private webhookId = '';
  private runSeq = 0;
  private otherRunId = '';

  constructor(
    private readonly target: ChaosTarget,
    private readonly counter: CounterServer,
    private readonly receiver: WebhookReceiver,
    private readonly faults: FaultLog,
    readonly seed: number,
    private readonly log: (msg: string) => void = () => undefined,
  ) {
    this.api = new Api(target);
    this.rng = seededRng(seed);
    this.db = connect(target.databaseUrl);
  }

  /** The account can top up (it is over an hour old), has a webhook subscription and the DAG workflow. */
  async setup(): Promise<void> {
    const balance = await this.api.submit('GET', '/v1/billing/balance');
    if (balance?.status !== 200) throw new Error(`balance: ${balance?.status} ${JSON.stringify(balance?.json)}`);
    this.accountId = balance.json.account_id as string;
    // The one-hour age gate of top-ups is not what this batch is about.
    await this.db.query(`update accounts set created_at = now() - interval '2 hours' where id = $1`, [this.accountId]);
    const hook = await this.api.submit('POST', '/v1/console/webhooks', { name: 'chaos receiver', url: this.receiver.url, events: ['generation.completed', 'generation.failed', 'billing.charged'] });
    if (hook?.status !== 201) throw new Error(`webhook: ${hook?.status} ${JSON.stringify(hook?.json)}`);
    this.webhookId = hook.json.id as string;
    this.dag = chaosDagSpec(this.counter.port);
    const wf = await this.api.submit('POST', '/engine/v1/v1/workflows', { name: 'chaos batch', spec: this.dag.spec });
    if (wf?.status !== 201) throw new Error(`workflow: ${wf?.status} ${JSON.stringify(wf?.json)}`);
    this.workflowId = wf.json.id as string;
    await this.otherAccountCappedRun();
  }

  /**
   * Another account (a console signup) with a finished run capped at $1 that charged nothing: no
   * charge of this batch may move its counter (a reservation whose condition was not scoped to its
   * own run once added every charge to every capped run with room, of any account).
   */
  private async otherAccountCappedRun(): Promise<void> {
    const owner = { email: `chaos-other-${this.seed}-${Date.now()}@example.com`, password: 'chaos other account' };
    const signup = await this.api.submit('POST', '/v1/console/signup', owner);
    if (signup?.status !== 202) throw new Error(`other account: ${signup?.status} ${JSON.stringify(signup?.json)}`);
    const login = await this.api.submit('POST', '/v1/console/login', owner);
    if (login?.status !== 200) throw new Error(`other account login: ${login?.status} ${JSON.stringify(login?.json)}`);
    // The engine needs the Medium plan; an operator assigns it (the run itself is free).
    await this.db.query(`update accounts set tier_override = 'payg-standard' where id = $1`, [login.json.account_id]);
    const auth = { authorization: `Bearer ${login.json.token as string}` };
    const spec = {
      nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }, { id: 'idle', type: 'io.set', position: [200, 0], params: { values: { ok: true } } }],
      edges: [{ id: 'e_start_idle', source: 'start', target: 'idle' }],
      variables: {},
      trigger: { type: 'manual', config: {} },
    };
    const wf = await this.api.submit('POST', '/engine/v1/v1/workflows', { name: 'other account, capped', spec }, auth);
    if (wf?.status !== 201) throw new Error(`other account workflow: ${wf?.status} ${JSON.stringify(wf?.json)}`);
    const run = await this.api.submit('POST', '/engine/v1/v1/runs', { workflow_id: wf.json.id, input: {}, usd_cap: 1 }, auth);
    if (run?.status !== 201) throw new Error(`other account run: ${run?.status} ${JSON.stringify(run?.json)}`);
    this.otherRunId = run.json.run_id as string;
  }

  /** Submits the plan's items at seeded random times over `spreadMs`; resolves once all were sent. */
  async produce(plan: BatchPlan): Promise<void> {
    const kinds: Item['kind'][] = [
      ...Array<Item['kind']>(plan.engineRuns).fill('engine'),
      ...Array<Item['kind']>(plan.stories).fill('story'),
      ...Array<Item['kind']>(plan.images).fill('image'),
      ...Array<Item['kind']>(plan.videos).fill('video'),
      ...Array<Item['kind']>(plan.topups).fill('topup'),
    ];
    const schedule = kinds.map((kind) => ({ kind, at: Math.floor(this.rng.next() * plan.spreadMs) })).sort((a, b) => a.at - b.at);
    const t0 = Date.now();
    for (const s of schedule) {
      const wait = t0 + s.at - Date.now();
      if (wait > 0) await sleep(wait);
      this.pending.push(this.submitOne(s.kind).catch((err: unknown) => this.log(`submit ${s.kind}: ${String(err)}`)));
    }
    await Promise.all(this.pending);
  }

  private async submitOne(kind: Item['kind']): Promise<void> {
    const submittedAt = Date.now();
    if (kind === 'engine') {
      const item: RunItem = { kind, tag: `r${this.seed}-${++this.runSeq}`, submittedAt };
      this.items.push(item);
      // Every other run is capped (far above its price): capped and uncapped charges side by side.
      const cap = this.runSeq % 2 === 0 ? { usd_cap: 1 } : {};
      const r = await this.api.submit('POST', '/engine/v1/v1/runs', { workflow_id: this.workflowId, input: { tag: item.tag }, ...cap });
      if (r?.status !== 201) return this.log(`engine run not created: ${r?.status ?? 'cut'} ${JSON.stringify(r?.json ?? '').slice(0, 200)}`);
      item.runId = r.json.run_id as string;
      item.sse = followSse(`${this.target.baseUrl}/engine/v1/v1/runs/${item.runId}/events?since_seq=0`, this.target.key, (type) => type === 'run_finished');
    } else if (kind === 'story') {
      const item: StoryItem = { kind, submittedAt };
      this.items.push(item);
      // The pipeline answers with its stream; the story id is in a header. The stream is left to the
      // follower (which re-attaches with Last-Event-ID), so this request only starts the story.
      const controller = new AbortController();
      let storyId: string | undefined;
      for (let attempt = 0; attempt < 60 && !storyId; attempt++) {
        this.api.requests += 1;
        try {
          const r = await fetch(`${this.target.baseUrl}/v1/story/generate`, {
            method: 'POST',
            headers: { authorization: `Bearer ${this.target.key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ prompt: `A lighthouse keeper and a storm, take ${this.rng.int(1, 1e6)}`, num_scenes: 2, duration: 15, resolution: '720p', seed: this.rng.int(1, 1e6) }),
            signal: controller.signal,
          });
          storyId = r.headers.get('x-story-id') ?? undefined;
          if (!storyId) {
            await r.text();
            if (r.status >= 500 || r.status === 429) {
              await sleep(1_000);
              continue;
            }
            return this.log(`story not started: ${r.status}`);
          }
        } catch (err) {
          if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') {
            await sleep(400);
            continue;
          }
          this.api.cut.push(Date.now());
          return;
        }
      }
      controller.abort();
      if (!storyId) return;
      item.storyId = storyId;
      item.sse = followSse(`${this.target.baseUrl}/v1/story/${storyId}/events`, this.target.key, (type) => type === 'complete' || type === 'error');
    } else {
      const item: SimpleItem = { kind, submittedAt };
      this.items.push(item);
      let r: ApiResult | null;
      if (kind === 'image') r = await this.api.submit('POST', '/v1/ai/generate/image', { prompt: `a red kite over the sea ${this.rng.int(1, 1e6)}`, width: 128, height: 128 });
      else if (kind === 'video') r = await this.api.submit('POST', '/v1/ai/generate/video', { prompt: `waves at night ${this.rng.int(1, 1e6)}`, seconds: 1 });
      // Alternate a package with a bonus (two ledger entries) and a custom amount without one.
      else r = await this.api.submit('POST', '/v1/billing/topup', this.rng.next() < 0.5 ? { package: 'scale-500' } : { amount_usd: 20 });
      item.status = r?.status;
      item.id = (r?.json?.job_id ?? r?.json?.id) as string | undefined;
    }
  }

  /** Waits until every run, story and asynchronous job of the account is terminal (or the deadline). */
  async settle(timeoutMs: number): Promise<{ settled: boolean; waitingOn: string[] }> {
    await Promise.all(this.pending);
    const deadline = Date.now() + timeoutMs;
    let lastLog = Date.now();
    for (;;) {
      const waitingOn = await this.unsettled();
      if (Date.now() - lastLog > 15_000) {
        lastLog = Date.now();
        this.log(`settling: waiting on ${waitingOn.length}: ${waitingOn.slice(0, 6).join(', ')}`);
      }
      if (waitingOn.length === 0 || Date.now() > deadline) {
        // The SSE clients end on their terminal event; give them a moment, then stop the rest.
        const followers = this.items.flatMap((i) => ('sse' in i && i.sse ? [i.sse] : []));
        await Promise.race([Promise.all(followers.map((f) => f.done)), sleep(20_000)]);
        for (const f of followers) f.stop();
        return { settled: waitingOn.length === 0, waitingOn };
      }
      await sleep(1_000);
    }
  }

  private async unsettled(): Promise<string[]> {
    // With its generation and how long it has been quiet: a run no watchdog picks up shows here.
    const runs = await this.db.query<{ id: string; status: string; resumed_count: number; quiet_s: number }>(
      `select id, status, resumed_count, extract(epoch from now() - coalesce(last_heartbeat_at, created_at))::int as quiet_s
         from runs where account_id = $1 and status not in ('completed','failed','timed_out','cancelled')`,
      [this.accountId],
    );
    const stories = await this.db.query<{ id: string }>(
      `select s.id from stories s where s.account_id = $1
         and not exists (select 1 from story_events e where e.story_id = s.id and e.event in ('complete','error'))`,
      [this.accountId],
    );
    const jobs = await this.db.query<{ id: string }>(`select id from generation_jobs where account_id = $1 and status = 'processing'`, [this.accountId]);
    return [...runs.map((r) => `run ${r.id} ${r.status} (generation ${r.resumed_count}, quiet ${r.quiet_s} s)`), ...stories.map((s) => `story ${s.id}`), ...jobs.map((j) => `job ${j.id}`)];
  }

  /** Every invariant, against Postgres and what the clients and loopbacks saw. */
  async check(): Promise<BatchReport> {
    const q = this.db.query;
    const acct = this.accountId;
    const invariants: InvariantResult[] = [];
    const inv = (name: string) => {
      const r: InvariantResult = { name, checked: 0, violations: [] };
      invariants.push(r);
      return r;
    };

    // 1. Terminal states: runs, stories, generation jobs.
    const runs = await q<{ id: string; status: string; input: { tag?: string }; error: string | null; usd_charged_micros: string; created_at: Date; finished_at: Date | null }>(
      `select id, status, input, error, usd_charged_micros, created_at, finished_at from runs where account_id = $1`, [acct]);
    const stories = await q<{ id: string; terminal: string[] }>(
      `select s.id, coalesce(array_agg(e.event) filter (where e.event in ('complete','error')), '{}') as terminal
         from stories s left join story_events e on e.story_id = s.id where s.account_id = $1 group by s.id`, [acct]);
    const jobs = await q<{ id: string; type: string; status: string; cost_micros: string; charge_operation_id: string | null }>(
      `select id, type, status, cost_micros, charge_operation_id from generation_jobs where account_id = $1`, [acct]);
    const terminal = inv('every run, story and generation job reaches a terminal state');
    for (const r of runs) {
      terminal.checked += 1;
      if (!TERMINAL_RUN.has(r.status)) terminal.violations.push(`run ${r.id} is ${r.status}`);
    }
    for (const s of stories) {
      terminal.checked += 1;
      if (s.terminal.length === 0) terminal.violations.push(`story ${s.id} has no complete/error event`);
    }
    for (const j of jobs) {
      terminal.checked += 1;
      if (j.status === 'processing') terminal.violations.push(`${j.type} job ${j.id} is still processing (charged ${Number(j.cost_micros) / 1e6} USD)`);
    }

    // 2–4. Run events: seq gap-free; node_completed once per node in the table and at the client.
    const events = await q<{ run_id: string; seqs: number[]; completed: Array<string | null> }>(
      `select e.run_id, array_agg(e.seq order by e.seq) as seqs,
              array_agg(e.node_id order by e.seq) filter (where e.type = 'node_completed') as completed
         from run_events e join runs r on r.id = e.run_id where r.account_id = $1 group by e.run_id`, [acct]);
    const eventsByRun = new Map(events.map((e) => [e.run_id, e]));
    const gapFree = inv('run_events seq gap-free (1..n) per run');
    const onceTable = inv('node_completed exactly once per node in run_events');
    const onceClient = inv('node_completed exactly once per node at the SSE client (Last-Event-ID reconnects)');
    for (const r of runs) {
      const e = eventsByRun.get(r.id);
      gapFree.checked += 1;
      const seqs = (e?.seqs ?? []).map(Number);
      const gap = seqs.findIndex((s, i) => s !== i + 1);
      if (gap >= 0) gapFree.violations.push(`run ${r.id}: seq ${seqs[gap]} at position ${gap + 1}`);
      const counts = new Map<string, number>();
      for (const n of e?.completed ?? []) if (n) counts.set(n, (counts.get(n) ?? 0) + 1);
      onceTable.checked += 1;
      const expectAll = r.status === 'completed';
      const bad = this.dag.nodeIds.filter((id) => (counts.get(id) ?? 0) > 1 || (expectAll && counts.get(id) !== 1));
      if (bad.length) onceTable.violations.push(`run ${r.id} (${r.status}): ${bad.map((id) => `${id}×${counts.get(id) ?? 0}`).join(' ')}`);
      const item = this.items.find((i): i is RunItem => i.kind === 'engine' && i.runId === r.id);
      if (item?.sse) {
        onceClient.checked += 1;
        const c = item.sse;
        const clientBad = this.dag.nodeIds.filter((id) => (c.completed.get(id) ?? 0) !== (counts.get(id) ?? 0));
        const problems: string[] = [];
        if (clientBad.length) problems.push(clientBad.map((id) => `${id} client×${c.completed.get(id) ?? 0} table×${counts.get(id) ?? 0}`).join(' '));
        if (c.outOfOrder) problems.push(`${c.outOfOrder} frames repeated or out of order`);
        if (!c.terminal) problems.push('no run_finished at the client');
        else if (c.terminal.status !== r.status) problems.push(`client saw ${c.terminal.status}, table says ${r.status}`);
        const contiguous = c.ids.every((id, i) => id === i + 1);
        if (!contiguous) problems.push('client ids not 1..n');
        if (problems.length) onceClient.violations.push(`run ${r.id}: ${problems.join('; ')}`);
      }
    }

    // 5. Side effects: at most one call per http node, plus the calls a fault cut; attributed per fault.
    const sideEffects = inv('side effects ≤ one per node, plus calls in flight at a fault');
    const perFaultSide = new Map<number, number>();
    let calls = 0;
    let repeats = 0;
    let repeatsAtFaults = 0;
    const statusByTag = new Map(runs.map((r) => [r.input?.tag ?? '', r.status]));
    for (const item of this.items) {
      if (item.kind !== 'engine') continue;
      for (const node of this.dag.httpNodes) {
        const times = this.counter.arrivals.byKey.get(`${item.tag}/${node}`) ?? [];
        sideEffects.checked += 1;
        calls += times.length;
        if (times.length === 0 && statusByTag.get(item.tag) === 'completed') sideEffects.violations.push(`run ${item.tag}: ${node} never called in a completed run`);
        for (let i = 1; i < times.length; i++) {
          repeats += 1;
          const f = this.faults.between(times[i - 1]!, times[i]!);
          if (f) {
            repeatsAtFaults += 1;
            perFaultSide.set(f.index, (perFaultSide.get(f.index) ?? 0) + 1);
          } else sideEffects.violations.push(`run ${item.tag}: ${node} called again ${((times[i]! - times[i - 1]!) / 1000).toFixed(1)} s later with no fault in between`);
        }
      }
    }

    // 6. Webhooks: each emitted event received at most once, plus deliveries in flight at a fault.
    const webhookOnce = inv('webhook events delivered at most once, plus deliveries in flight at a fault');
    const perFaultHook = new Map<number, number>();
    let hookRepeats = 0;
    for (const [key, times] of this.receiver.arrivals.byKey) {
      webhookOnce.checked += 1;
      for (let i = 1; i < times.length; i++) {
        const f = this.faults.between(times[i - 1]!, times[i]!);
        if (f) {
          hookRepeats += 1;
          perFaultHook.set(f.index, (perFaultHook.get(f.index) ?? 0) + 1);
        } else webhookOnce.violations.push(`${key.slice(0, 120)} received ${times.length}×`);
      }
    }
    const successRows = await q<{ key: string; n: string; times: Date[] }>(
      `select payload->>'event' || '|' || (payload->>'timestamp') || '|' || (payload->'data')::text as key, count(*) as n, array_agg(attempted_at order by attempted_at) as times
         from webhook_deliveries where webhook_id = $1 and success group by 1`, [this.webhookId]);
    let successCount = 0;
    for (const row of successRows) {
      successCount += Number(row.n);
      const times = row.times.map((t) => new Date(t).getTime());
      for (let i = 1; i < times.length; i++) {
        if (!this.faults.between(times[i - 1]! - 5_000, times[i]!)) webhookOnce.violations.push(`delivery log: ${row.key.slice(0, 100)} succeeded ${row.n}×`);
      }
    }

    // 7–11. Money.
    const ledger = await q<{ id: string; kind: string; amount_micros: string; balance_after_micros: string; operation_id: string; reference_operation_id: string | null; metadata: Record<string, unknown> }>(
      `select id, kind, amount_micros, balance_after_micros, operation_id, reference_operation_id, metadata from ledger_entries where account_id = $1 order by id`, [acct]);
    const [account] = await q<{ balance_micros: string }>(`select balance_micros from accounts where id = $1`, [acct]);
    const balance = Number(account!.balance_micros);
    const sumInv = inv('ledger sums to the balance to the micro-dollar (and each balance_after follows)');
    let sum = 0;
    for (const e of ledger) {
      sumInv.checked += 1;
      sum += Number(e.amount_micros);
      if (Number(e.balance_after_micros) !== sum) sumInv.violations.push(`entry ${e.id} (${e.operation_id}): balance_after ${e.balance_after_micros}, running sum ${sum}`);
    }
    sumInv.checked += 1;
    if (sum !== balance) sumInv.violations.push(`ledger sum ${sum} µUSD, balance ${balance} µUSD`);

    const charges = ledger.filter((e) => e.kind === 'charge');
    const refunds = ledger.filter((e) => e.kind === 'refund');
    const runById = new Map(runs.map((r) => [r.id, r]));
    const jobById = new Map(jobs.map((j) => [j.id, j]));
    const storyIds = new Set(stories.map((s) => s.id));
    const withOp = inv('no charge without its operation (run node, generation job, story)');
    for (const c of charges) {
      withOp.checked += 1;
      const op = c.operation_id;
      let m: RegExpExecArray | null;
      if ((m = /^run:([^:]+):node:([^:]+)/.exec(op))) {
        if (!runById.has(m[1]!)) withOp.violations.push(`${op}: no such run`);
        else if (!this.dag.nodeIds.includes(m[2]!)) withOp.violations.push(`${op}: no such node`);
      } else if ((m = /^gen:(.+)$/.exec(op))) {
        if (!jobById.has(m[1]!)) withOp.violations.push(`${op}: no generation job`);
      } else if ((m = /^story:([^:]+):/.exec(op))) {
        if (!storyIds.has(m[1]!)) withOp.violations.push(`${op}: no story`);
      } else withOp.violations.push(`${op}: charge of an operation the batch does not make`);
    }

    const refundOnce = inv('no refund twice (refunds ≤ the charge; a failed job refunded once, a completed one never)');
    const chargeByOp = new Map(charges.map((c) => [c.operation_id, c]));
    const refundedByOp = new Map<string, number>();
    for (const r of refunds) {
      refundOnce.checked += 1;
      const ref = r.reference_operation_id ?? '';
      if (!chargeByOp.has(ref)) refundOnce.violations.push(`refund ${r.operation_id} references no charge (${ref})`);
      refundedByOp.set(ref, (refundedByOp.get(ref) ?? 0) + Number(r.amount_micros));
    }
    for (const [op, amount] of refundedByOp) {
      const charge = chargeByOp.get(op);
      if (charge && amount > -Number(charge.amount_micros)) refundOnce.violations.push(`${op}: refunded ${amount} of a ${-Number(charge.amount_micros)} µUSD charge`);
    }
    for (const j of jobs) {
      if (!j.charge_operation_id) continue;
      refundOnce.checked += 1;
      const refunded = refundedByOp.get(j.charge_operation_id) ?? 0;
      const charged = -Number(chargeByOp.get(j.charge_operation_id)?.amount_micros ?? 0);
      if (j.status === 'completed' && refunded !== 0) refundOnce.violations.push(`completed job ${j.id} refunded ${refunded} µUSD`);
      if (j.status === 'failed' && refunded !== charged) refundOnce.violations.push(`failed job ${j.id}: charged ${charged}, refunded ${refunded} µUSD`);
    }

    const credits = inv('story credit spends and refunds match their wallet entries');
    const creditRows = await q<{ kind: string; operation_id: string; wallet_micros: string }>(
      `select kind, operation_id, wallet_micros from credit_ledger where account_id = $1`, [acct]);
    const ledgerByOp = new Map(ledger.map((e) => [e.operation_id, e]));
    for (const c of creditRows) {
      credits.checked += 1;
      const wallet = Number(c.wallet_micros);
      const entry = ledgerByOp.get(c.operation_id);
      const moved = entry ? Math.abs(Number(entry.amount_micros)) : 0;
      if (moved !== wallet) credits.violations.push(`credit ${c.kind} ${c.operation_id}: wallet part ${wallet} µUSD, ledger moved ${moved}`);
    }

    const topups = inv('every top-up credited whole (amount, and its bonus when one is due)');
    for (const t of ledger.filter((e) => e.kind === 'topup')) {
      topups.checked += 1;
      const payment = t.operation_id.slice('topup:'.length);
      const bonusDue = Number(t.amount_micros) >= 500_000_000;
      const bonus = ledgerByOp.get(`bonus:${payment}`);
      if (bonusDue && !bonus) topups.violations.push(`${t.operation_id}: no bonus entry`);
    }

    // Every run of every account (another account's capped run is among them), against the ledger
    // rows of its nodes, whichever account's they are.
    const runCharged = inv("each run's usd_charged equals the sum of its ledger rows (every account, another account's capped run present)");
    const allRuns = await q<{ id: string; usd_charged_micros: string }>(`select id, usd_charged_micros from runs`);
    const runRows = await q<{ operation_id: string; amount_micros: string }>(`select operation_id, amount_micros from ledger_entries where operation_id like 'run:%'`);
    const chargedByRun = new Map<string, number>();
    for (const c of runRows) {
      const m = /^run:([^:]+):node:/.exec(c.operation_id);
      if (m) chargedByRun.set(m[1]!, (chargedByRun.get(m[1]!) ?? 0) - Number(c.amount_micros));
    }
    if (!allRuns.some((r) => r.id === this.otherRunId)) runCharged.violations.push(`the other account's capped run ${this.otherRunId || '(not created)'} is missing`);
    for (const r of allRuns) {
      runCharged.checked += 1;
      const inLedger = chargedByRun.get(r.id) ?? 0;
      if (Number(r.usd_charged_micros) !== inLedger) runCharged.violations.push(`run ${r.id}: usd_charged ${r.usd_charged_micros} µUSD, ledger ${inLedger}`);
    }

    const storyEvents = inv('story events: one terminal event per story, each event once at the client');
    const storyTerminal = new Map(stories.map((s) => [s.id, s.terminal.length]));
    for (const item of this.items) {
      if (item.kind !== 'story' || !item.storyId) continue;
      storyEvents.checked += 1;
      const n = storyTerminal.get(item.storyId) ?? 0;
      if (n > 1) storyEvents.violations.push(`story ${item.storyId}: ${n} terminal events`);
      if (item.sse && (item.sse.outOfOrder || !item.sse.terminal)) storyEvents.violations.push(`story ${item.storyId}: client ${item.sse.outOfOrder} repeats, terminal ${item.sse.terminal?.type ?? 'none'}`);
    }

    // Figures.
    const outcomes: Record<string, Record<string, number>> = { run: {}, story: {}, job: {}, client: {} };
    const bump = (group: string, k: string) => (outcomes[group]![k] = (outcomes[group]![k] ?? 0) + 1);
    for (const r of runs) bump('run', r.status);
    for (const s of stories) bump('story', s.terminal[0] ?? 'none');
    for (const j of jobs) bump('job', `${j.type}:${j.status}`);
    for (const i of this.items) if (i.kind === 'topup') bump('client', `topup:${i.status ?? 'cut'}`);
    const submitted: Record<string, number> = {};
    for (const i of this.items) submitted[i.kind] = (submitted[i.kind] ?? 0) + 1;
    const followers = this.items.flatMap((i) => ('sse' in i && i.sse ? [i.sse] : []));
    const perFault: FaultFigures[] = this.faults.faults.map((f) => {
      const inWindow = (t: number) => t >= f.startMs && t <= f.endMs + 2_000;
      return {
        fault: f,
        requestsCut: this.api.cut.filter(inWindow).length,
        sseReconnects: followers.reduce((n, s) => n + s.reconnectTimes.filter(inWindow).length, 0),
        sideEffectRepeats: perFaultSide.get(f.index) ?? 0,
        webhookRepeats: perFaultHook.get(f.index) ?? 0,
        runsInFlight: runs.filter((r) => new Date(r.created_at).getTime() <= f.startMs && (!r.finished_at || new Date(r.finished_at).getTime() >= f.startMs)).length,
      };
    });
    const sumKind = (k: string) => ledger.filter((e) => e.kind === k).reduce((n, e) => n + Number(e.amount_micros), 0) / 1e6;
    const violations = invariants.reduce((n, i) => n + i.violations.length, 0);
    return {
      seed: this.seed,
      requests: this.api.requests,
      requestsCut: this.api.cut.length,
      submitted,
      outcomes,
      sideEffects: { calls, nodes: this.items.filter((i) => i.kind === 'engine').length * this.dag.httpNodes.length, repeats, repeatsAtFaults },
      webhooks: { received: this.receiver.arrivals.total, events: this.receiver.arrivals.byKey.size, repeatsAtFaults: hookRepeats, successRows: successCount },
      sse: {
        runsFollowed: this.items.filter((i) => i.kind === 'engine' && i.sse).length,
        storiesFollowed: this.items.filter((i) => i.kind === 'story' && i.sse).length,
        reconnects: followers.reduce((n, s) => n + s.reconnects, 0),
      },
      ledger: { entries: ledger.length, balanceUsd: balance / 1e6, chargedUsd: -sumKind('charge'), refundedUsd: sumKind('refund'), toppedUpUsd: sumKind('topup') + sumKind('bonus') },
      invariants,
      violations,
      perFault,
    };
  }

  async close(): Promise<void> {
    for (const i of this.items) if ('sse' in i) i.sse?.stop();
    await this.db.end().catch(() => undefined);
  }
}

/** The report as Markdown: the figures, one row per fault, one row per invariant. */
export function reportMarkdown(r: BatchReport): string {
  const f = (n: number) => n.toFixed(1);
  const lines = [
    `Seed ${r.seed}. Submitted: ${Object.entries(r.submitted).map(([k, v]) => `${v} ${k}`).join(', ')}; ${r.requests} API requests, ${r.requestsCut} cut by a fault.`,
    `Outcomes: runs ${fmt(r.outcomes.run)}; stories ${fmt(r.outcomes.story)}; generation jobs ${fmt(r.outcomes.job)}; top-up answers ${fmt(r.outcomes.client)}.`,
    `Side effects: ${r.sideEffects.calls} counter calls for ${r.sideEffects.nodes} http nodes; ${r.sideEffects.repeats} repeats, ${r.sideEffects.repeatsAtFaults} of them calls in flight at a fault.`,
    `Webhooks: ${r.webhooks.received} deliveries received for ${r.webhooks.events} events (${r.webhooks.repeatsAtFaults} repeats at a fault), ${r.webhooks.successRows} logged as successful.`,
    `SSE: ${r.sse.runsFollowed} runs and ${r.sse.storiesFollowed} stories followed, ${r.sse.reconnects} reconnects with Last-Event-ID.`,
    `Ledger: ${r.ledger.entries} entries; charged $${r.ledger.chargedUsd.toFixed(6)}, refunded $${r.ledger.refundedUsd.toFixed(6)}, topped up $${r.ledger.toppedUpUsd.toFixed(2)}; balance $${r.ledger.balanceUsd.toFixed(6)}.`,
    '',
    '| # | fault | at | stack back after | runs in flight | requests cut | SSE reconnects | side-effect repeats | webhook repeats |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.perFault.map((p) => {
      const t0 = r.perFault[0]?.fault.startMs ?? p.fault.startMs;
      return `| ${p.fault.index} | ${p.fault.label} | +${f((p.fault.startMs - t0) / 1000)} s | ${f((p.fault.endMs - p.fault.startMs) / 1000)} s | ${p.runsInFlight} | ${p.requestsCut} | ${p.sseReconnects} | ${p.sideEffectRepeats} | ${p.webhookRepeats} |`;
    }),
    '',
    '| invariant | checked | violations |',
    '|---|---|---|',
    ...r.invariants.map((i) => `| ${i.name} | ${i.checked} | ${i.violations.length === 0 ? '0' : `**${i.violations.length}**: ${i.violations.slice(0, 3).join('; ')}`} |`),
    '',
    `Verdict: ${r.violations === 0 ? 'PASS' : 'FAIL'} — ${r.violations} violations in ${r.invariants.reduce((n, i) => n + i.checked, 0)} checks.`,
  ];
  return lines.join('\n');
}

function fmt(o: Record<string, number> | undefined): string {
  const e = Object.entries(o ?? {});
  return e.length ? e.map(([k, v]) => `${v} ${k}`).join(', ') : 'none';
}
