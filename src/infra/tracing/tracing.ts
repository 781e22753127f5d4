// OpenTelemetry traces: one trace from an HTTP request (POST /runs) through the Temporal client
// call, the workflow execution and every activity it schedules. Spans are exported by OTLP/HTTP
// when OTEL_EXPORTER_OTLP_ENDPOINT is set (or to an exporter handed in by a test); otherwise no
// tracer exists at all: no middleware, no interceptors, and the bundled workflow interceptors stay
// dormant because no start carries a trace context (workflows/tracing-interceptors.ts).
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE, ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION, ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { OpenTelemetryWorkflowClientInterceptor, OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor } from '@temporalio/interceptors-opentelemetry';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { WorkflowInfo } from '@temporalio/workflow';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../../config';

export interface TracingOptions {
  /** Export here instead of OTLP (tests hand in an InMemorySpanExporter); each span is exported as it ends. */
  exporter?: SpanExporter;
}

export interface Tracing {
  tracer: Tracer;
  /** For the Temporal client: spans around start/signal/query… and the context sent in headers. */
  clientInterceptors: WorkflowClientInterceptor[];
  /** For the worker: activity spans parented by the workflow's `StartActivity` span. */
  activityInterceptors: ActivityInterceptorsFactory[];
  /** Exports the spans the workflow sandbox ends (they reach the worker through this sink). */
  workflowSink: InjectedSinks<{ exporter: { export(spans: SerializedSpan[]): void } }>['exporter'];
  /** Sends what is buffered (BatchSpanProcessor) now. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Tracing for this process, or undefined when it is off (no endpoint, no exporter). */
export function createTracing(config: Config, opts: TracingOptions = {}): Tracing | undefined {
  const endpoint = config.tracing.otlpEndpoint;
  if (!opts.exporter && !endpoint) return undefined;
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.tracing.serviceName, [ATTR_SERVICE_VERSION]: config.tracing.serviceVersion, 'atelier.role': config.role });
  const processor: SpanProcessor = opts.exporter
    ? new SimpleSpanProcessor(opts.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint!.replace(/\/+$/, '')}/v1/traces` }), { scheduledDelayMillis: 1000 });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  // The context manager (AsyncLocalStorage) and the W3C propagator are process-wide in the
  // OpenTelemetry API; registering twice (a second Atelier in one test process) keeps the first,
  // which works the same. The tracer itself is passed explicitly, never read from the global.
  provider.register();
  const tracer = provider.getTracer('atelier', config.tracing.serviceVersion);
  return {
    tracer,
    clientInterceptors: [new OpenTelemetryWorkflowClientInterceptor({ tracer })],
    activityInterceptors: [(ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer }), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) })],
    workflowSink: { export: { fn: (info, spans) => exportWorkflowSpans(processor, resource, info, spans), callDuringReplay: false } },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * The worker's `exporter` sink when tracing is off here: a run traced by another process (an API
 * with tracing on) may still reach this worker, and its spans are dropped quietly instead of the
 * SDK logging an unregistered sink on every workflow task.
 */
export const droppedWorkflowSpans: Tracing['workflowSink'] = { export: { fn: () => undefined, callDuringReplay: false } };

/** A span as the workflow sandbox serialises it (@temporalio/interceptors-opentelemetry, SDK 1.x shape). */
export interface SerializedSpan {
  name: string;
  kind: SpanKind;
  spanContext: { traceId: string; spanId: string; traceFlags: number; isRemote?: boolean; traceState?: string };
  parentSpanId?: string;
  startTime: [number, number];
  endTime: [number, number];
  status: ReadableSpan['status'];
  attributes: ReadableSpan['attributes'];
  links: ReadableSpan['links'];
  events: ReadableSpan['events'];
  duration: [number, number];
  ended: boolean;
  droppedAttributesCount?: number;
  droppedEventsCount?: number;
  droppedLinksCount?: number;
  instrumentationLibrary?: { name: string; version?: string; schemaUrl?: string };
}

/** Turns the sandbox's spans into SDK 2 ReadableSpans (parentSpanContext, instrumentationScope) and exports them. */
function exportWorkflowSpans(processor: SpanProcessor, resource: Resource, info: WorkflowInfo, spans: SerializedSpan[]): void {
  for (const s of spans) {
    const { traceState: _state, ...ctx } = s.spanContext;
    const spanContext = { ...ctx, isRemote: false };
    const readable: ReadableSpan = {
      name: s.name,
      kind: s.kind,
      spanContext: () => spanContext,
      parentSpanContext: s.parentSpanId ? { traceId: spanContext.traceId, spanId: s.parentSpanId, traceFlags: spanContext.traceFlags } : undefined,
      startTime: s.startTime,
      endTime: s.endTime,
      status: s.status,
      attributes: {
        ...s.attributes,
        temporalWorkflowId: info.workflowId,
        run_id: info.runId,
        'temporal.workflow.type': info.workflowType,
        'temporal.task_queue': info.taskQueue,
      },
      links: s.links ?? [],
      events: s.events ?? [],
      duration: s.duration,
      ended: true,
      resource,
      instrumentationScope: s.instrumentationLibrary ?? { name: '@temporalio/interceptor-workflow' },
      droppedAttributesCount: s.droppedAttributesCount ?? 0,
      droppedEventsCount: s.droppedEventsCount ?? 0,
      droppedLinksCount: s.droppedLinksCount ?? 0,
    };
    processor.onEnd(readable);
  }
}

const requestContexts = new WeakMap<Request, Context>();

/**
 * A SERVER span per request, named `METHOD /route/:pattern` once the route is known, with the
 * status code; a `traceparent` header from the caller becomes its parent. Handlers run inside
 * the span's context, so the Temporal client call a handler makes (POST /runs starting a run)
 * carries it into the workflow.
 */
export function httpTracing(tracing: Tracing, routeOf: (req: Request) => string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracing.tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: req.path } },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    requestContexts.set(req, ctx);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = routeOf(req);
      span.updateName(route === 'unmatched' ? req.method : `${req.method} ${route}`);
      if (route !== 'unmatched') span.setAttribute(ATTR_HTTP_ROUTE, route);
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!res.writableFinished) span.setAttribute('http.response.aborted', true);
      span.end();
    };
    res.once('finish', end);
    res.once('close', end);
    context.with(ctx, next);
  };
}

/**
 * Re-enters the request's span context. Body parsing and some middleware resume from stream or
 * socket callbacks, where AsyncLocalStorage has lost the request's context; mounted right before
 * the routers, this puts it back for the handlers.
 */
export const withRequestTraceContext: RequestHandler = (req, _res, next) => {
  const ctx = requestContexts.get(req);
  if (ctx) context.with(ctx, next);
  else next();
};
