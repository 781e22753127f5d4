// The WorkflowSpec a client posts, as zod schemas with the documented defaults.
// The planner parses a spec piece by piece with these so that every problem is reported at once.
import { z } from 'zod';
import { MAX_USD_CAP } from '../../platform/billing/money';

/**
 * Node ids appear inside template references (`{{id.output.port.field}}`), so they may not hold
 * dots, braces or spaces; `variables` is reserved for `{{variables.name}}`.
 */
export const NODE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export const NodeId = z
  .string()
  .regex(NODE_ID_PATTERN, 'Node ids are 1-128 letters, digits, "_" or "-"')
  .refine((id) => id !== 'variables' && id !== '__proto__', '"variables" and "__proto__" are reserved node ids');

export const RetrySpec = z.object({
  max_attempts: z.number().int().min(1).max(100),
  backoff: z.enum(['fixed', 'exponential']).default('exponential'),
});

export const NodeSpec = z.object({
  id: NodeId,
  type: z.string().min(1),
  position: z.tuple([z.number(), z.number()]),
  params: z.record(z.string(), z.unknown()).default({}),
  /** `{slot: connection_id}` */
  credentials: z.record(z.string(), z.string()).default({}),
  retry: RetrySpec.nullable().default(null),
  timeout_s: z.number().positive().max(7 * 24 * 3600).nullable().default(null),
  continue_on_error: z.boolean().default(false),
  disabled: z.boolean().default(false),
  notes: z.string().nullable().default(null),
});

export const EdgeSpec = z.object({
  id: z.string().min(1),
  source: z.string().min(1),
  source_port: z.string().min(1).default('main'),
  target: z.string().min(1),
  target_port: z.string().min(1).default('main'),
  animated: z.boolean().default(false),
});

export const TRIGGER_TYPES = ['manual', 'schedule', 'webhook', 'event'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/**
 * Trigger config by type (the API documents only "plus config"; the shapes are our choice, documented here):
 * - `manual`: nothing required.
 * - `schedule`: `cron` (5-field) required; `timezone` (IANA, default Europe/Warsaw as schedules).
 * - `webhook`: fine with defaults; optional `path` (letters, digits, `/_-`) and `secret`.
 * - `event`: `event` (the event name to listen for) required.
 * Other config keys are kept as given.
 */
export const TriggerSpec = z.object({
  type: z.enum(TRIGGER_TYPES),
  config: z.record(z.string(), z.unknown()).default({}),
});

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** minute, hour, day of month, month (1-12 or jan-dec), day of week (0-7, 7 = Sunday, or sun-sat). */
const CRON_FIELDS: Array<{ min: number; max: number; names?: string[]; firstName?: number }> = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS, firstName: 1 },
  { min: 0, max: 7, names: DAYS, firstName: 0 },
];

function cronValue(text: string, field: (typeof CRON_FIELDS)[number]): number | undefined {
  if (/^\d{1,2}$/.test(text)) {
    const n = Number(text);
    return n >= field.min && n <= field.max ? n : undefined;
  }
  const i = field.names?.indexOf(text.toLowerCase()) ?? -1;
  return i >= 0 ? i + (field.firstName ?? 0) : undefined;
}

function isCronField(text: string, field: (typeof CRON_FIELDS)[number]): boolean {
  return text.split(',').every((item) => {
    const m = /^([^/]+)(?:\/(\d{1,2}))?$/.exec(item);
    if (!m) return false;
    const [, base, step] = m;
    if (step !== undefined && (Number(step) < 1 || Number(step) > field.max)) return false;
    if (base === '*') return true;
    const [from, to, ...rest] = base!.split('-');
    if (rest.length) return false;
    const a = cronValue(from!, field);
    if (a === undefined) return false;
    if (to === undefined) return true;
    const b = cronValue(to, field);
    return b !== undefined && a <= b;
  });
}

/**
 * Checks a 5-field cron expression (minute hour day-of-month month day-of-week): each field is a
 * list of `*`, values or ranges within the field's bounds, each optionally with a `/step`.
 */
export function isCronExpression(value: string): boolean {
  const fields = value.trim().split(/\s+/);
  return fields.length === 5 && fields.every((f, i) => isCronField(f, CRON_FIELDS[i]!));
}

/** Whether `value` names a time zone this runtime knows (IANA names such as Europe/Warsaw, or UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ScheduleTriggerConfig = z.object({
  cron: z.string().refine(isCronExpression, 'cron must be a 5-field cron expression'),
  timezone: z.string().min(1).refine(isTimeZone, 'timezone must be an IANA time zone such as Europe/Warsaw').optional(),
});
export const WebhookTriggerConfig = z.object({
  path: z.string().regex(/^[A-Za-z0-9/_-]{1,200}$/, 'path may hold letters, digits, "/", "_" and "-"').optional(),
  secret: z.string().min(1).optional(),
});
export const EventTriggerConfig = z.object({ event: z.string().min(1) });

export const TRIGGER_CONFIGS: Record<TriggerType, z.ZodType | null> = {
  manual: null,
  schedule: ScheduleTriggerConfig,
  webhook: WebhookTriggerConfig,
  event: EventTriggerConfig,
};

/** The top-level fields; nodes and edges are parsed one by one by the planner. */
export const WorkflowSpecHead = z.object({
  nodes: z.array(z.unknown()),
  edges: z.array(z.unknown()),
  variables: z.record(z.string(), z.unknown()).default({}),
  trigger: TriggerSpec,
  max_execution_time_s: z.number().int().positive().max(30 * 24 * 3600).default(3600),
  usd_cap: z.number().nonnegative().max(MAX_USD_CAP).nullable().default(null),
  max_steps: z.number().int().positive().max(100_000).default(500),
  error_handler: z.enum(['stop', 'continue', 'retry']).default('stop'),
});

export const WorkflowSpec = WorkflowSpecHead.extend({
  nodes: z.array(NodeSpec),
  edges: z.array(EdgeSpec),
});

export type NodeSpec = z.output<typeof NodeSpec>;
export type EdgeSpec = z.output<typeof EdgeSpec>;
export type WorkflowSpec = z.output<typeof WorkflowSpec>;
/** What a client may send (defaults not yet applied). */
export type WorkflowSpecInput = z.input<typeof WorkflowSpec>;

// Fast paths for the planner (a 10,000-node spec must plan in ≤ 150 ms): hand-written checks of
// the common, valid shape that return exactly what the zod schema would, or null whenever
// anything is unusual, in which case the caller parses with zod for its precise issues. A test
// (test/engine/spec/spec.test.ts) holds them to the schemas' output.
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const NODE_KEYS = new Set(['id', 'type', 'position', 'params', 'credentials', 'retry', 'timeout_s', 'continue_on_error', 'disabled', 'notes']);
const EDGE_KEYS = new Set(['id', 'source', 'source_port', 'target', 'target_port', 'animated']);

export function fastNodeSpec(raw: unknown): NodeSpec | null {
  if (!isObj(raw)) return null;
  for (const k in raw) if (!NODE_KEYS.has(k)) return null;
  const { id, type, position, params, credentials, retry, timeout_s, continue_on_error, disabled, notes } = raw;
  if (typeof id !== 'string' || !NODE_ID_PATTERN.test(id) || id === 'variables' || id === '__proto__') return null;
  if (typeof type !== 'string' || type.length === 0) return null;
  if (!Array.isArray(position) || position.length !== 2 || !isNum(position[0]) || !isNum(position[1])) return null;
  if (params !== undefined && !isObj(params)) return null;
  if (credentials !== undefined) {
    if (!isObj(credentials)) return null;
    for (const k in credentials) if (typeof credentials[k] !== 'string') return null;
  }
  let retryOut: NodeSpec['retry'] = null;
  if (retry !== undefined && retry !== null) {
    if (!isObj(retry)) return null;
    for (const k in retry) if (k !== 'max_attempts' && k !== 'backoff') return null;
    const { max_attempts: attempts, backoff } = retry;
    if (!Number.isInteger(attempts) || (attempts as number) < 1 || (attempts as number) > 100) return null;
    if (backoff !== undefined && backoff !== 'fixed' && backoff !== 'exponential') return null;
    retryOut = { max_attempts: attempts as number, backoff: backoff ?? 'exponential' };
  }
  if (timeout_s !== undefined && timeout_s !== null && (!isNum(timeout_s) || timeout_s <= 0 || timeout_s > 7 * 24 * 3600)) return null;
  if (continue_on_error !== undefined && typeof continue_on_error !== 'boolean') return null;
  if (disabled !== undefined && typeof disabled !== 'boolean') return null;
  if (notes !== undefined && notes !== null && typeof notes !== 'string') return null;
  return {
    id,
    type,
    position: [position[0], position[1]],
    params: params ?? {},
    credentials: credentials === undefined ? {} : ({ ...credentials } as Record<string, string>),
    retry: retryOut,
    timeout_s: (timeout_s as number | null | undefined) ?? null,
    continue_on_error: continue_on_error ?? false,
    disabled: disabled ?? false,
    notes: (notes as string | null | undefined) ?? null,
  };
}

export function fastEdgeSpec(raw: unknown): EdgeSpec | null {
  if (!isObj(raw)) return null;
  for (const k in raw) if (!EDGE_KEYS.has(k)) return null;
  const { id, source, source_port, target, target_port, animated } = raw;
  if (!nonEmpty(id) || !nonEmpty(source) || !nonEmpty(target)) return null;
  if (source_port !== undefined && !nonEmpty(source_port)) return null;
  if (target_port !== undefined && !nonEmpty(target_port)) return null;
  if (animated !== undefined && typeof animated !== 'boolean') return null;
  return { id, source, source_port: source_port ?? 'main', target, target_port: target_port ?? 'main', animated: animated ?? false };
}
