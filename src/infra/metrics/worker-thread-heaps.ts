// The V8 heaps of this process's worker threads (Temporal's workflow threads above all), as the
// threads report them (src/infra/temporal/workflow-thread-vm.mjs, loaded by `npm start`): each
// posts its heap statistics on a BroadcastChannel every few seconds. A process started without
// that preload reports no threads.
import { BroadcastChannel } from 'node:worker_threads';

/** Shared with src/infra/temporal/workflow-thread-vm.mjs. */
export const HEAP_CHANNEL = 'atelier:worker-thread-heap';
/** A thread not heard from for this long has exited (it reports every 5 s). */
const STALE_MS = 15_000;

export interface ThreadHeaps {
  threads: number;
  usedBytes: number;
  totalBytes: number;
}

interface Report {
  threadId: number;
  used: number;
  total: number;
}

const isReport = (m: unknown): m is Report =>
  typeof m === 'object' && m !== null && typeof (m as Report).threadId === 'number' && typeof (m as Report).used === 'number' && typeof (m as Report).total === 'number';

/** The latest report of each thread, heard by one listener per process (the heaps are the process's, not an app's). */
let latest: Map<number, Report & { at: number }> | undefined;

function listen(): Map<number, Report & { at: number }> {
  if (latest) return latest;
  const reports = new Map<number, Report & { at: number }>();
  const channel = new BroadcastChannel(HEAP_CHANNEL);
  channel.onmessage = (event) => {
    const data = (event as MessageEvent).data;
    if (isReport(data)) reports.set(data.threadId, { ...data, at: Date.now() });
  };
  // After onmessage, which would otherwise hold the process open.
  channel.unref();
  return (latest = reports);
}

/** Starts listening for the reports (once per process, without keeping it alive). */
export function watchWorkerThreadHeaps(): void {
  listen();
}

/** The live threads' latest reports, summed (threads not heard from for STALE_MS are dropped). */
export function workerThreadHeaps(): ThreadHeaps {
  const out: ThreadHeaps = { threads: 0, usedBytes: 0, totalBytes: 0 };
  const now = Date.now();
  const reports = listen();
  for (const [id, r] of reports) {
    if (now - r.at > STALE_MS) {
      reports.delete(id);
      continue;
    }
    out.threads += 1;
    out.usedBytes += r.used;
    out.totalBytes += r.total;
  }
  return out;
}
