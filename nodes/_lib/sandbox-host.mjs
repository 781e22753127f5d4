// The process that hosts user-code isolates (isolated-vm) for one worker; started and replaced by
// nodes/_lib/sandbox-pool.ts. It lives apart from the worker because some failures inside an
// isolate cannot be undone in the process that holds it: after a V8 catastrophic out-of-memory the
// isolate can no longer be disposed, and its heap (about its memory cap) stays lost until the
// process ends. Here the pool ends this process and starts another one instead.
//
// Plain JavaScript on purpose: it is started with `node` alone (no TypeScript loader, no inherited
// NODE_OPTIONS, an empty environment), so nothing of the worker's configuration or secrets is in it.
//
// Messages in:  {t: 'run', id, code, inputs, variables, timeoutMs, memoryLimitMb, maxLogLines, maxLogLineChars, maxLogChars}
//               {t: 'cancel', id}
// Messages out: {t: 'log', id, level, text}
//               {t: 'done', id, ok: true, text, droppedLogLines, rss}
//               {t: 'done', id, ok: false, kind: 'timeout'|'cancelled'|'memory'|'error'|'retired', message, droppedLogLines, rss}
//               {t: 'catastrophe', message} (the pool stops giving this process work and ends it)
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import ivm from 'isolated-vm';

const jobs = new Map();
let broken = false;

function send(message) {
  if (process.connected) process.send(message);
}

// After a catastrophe process.exit() would wait forever for the isolate's thread.
const die = () => process.kill(process.pid, 'SIGKILL');
process.on('disconnect', die);

process.on('message', (msg) => {
  if (msg?.t === 'run') void run(msg);
  else if (msg?.t === 'cancel') jobs.get(msg.id)?.stop('cancelled');
});

async function run(job) {
  let stopped = null;
  let timer;
  let catastrophe;
  const fatal = new Promise((_, reject) => (catastrophe = reject));
  fatal.catch(() => undefined);
  let isolate;
  const stop = (reason) => {
    if (stopped !== null) return;
    stopped = reason;
    if (isolate && !isolate.isDisposed) {
      try {
        isolate.dispose();
      } catch {
        // disposing an isolate after a catastrophe may throw; the process is ended anyway
      }
    }
  };
  jobs.set(job.id, { stop });
  let logLines = 0;
  let logChars = 0;
  let dropped = 0;
  try {
    if (broken) {
      // The pool sent this before it heard of the catastrophe: it runs the job on the next host.
      finish(job.id, { ok: false, kind: 'retired', message: 'sandbox host is being replaced' }, 0);
      return;
    }
    isolate = new ivm.Isolate({
      memoryLimit: job.memoryLimitMb,
      // A V8 fatal out-of-memory that the cap did not catch (a Map or an array rehashing into a
      // backing store the heap cannot hold): without this handler isolated-vm aborts the process.
      onCatastrophicError: (message) => {
        broken = true;
        send({ t: 'catastrophe', message });
        stop('catastrophe');
        catastrophe(new Error(message));
      },
    });
    const context = await isolate.createContext();
    const log = new ivm.Callback((level, message) => {
      let text = String(message);
      if (text.length > job.maxLogLineChars + 40) text = `${text.slice(0, job.maxLogLineChars)}…`;
      if (logLines >= job.maxLogLines || logChars + text.length > job.maxLogChars) {
        dropped++;
        return;
      }
      logLines++;
      logChars += text.length;
      send({ t: 'log', id: job.id, level: level === 'error' || level === 'warn' || level === 'debug' ? level : 'info', text });
    });
    await context.global.set('__log', log);
    // The console shim keeps the callback in a closure (user code cannot call it directly) and cuts
    // each line before it leaves the isolate.
    await context.eval(
      `(function (log, max) {
        const text = (x) => typeof x === 'string' ? x : (() => { try { return JSON.stringify(x); } catch { return String(x); } })();
        globalThis.console = Object.freeze(Object.fromEntries(['log','info','warn','error','debug'].map((m) => [m, (...a) => {
          let line = '';
          for (const x of a) { line += (line ? ' ' : '') + String(text(x)).slice(0, max + 1); if (line.length > max) break; }
          if (line.length > max) line = line.slice(0, max) + '… (cut at ' + max + ' characters)';
          log(m === 'log' ? 'info' : m, line);
        }])));
      })(__log, ${Number(job.maxLogLineChars)}); delete globalThis.__log;`,
    );
    if (stopped !== null) throw new Error(stopped);
    // Sync time is bounded by `timeout`; awaits that never settle by the outer timer.
    const outer = new Promise((_, reject) => {
      timer = setTimeout(() => {
        stop('timeout');
        reject(new Error('timeout'));
      }, job.timeoutMs);
    });
    const result = context.evalClosure(
      `return (async function (inputs, variables) {\n${job.code}\n})(JSON.parse($0), JSON.parse($1)).then((value) => {
        const text = JSON.stringify(value === undefined ? null : value);
        if (text === undefined) throw new TypeError('the return value is not JSON-serialisable');
        return text;
      });`,
      [job.inputs, job.variables],
      { timeout: job.timeoutMs, result: { promise: true, copy: true } },
    );
    const text = await Promise.race([result, outer, fatal]);
    finish(job.id, { ok: true, text }, dropped);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    let kind = 'error';
    if (stopped === 'timeout' || /timed out/i.test(message)) kind = 'timeout';
    else if (stopped === 'cancelled') kind = 'cancelled';
    // "Array buffer allocation failed": the isolate's allocator refused a buffer past the cap.
    else if (stopped === 'catastrophe' || /memory limit|Array buffer allocation failed/i.test(message)) kind = 'memory';
    finish(job.id, { ok: false, kind, message }, dropped);
  } finally {
    clearTimeout(timer);
    if (isolate && !broken && !isolate.isDisposed) isolate.dispose();
  }
}

function finish(id, outcome, droppedLogLines) {
  jobs.delete(id);
  send({ t: 'done', id, ...outcome, droppedLogLines, rss: process.memoryUsage().rss });
}

send({ t: 'ready' });
