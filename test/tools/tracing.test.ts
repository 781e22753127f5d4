// OpenTelemetry traces: one trace runs from POST /runs (the HTTP server span) through the Temporal
// client's StartWorkflow, the engineRun workflow's spans and every node's activity; exported to an
// in-memory exporter handed to startAtelier, and by OTLP/HTTP to a real receiver on loopback when
// OTEL_EXPORTER_OTLP_ENDPOINT is set. Without either, there is no tracer at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTracing } from '../../src/infra/tracing/tracing';
import { startStack, type TestStack } from '../helpers/stack';
import { CounterServer, createWorkflow, httpNode, spec, startRun, waitFor, waitForRun } from '../engine/runs/helpers';

const threeNodes = (counter: CounterServer) =>
  spec(
    [{ id: 'start', type: 'trigger.manual' }, httpNode('fetch', counter), httpNode('notify', counter)],
    [['start', 'fetch'], ['fetch', 'notify']],
  );

describe('tracing off', () => {
  it('makes no tracer when OTEL_EXPORTER_OTLP_ENDPOINT is unset and no exporter is given', () => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ATELIER_ENCRYPTION_KEY: 'a'.repeat(64) });
    expect(config.tracing.otlpEndpoint).toBeUndefined();
    expect(createTracing(config)).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x', ATELIER_ENCRYPTION_KEY: 'a'.repeat(64), OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});

describe('tracing to an in-memory exporter', () => {
  const exporter = new InMemorySpanExporter();
  let stack: TestStack;
  let counter: CounterServer;
  beforeAll(async () => {
    [stack, counter] = await Promise.all([startStack({}, { spanExporter: exporter }), new CounterServer().start()]);
  });
  afterAll(async () => {
    await stack?.close();
    await counter?.stop();
  });

  it('one trace covers POST /runs, StartWorkflow, the workflow and each node activity', async () => {
    const workflowId = await createWorkflow(stack, threeNodes(counter));
    const { run_id } = await startRun(stack, workflowId, { topic: 'otters' });
    await waitForRun(stack, run_id, ['completed']);

    const spans = () => exporter.getFinishedSpans();
    const http = spans().find((s) => s.name === 'POST /engine/v1/v1/runs' && s.attributes['http.response.status_code'] === 201);
    expect(http, spans().map((s) => s.name).join(', ')).toBeDefined();
    expect(http!.kind).toBe(1); // SpanKind.SERVER
    expect(http!.attributes['http.route']).toBe('/engine/v1/v1/runs');
    const traceId = http!.spanContext().traceId;
    const inTrace = () => spans().filter((s) => s.spanContext().traceId === traceId);

    // Workflow spans leave the sandbox when their workflow task completes: wait for the last one.
    await waitFor('the workflow span', async () => inTrace().some((s) => s.name === 'RunWorkflow:engineRun'), 30_000);
    const trace = inTrace();
    const byId = new Map(trace.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (s: ReadableSpan) => (s.parentSpanContext ? byId.get(s.parentSpanContext.spanId) : undefined);
    const chainToHttp = (s: ReadableSpan): string[] => {
      const names = [s.name];
      for (let p = parentOf(s); p; p = parentOf(p)) names.push(p.name);
      return names;
    };

    const start = trace.find((s) => s.name === 'StartWorkflow:engineRun');
    expect(start && parentOf(start)).toBe(http);
    const workflow = trace.find((s) => s.name === 'RunWorkflow:engineRun')!;
    expect(parentOf(workflow)).toBe(start);
    expect(workflow.attributes.temporalWorkflowId).toBe(run_id);

    // Each node ran in an activity whose span hangs under the workflow's StartActivity span.
    for (const node of ['fetch:http.request', 'notify:http.request']) {
      const run = trace.find((s) => s.name === 'RunActivity:executeNode' && s.attributes.temporalActivityId === node);
      expect(run, `activity span of ${node}`).toBeDefined();
      expect(chainToHttp(run!)).toEqual(['RunActivity:executeNode', 'StartActivity:executeNode', 'RunWorkflow:engineRun', 'StartWorkflow:engineRun', 'POST /engine/v1/v1/runs']);
    }
    // The trigger is a pure node evaluated inside the workflow task: no activity span of its own.
    const executeNodeRuns = trace.filter((s) => s.name === 'RunActivity:executeNode');
    expect(executeNodeRuns.map((s) => s.attributes.temporalActivityId).sort()).toEqual(['fetch:http.request', 'notify:http.request']);
    for (const s of executeNodeRuns) expect(chainToHttp(s).at(-1)).toBe('POST /engine/v1/v1/runs');
    expect(counter.count('fetch')).toBe(1);
  });

  it('continues a caller trace given in traceparent, and names refused requests by their route', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const r = await stack.api('GET', '/engine/v1/v1/runs/00000000-0000-0000-0000-000000000000', { headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` } });
    expect(r.status).toBe(404);
    await waitFor('the 404 span', async () => exporter.getFinishedSpans().find((s) => s.spanContext().traceId === callerTrace));
    const span = exporter.getFinishedSpans().find((s) => s.spanContext().traceId === callerTrace)!;
    expect(span.name).toBe('GET /engine/v1/v1/runs/:run_id');
    expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(span.attributes['http.response.status_code']).toBe(404);
  });
});

describe('tracing by OTLP/HTTP', () => {
  let receiver: Server;
  const received: Array<{ path: string; contentType: string; body: any }> = [];
  let stack: TestStack;
  let counter: CounterServer;
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* kept as text: the assertion below reports it */
        }
        received.push({ path: req.url ?? '', contentType: String(req.headers['content-type']), body });
        res.setHeader('content-type', 'application/json');
        res.end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    [stack, counter] = await Promise.all([startStack({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'atelier-otlp-test' }), new CounterServer().start()]);
  });
  afterAll(async () => {
    await stack?.close();
    await counter?.stop();
    receiver?.closeAllConnections();
    await new Promise<void>((r) => receiver?.close(() => r()));
  });

  it('sends the run trace to <endpoint>/v1/traces', async () => {
    const workflowId = await createWorkflow(stack, threeNodes(counter));
    const { run_id } = await startRun(stack, workflowId);
    await waitForRun(stack, run_id, ['completed']);

    type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string };
    const spans = () =>
      received.flatMap((r) =>
        ((r.body?.resourceSpans ?? []) as any[]).flatMap((rs) =>
          (rs.scopeSpans as any[]).flatMap((ss) => (ss.spans as OtlpSpan[]).map((s) => ({ ...s, service: rs.resource.attributes.find((a: any) => a.key === 'service.name')?.value.stringValue }))),
        ),
      );
    // The batch processor sends about once a second; workflow spans arrive after their task completes.
    await waitFor('the run trace at the receiver', async () => {
      const http = spans().find((s) => s.name === 'POST /engine/v1/v1/runs');
      return http && spans().some((s) => s.traceId === http.traceId && s.name === 'RunWorkflow:engineRun') && spans().some((s) => s.traceId === http.traceId && s.name === 'RunActivity:executeNode');
    }, 30_000);
    expect(received.every((r) => r.path === '/v1/traces')).toBe(true);
    expect(received[0]!.contentType).toMatch(/application\/json/);
    const http = spans().find((s) => s.name === 'POST /engine/v1/v1/runs')!;
    expect(http.service).toBe('atelier-otlp-test');
    const names = new Set(spans().filter((s) => s.traceId === http.traceId).map((s) => s.name));
    for (const n of ['StartWorkflow:engineRun', 'RunWorkflow:engineRun', 'StartActivity:executeNode', 'RunActivity:executeNode']) expect(names).toContain(n);
  });
});
