// CPU meters for the benches: processor time per side, which the machine's other load does not
// inflate the way it inflates wall-clock latency. Linux (/proc) only; 0 elsewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The fields of a /proc …/stat file after the parenthesised command (state, ppid, … utime at index
 * 11, stime 12, cutime 13, cstime 14), or undefined when the process or thread is gone.
 */
function statFields(path: string): string[] | undefined {
  try {
    const raw = readFileSync(path, 'utf8');
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) of processes and all their descendants, living or exited. */
export function treeCpuMs(rootPids: number[]): number {
  if (!existsSync('/proc/self/stat')) return 0;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    // cutime and cstime are exited children's time, so a backend that ends mid-phase is still counted.
    const f = statFields(`/proc/${name}/stat`);
    if (f) stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
  }
  const wanted = new Set(rootPids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, st] of stats) {
      if (wanted.has(pid) || !wanted.has(st.ppid)) continue;
      wanted.add(pid);
      grew = true;
    }
  }
  let ticks = 0;
  for (const pid of wanted) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * CPU ms of this process: its main thread and all its other threads (Node names its worker threads
 * — the Temporal SDK's workflow threads among them — like the main one, so they are not told apart
 * by name; GC helpers and the SDK core's Rust threads count here too).
 */
export function processCpuMs(): { main: number; others: number } {
  const out = { main: 0, others: 0 };
  const dir = `/proc/${process.pid}/task`;
  if (!existsSync(dir)) return out;
  for (const tid of readdirSync(dir)) {
    const f = statFields(`${dir}/${tid}/stat`);
    if (!f) continue;
    const ms = (Number(f[11]) + Number(f[12])) * 10;
    if (Number(tid) === process.pid) out.main += ms;
    else out.others += ms;
  }
  return out;
}

/** The pid in a Temporal dev server's pid file (temporal-dev.sh), if it is there. */
export function pidFromFile(file: string | undefined): number | undefined {
  if (!file || !existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** A process's parent pid (e.g. the postmaster from one of its backends), from /proc. */
export function ppidOf(pid: number): number | undefined {
  const f = statFields(`/proc/${pid}/stat`);
  return f ? Number(f[1]) : undefined;
}
