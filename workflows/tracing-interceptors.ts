// Workflow interceptors bundled with every workflow (src/infra/temporal/worker.ts): OpenTelemetry
// spans for workflow executions, signals, updates and the activities they schedule — but only for
// executions whose start carried a trace context (the API's Temporal client adds one when tracing
// is on). An execution started without one runs exactly as if no interceptor were bundled: no
// tracer, no spans, no extra yields; so recorded histories replay the same whether tracing was on
// or off, and the choice is read from the history itself (the start event's headers).
import type {
  ActivityInput,
  ContinueAsNewInput,
  GetLogAttributesInput,
  LocalActivityInput,
  Next,
  QueryInput,
  SignalInput,
  SignalWorkflowInput,
  StartChildWorkflowExecutionInput,
  UpdateInput,
  WorkflowExecuteInput,
  WorkflowInboundCallsInterceptor,
  WorkflowInterceptors,
  WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';
import type { Headers } from '@temporalio/common';
import type {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';

type OpenTelemetryWorkflow = typeof import('@temporalio/interceptors-opentelemetry/lib/workflow');
declare const require: (id: string) => unknown;
/**
 * The OpenTelemetry workflow interceptors, loaded on first use. Every module a workflow imports is
 * evaluated again for each new execution (per-workflow module state in the reused V8 context), and
 * OpenTelemetry is ~115 modules: an execution that is not traced never loads them.
 */
const openTelemetry = (): OpenTelemetryWorkflow => require('@temporalio/interceptors-opentelemetry/lib/workflow') as OpenTelemetryWorkflow;

/** The header the OpenTelemetry interceptors carry a span context in. */
const TRACE_HEADER = '_tracer-data';
const traced = (headers: Headers) => headers[TRACE_HEADER] !== undefined;

export const interceptors = (): WorkflowInterceptors => {
  // Per execution: whether its start was traced, and the OpenTelemetry interceptors, made on first use.
  const state: { traced: boolean; inbound?: OpenTelemetryInboundInterceptor; outbound?: OpenTelemetryOutboundInterceptor } = { traced: false };
  const inbound = () => (state.inbound ??= new (openTelemetry().OpenTelemetryInboundInterceptor)());
  const outbound = () => (state.outbound ??= new (openTelemetry().OpenTelemetryOutboundInterceptor)());

  const gatedInbound: WorkflowInboundCallsInterceptor = {
    execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
      state.traced = traced(input.headers);
      return state.traced ? inbound().execute(input, next) : next(input);
    },
    handleSignal(input: SignalInput, next: Next<WorkflowInboundCallsInterceptor, 'handleSignal'>) {
      return traced(input.headers) ? inbound().handleSignal(input, next) : next(input);
    },
    handleUpdate(input: UpdateInput, next: Next<WorkflowInboundCallsInterceptor, 'handleUpdate'>) {
      return traced(input.headers) ? inbound().handleUpdate(input, next) : next(input);
    },
    validateUpdate(input: UpdateInput, next: Next<WorkflowInboundCallsInterceptor, 'validateUpdate'>) {
      return traced(input.headers) ? inbound().validateUpdate(input, next) : next(input);
    },
    handleQuery(input: QueryInput, next: Next<WorkflowInboundCallsInterceptor, 'handleQuery'>) {
      return traced(input.headers) ? inbound().handleQuery(input, next) : next(input);
    },
  };

  // Outbound calls follow the execution: a traced run propagates its context to what it schedules.
  const gatedOutbound: WorkflowOutboundCallsInterceptor = {
    scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
      return state.traced ? outbound().scheduleActivity(input, next) : next(input);
    },
    scheduleLocalActivity(input: LocalActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>) {
      return state.traced ? outbound().scheduleLocalActivity(input, next) : next(input);
    },
    startChildWorkflowExecution(input: StartChildWorkflowExecutionInput, next: Next<WorkflowOutboundCallsInterceptor, 'startChildWorkflowExecution'>) {
      return state.traced ? outbound().startChildWorkflowExecution(input, next) : next(input);
    },
    continueAsNew(input: ContinueAsNewInput, next: Next<WorkflowOutboundCallsInterceptor, 'continueAsNew'>) {
      return state.traced ? outbound().continueAsNew(input, next) : next(input);
    },
    signalWorkflow(input: SignalWorkflowInput, next: Next<WorkflowOutboundCallsInterceptor, 'signalWorkflow'>) {
      return state.traced ? outbound().signalWorkflow(input, next) : next(input);
    },
    // Workflow log lines of a traced run carry its trace and span ids.
    getLogAttributes(input: GetLogAttributesInput, next: Next<WorkflowOutboundCallsInterceptor, 'getLogAttributes'>) {
      return state.traced ? outbound().getLogAttributes(input, next) : next(input);
    },
  };

  return {
    inbound: [gatedInbound],
    outbound: [gatedOutbound],
    internals: [
      {
        dispose(input, next) {
          // OpenTelemetry's dispose disables its context manager and calls next synchronously.
          if (state.inbound || state.outbound) void new (openTelemetry().OpenTelemetryInternalsInterceptor)().dispose(input, next);
          else next(input);
        },
      },
    ],
  };
};
