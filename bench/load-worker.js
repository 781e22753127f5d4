/* global performance, setTimeout, URL */
// Plain JavaScript so it runs in a worker thread without a TypeScript loader.
// A small loopback load generator, run in a worker thread so the client has its own event loop.
// Closed loop (`connections` in flight, as fast as possible) or open loop (`rate` per second,
// latency measured from the scheduled send time, so queueing delay counts).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(spec) {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const once = () =>
    new Promise((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers: spec.headers, agent },
        (res) => {
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });

  const started = performance.now();
  const end = started + spec.durationMs;
  if (spec.rate) {
    const interval = 1000 / spec.rate;
    const inflight = [];
    let next = started;
    while (next < end) {
      const now = performance.now();
      if (now < next) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - now - 0.5)));
        continue;
      }
      const scheduled = next;
      next += interval;
      inflight.push(once().then(() => void latencies.push(performance.now() - scheduled)));
    }
    await Promise.all(inflight);
  } else {
    await Promise.all(
      Array.from({ length: spec.connections }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          await once();
          latencies.push(performance.now() - t);
        }
      }),
    );
  }
  const elapsed = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 100) / 100;
  return {
    requests: latencies.length,
    errors,
    non2xx,
    rps: Math.round((latencies.length / elapsed) * 1000),
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0),
  };
}

if (parentPort && workerData) {
  void run(workerData).then((result) => parentPort.postMessage(result));
}
