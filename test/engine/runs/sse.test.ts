// GET /v1/runs/{id}/events ("Events"): replay, tail, reconnect.
import { describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../../src/infra/db/listener';
import { createWorkflow, httpNode, spec, startRun, waitFor, waitForRun, useEngineStack } from './helpers';

const fx = useEngineStack();

interface Frame {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** Reads SSE frames until `stopWhen` says so or the server ends the stream. */
async function readFrames(runId: string, opts: { headers?: Record<string, string>; query?: string; stopWhen?: (frames: Frame[]) => boolean }) {
  const controller = new AbortController();
  const res = await fetch(`${fx.stack.url}/engine/v1/v1/runs/${runId}/events${opts.query ?? ''}`, {
    headers: { authorization: `Bearer ${fx.stack.adminKey}`, ...opts.headers },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const i = line.indexOf(':');
          fields[line.slice(0, i)] = line.slice(i + 1).trimStart();
        }
        if (fields.id) frames.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data!) });
      }
      if (opts.stopWhen?.(frames)) break;
    }
  } finally {
    controller.abort();
  }
  return { frames, ended, headers: res.headers, status: res.status };
}

describe('engine runs: SSE events', () => {
  it('replays a finished run with proxy-safe headers and ends after run_finished', async () => {
    const wf = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { a: 1 } } }], [['start', 'set']]));
    const { run_id } = await startRun(fx.stack, wf);
    await waitForRun(fx.stack, run_id);
    const { frames, ended, headers, status } = await readFrames(run_id, {});
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/event-stream');
    expect(headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(ended).toBe(true);
    expect(frames.map((f) => f.event)).toEqual([
      'node_started', 'node_output', 'node_completed', 'node_started', 'node_output', 'node_completed', 'run_finished',
    ]);
    expect(frames.map((f) => f.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const f of frames) expect(f.data.seq).toBe(f.id);
    expect(frames[0]!.data).toMatchObject({ node_id: 'start' });
    expect(typeof frames[0]!.data.timestamp).toBe('string');
    expect(frames[4]!.data).toMatchObject({ node_id: 'set', output: { main: { a: 1 } }, usd_charged: 0 });
    expect(frames[5]!.data).toMatchObject({ node_id: 'set', ok: true });
    expect(typeof frames[5]!.data.duration_ms).toBe('number');
    expect(frames[6]!.data).toMatchObject({ status: 'completed', total_usd_charged: 0 });
    expect(typeof frames[6]!.data.duration_ms).toBe('number');

    const later = await readFrames(run_id, { query: '?since_seq=5' });
    expect(later.frames.map((f) => f.id)).toEqual([6, 7]);
  });

  it('delivers every event exactly once, in order, across a reconnect during parallel branches', async () => {
    const branches = Array.from({ length: 12 }, (_, i) => httpNode(`b${i}`, fx.counter, 150 + ((i * 97) % 600)));
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, ...branches, { id: 'join', type: 'logic.merge', params: { mode: 'all' } }],
      [...branches.map((b) => ['start', b.id] as [string, string]), ...branches.map((b) => [b.id, 'join'] as [string, string])],
    );
    const wf = await createWorkflow(fx.stack, s);
    const { run_id } = await startRun(fx.stack, wf);
    // Live: read a few frames while branches are running, then drop the connection.
    const first = await readFrames(run_id, { stopWhen: (f) => f.length >= 6 });
    expect(first.ended).toBe(false);
    const lastSeen = first.frames.at(-1)!.id;
    const second = await readFrames(run_id, { headers: { 'last-event-id': String(lastSeen) } });
    expect(second.ended).toBe(true);
    const seqs = [...first.frames, ...second.frames].map((f) => f.id);
    // Strictly increasing, no gaps, nothing twice, and exactly what a full replay returns.
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const replay = await readFrames(run_id, {});
    expect(replay.frames.map((f) => f.id)).toEqual(seqs);
    expect([...first.frames, ...second.frames].map((f) => f.event)).toEqual(replay.frames.map((f) => f.event));
    const completed = replay.frames.filter((f) => f.event === 'node_completed').map((f) => f.data.node_id);
    expect(new Set(completed).size).toBe(14);
    expect(completed.length).toBe(14);
    expect(replay.frames.at(-1)!.event).toBe('run_finished');
  });

  it('tails a live run: frames arrive as nodes complete, before the run finishes', async () => {
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, httpNode('slow1', fx.counter, 800), httpNode('slow2', fx.counter, 800)],
      [['start', 'slow1'], ['slow1', 'slow2']],
    );
    const wf = await createWorkflow(fx.stack, s);
    const { run_id } = await startRun(fx.stack, wf);
    const arrivals: Array<{ event: string; at: number }> = [];
    const { frames } = await readFrames(run_id, {
      stopWhen: (f) => {
        while (arrivals.length < f.length) arrivals.push({ event: f[arrivals.length]!.event, at: Date.now() });
        return false;
      },
    });
    expect(frames.at(-1)!.event).toBe('run_finished');
    const slow1Done = arrivals[frames.findIndex((f) => f.event === 'node_completed' && f.data.node_id === 'slow1')]!.at;
    const finished = arrivals.at(-1)!.at;
    // slow1's completion reached us while slow2 (800 ms) was still running.
    expect(finished - slow1Done).toBeGreaterThan(400);
    await waitFor('hits', async () => fx.counter.count('slow2') === 1);
  });

  it('the one LISTEN connection comes back after Postgres drops it, and wake-ups flow again', async () => {
    const hub = fx.stack.atelier.deps.runEvents!;
    expect(hub.connected).toBe(true);
    const db = fx.stack.atelier.deps.db;
    const { sql } = await import('kysely');
    // The process's one listener connection carries the hub (and the credential cache): kill it, as a Postgres restart would.
    const listener = fx.stack.atelier.deps.listener!;
    const pid = listener.backendPid;
    expect(pid).toBeDefined();
    const killed = await sql<{ pid: number }>`
      select pid, pg_terminate_backend(pid) as ok from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(db);
    expect(killed.rows.map((r) => r.pid)).toEqual([pid]);
    await waitFor('the hub to notice', async () => !hub.connected, 10_000, 20);
    await waitFor('the hub to reconnect', async () => hub.connected, 20_000, 50);
    // Both subscribers are back on one new connection.
    expect(fx.stack.atelier.deps.credentials!.connected).toBe(true);
    const after = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(db);
    expect(after.rows.map((r) => r.pid)).toEqual([listener.backendPid]);
    expect(listener.backendPid).not.toBe(pid);

    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, httpNode('r1', fx.counter, 700), httpNode('r2', fx.counter, 700), httpNode('r3', fx.counter, 700)],
      [['start', 'r1'], ['r1', 'r2'], ['r2', 'r3']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const arrivals = new Map<number, number>();
    const { frames } = await readFrames(run_id, {
      stopWhen: (f) => {
        for (const fr of f) if (!arrivals.has(fr.id)) arrivals.set(fr.id, Date.now());
        return false;
      },
    });
    const rows = await db.selectFrom('run_events').select(['seq', 'created_at']).where('run_id', '=', run_id).execute();
    const lags = rows.filter((r) => frames.some((f) => f.id === r.seq && f.event === 'node_completed')).map((r) => arrivals.get(r.seq)! - r.created_at.getTime());
    expect(lags.length).toBe(4);
    // Woken by NOTIFY, not by the 5 s safety poll.
    for (const lag of lags) expect(lag).toBeLessThan(2_000);
  });
});
