// Planning a 10,000-node DAG (issue 3 target: ≤ 150 ms). A layered DAG, 50 wide, every node
// fed by two of the layer above and referencing one of them in a template, so the planner does
// all its work: zod parsing of every node and edge, params against each node's schema, ports,
// Kahn ordering and the upstream check of every template reference.
//   npx tsx bench/planner.ts [nodes] [runs]
import { planWorkflow } from '../src/engine/workflows/planner';
import { nodeRegistry } from '../nodes/index';
import { bigSpec } from '../test/engine/spec/fixtures';

const nodes = Number(process.argv[2] ?? 10_000);
const runs = Math.max(5, Number(process.argv[3] ?? 9));
const spec = bigSpec(nodes);
const edges = (spec.edges as unknown[]).length;

// Warm-up (JIT, zod's compiled parsers), then measured runs on a fresh copy each time.
for (let i = 0; i < 3; i++) planWorkflow(JSON.parse(JSON.stringify(spec)), nodeRegistry);
const times: number[] = [];
const cpuTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  const copy = JSON.parse(JSON.stringify(spec));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = planWorkflow(copy, nodeRegistry);
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  if (!result.ok) throw new Error(`planning failed: ${JSON.stringify(result.issues.slice(0, 3))}`);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const cpuMedian = cpuTimes[Math.floor(cpuTimes.length / 2)]!;
const fmt = (ms: number) => ms.toFixed(1);
// CPU time is reported beside wall time: on a shared, loaded machine wall time includes waiting for a core.
const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
console.log(`planner: ${nodes} nodes, ${edges} edges, ${runs} runs — median ${fmt(median)} ms wall (min ${fmt(times[0]!)}, max ${fmt(times.at(-1)!)}), ` +
  `median ${fmt(cpuMedian)} ms CPU; load average ${load}; target ≤ 150 ms: ${median <= 150 ? 'met' : 'MISSED'}`);
