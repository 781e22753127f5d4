// Issue 16, defect 1: a code node's logs were capped by count, not size — 200 lines of 1 MB each
// took the worker from 558 MB to 2.2 GB RSS. The sandbox itself (isolated-vm), no stack needed.
import { describe, expect, it } from 'vitest';
import { MAX_LOG_CHARS, MAX_LOG_LINE_CHARS, MAX_SANDBOXES_PER_ACCOUNT, MAX_SANDBOXES_PER_WORKER, runSandboxed, sandboxSlots } from '../../nodes/_lib/sandbox';
import { main } from '../../nodes/_lib/harness';

type Line = { level: string; message: string };
const run = (code: string, opts: { accountId?: string; log?: Line[]; signal?: AbortSignal } = {}) =>
  runSandboxed(code, { inputs: {}, variables: {} }, {
    timeoutMs: 10_000,
    accountId: opts.accountId,
    signal: opts.signal,
    log: (level, message) => opts.log?.push({ level, message }),
  });

describe('code node logs are capped by size', () => {
  it('200 lines of 1 MB each keep at most 64 KB of logs, each line cut inside the sandbox', async () => {
    const lines: Line[] = [];
    const rssBefore = process.memoryUsage().rss;
    const out = await run(`const big = 'x'.repeat(1024 * 1024); for (let i = 0; i < 200; i++) console.log(big, i); return 'done';`, { log: lines });
    expect(out).toBe('done');
    const kept = lines.filter((l) => l.level === 'info');
    for (const l of kept) expect(l.message.length).toBeLessThanOrEqual(MAX_LOG_LINE_CHARS + 40);
    expect(kept.reduce((n, l) => n + l.message.length, 0)).toBeLessThanOrEqual(MAX_LOG_CHARS);
    expect(kept[0]!.message).toMatch(/^x{2000}… \(cut at 2000 characters\)$/);
    expect(lines.at(-1)).toEqual({ level: 'warn', message: expect.stringMatching(/more log line\(s\) dropped/) });
    // Nothing like 200 MB crossed into this process.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('user code cannot reach the raw log callback to bypass the cut', async () => {
    const lines: Line[] = [];
    await expect(run(`__log('info', 'y'.repeat(1e6)); return 1;`, { log: lines })).rejects.toThrow(/__log is not defined/);
    expect(await run(`return typeof globalThis.__log;`)).toBe('undefined');
  });
});

describe('concurrent sandboxes are capped per worker and per account', () => {
  const busy = `const end = Date.now() + 250; while (Date.now() < end) {} return 1;`;

  async function peakWhile(work: Promise<unknown>) {
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, sandboxSlots.running)), 5);
    await work;
    clearInterval(timer);
    return peak;
  }

  it(`one account runs at most ${MAX_SANDBOXES_PER_ACCOUNT} at once; the worker at most ${MAX_SANDBOXES_PER_WORKER}`, async () => {
    const one = await peakWhile(Promise.all(Array.from({ length: 6 }, () => run(busy, { accountId: 'acct_one' }))));
    expect(one).toBe(MAX_SANDBOXES_PER_ACCOUNT);
    const many = await peakWhile(Promise.all(['a', 'b', 'c', 'd'].flatMap((a) => [run(busy, { accountId: a }), run(busy, { accountId: a })])));
    expect(many).toBe(MAX_SANDBOXES_PER_WORKER);
    expect(sandboxSlots.running).toBe(0);
  });

  it('a node waiting for a slot is released by its cancellation', async () => {
    const hold = Array.from({ length: MAX_SANDBOXES_PER_ACCOUNT }, () => run(busy, { accountId: 'acct_wait' }));
    const abort = new AbortController();
    const waiting = run(busy, { accountId: 'acct_wait', signal: abort.signal });
    abort.abort();
    await expect(waiting).rejects.toThrow(/cancelled/);
    await Promise.all(hold);
    expect(sandboxSlots.running).toBe(0);
  });

  // Issue 27: code.expression and code.jsonata (and logic.loop_over_items) ran their sandboxes
  // without the account, so one tenant could hold every slot of the worker.
  const busyNodes: Array<[string, Record<string, unknown>]> = [
    ['code.expression', { expression: '(() => { const end = Date.now() + 250; while (Date.now() < end) {} return 1; })()', timeout_s: 5 }],
    ['code.jsonata', { expression: '$count([1..3000000])', data: {}, timeout_s: 10 }],
    ['logic.loop_over_items', { items: [1], code: 'const end = Date.now() + 250; while (Date.now() < end) {} return item;', timeout_s: 5 }],
  ];
  it.each(busyNodes)(`%s takes its account's slot: one account's six nodes run at most ${MAX_SANDBOXES_PER_ACCOUNT} sandboxes at once`, async (type, params) => {
    // The harness runs every node as the same account.
    const peak = await peakWhile(Promise.all(Array.from({ length: 6 }, () => main(type, params))));
    expect(peak).toBe(MAX_SANDBOXES_PER_ACCOUNT);
    expect(sandboxSlots.running).toBe(0);
  });
});
