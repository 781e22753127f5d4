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

/** Listens for the reports (without keeping the process alive) and sums the live threads' latest. */
export function watchWorkerThreadHeaps(): { read(): ThreadHeaps; close(): void } {
  const latest = new Map<number, Report & { at: number }>();
  const channel = new BroadcastChannel(HEAP_CHANNEL);
  channel.onmessage = (event) => {
    const data = (event as MessageEvent).data;
    if (isReport(data)) latest.set(data.threadId, { ...data, at: Date.now() });
  };
  // After onmessage, which would otherwise hold the process open.
  channel.unref();
  return {
    read() {
      const out: ThreadHeaps = { threads: 0, usedBytes: 0, totalBytes: 0 };
      const now = Date.now();
      for (const [id, r] of latest) {
        if (now - r.at > STALE_MS) {
          latest.delete(id);
          continue;
        }
        out.threads += 1;
        out.usedBytes += r.used;
        out.totalBytes += r.total;
      }
      return out;
    },
    close: () => channel.close(),
  };
}
