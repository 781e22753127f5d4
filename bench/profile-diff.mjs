/* global console, process */
// Reads V8 CPU profiles (.cpuprofile, as `node --cpu-prof` or BENCH_PROFILE write them) and prints
// self time per run, grouped by package, file or function — one profile alone, or two side by side
// with the difference (e.g. Atelier against the durable floor from the same bench/n8n.ts invocation).
//
//   node bench/profile-diff.mjs A.cpuprofile <runs in A> [B.cpuprofile <runs in B>] [options]
//
// Options:
//   --by pkg|file|fn   grouping (pkg: an npm package, a node: module or a project file; default pkg)
//   --from <function>  count only from the first sample whose stack holds this function (e.g.
//                      startRun: leaves out start-up, module loading and workflow bundling)
//   --top <n>          rows to print (40)
//   --callers <regex>  instead of the table: the call chains (7 frames up) under the leaf frames whose
//                      url or function name matches, by time — who pays for a hot library frame
//
// Each sample counts at most 1.5 ms: on a loaded machine a thread descheduled between two samples
// leaves one huge time delta, which would otherwise be charged to whatever frame happened to be on
// top. Syscall-heavy frames (writev, write, postMessage) still carry the kernel time of the call.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const by = option('by', 'pkg');
const from = option('from', undefined);
const top = Number(option('top', '40'));
const callers = option('callers', undefined);
const [fileA, runsA, fileB, runsB] = args;
if (!fileA || !runsA || (fileB && !runsB) || !['pkg', 'file', 'fn'].includes(by)) {
  console.error('usage: node bench/profile-diff.mjs A.cpuprofile <runs> [B.cpuprofile <runs>] [--by pkg|file|fn] [--from <function>] [--top <n>] [--callers <regex>]');
  process.exit(2);
}
const MAX_SAMPLE_US = 1500;

function load(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const chain = function* (id) {
    for (let x = id; x !== undefined; x = parent.get(x)) yield byId.get(x);
  };
  let first = 0;
  if (from) {
    first = profile.samples.findIndex((s) => [...chain(s)].some((n) => n.callFrame.functionName === from));
    if (first < 0) throw new Error(`${file}: no sample under ${from}`);
  }
  const samples = [];
  for (let i = first; i < profile.samples.length; i++) samples.push([profile.samples[i], Math.min(profile.timeDeltas[i] ?? 0, MAX_SAMPLE_US)]);
  return { byId, chain, samples };
}

function group(node) {
  const { url, functionName } = node.callFrame;
  const fn = functionName || '(anonymous)';
  if (!url) return fn.startsWith('(') ? fn : `(native) ${fn}`;
  let path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (by === 'pkg') {
    if (modules >= 0) {
      const parts = path.slice(modules + 'node_modules/'.length).split('/');
      return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    }
    return path.startsWith('node:') ? path : path.replace(`${process.cwd()}/`, '');
  }
  path = modules >= 0 ? path.slice(modules + 'node_modules/'.length) : path.replace(`${process.cwd()}/`, '');
  return by === 'file' ? path : `${fn} ${path}:${node.callFrame.lineNumber + 1}`;
}

/** ms per run by group, idle left out. */
function selfTimes(file, runs) {
  const { byId, samples } = load(file);
  const out = new Map();
  for (const [id, us] of samples) {
    const key = group(byId.get(id));
    if (key !== '(idle)') out.set(key, (out.get(key) ?? 0) + us / 1000 / runs);
  }
  return out;
}

/** A frame as `function file:line`, packages by their path under node_modules. */
const frame = (node) => {
  const { url, functionName, lineNumber } = node.callFrame;
  const path = url.replace(/^.*node_modules\//, '').replace(`file://${process.cwd()}/`, '');
  return `${functionName || '(anonymous)'} ${path}:${lineNumber + 1}`;
};
const sum = (times) => [...times.values()].reduce((s, x) => s + x, 0);
const ms = (x) => x.toFixed(3).padStart(8);

if (callers) {
  const pattern = new RegExp(callers);
  for (const [file, runs] of [[fileA, Number(runsA)], ...(fileB ? [[fileB, Number(runsB)]] : [])]) {
    const { byId, chain, samples } = load(file);
    const out = new Map();
    let total = 0;
    for (const [id, us] of samples) {
      const leaf = byId.get(id);
      if (!pattern.test(`${leaf.callFrame.url} ${leaf.callFrame.functionName}`)) continue;
      const key = [...chain(id)].slice(1, 8).map(frame).join(' < ');
      out.set(key, (out.get(key) ?? 0) + us / 1000 / runs);
      total += us / 1000 / runs;
    }
    console.log(`${file}: ${ms(total)} ms per run in frames matching /${callers}/`);
    for (const [key, t] of [...out].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(t)}  ${key}`);
  }
} else if (!fileB) {
  const a = selfTimes(fileA, Number(runsA));
  console.log(`${fileA}: ${sum(a).toFixed(2)} ms of CPU per run (idle left out)`);
  for (const [key, t] of [...a].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${ms(t)}  ${key}`);
} else {
  const a = selfTimes(fileA, Number(runsA));
  const b = selfTimes(fileB, Number(runsB));
  console.log(`ms of CPU per run (idle left out): A ${sum(a).toFixed(2)}, B ${sum(b).toFixed(2)}, A − B ${(sum(a) - sum(b)).toFixed(2)}`);
  console.log(`   A − B         A        B  ${by}`);
  const rows = [...new Set([...a.keys(), ...b.keys()])].map((k) => [k, a.get(k) ?? 0, b.get(k) ?? 0]);
  for (const [key, x, y] of rows.sort((p, q) => q[1] - q[2] - (p[1] - p[2])).slice(0, top)) console.log(`${ms(x - y)} ${ms(x)} ${ms(y)}  ${key}`);
}
