// The Studio's draft of a workflow and what the server said about it. The draft is plain spec
// JSON (what POST /workflows takes); the editor never judges it — the planner does, through
// POST /workflows/validate, and its 422 list is mapped back onto nodes and fields here.
// Pure (no browser API, no import from ../api), so the unit test can run it under Node; the
// shapes below match api.ts's SpecNode, SpecEdge and NodeType structurally.

export interface StudioNode {
  id: string;
  type: string;
  position: [number, number];
  params: Record<string, unknown>;
  continue_on_error?: boolean;
  disabled?: boolean;
  /** `{slot: connection_id}`: the connections the node's secrets come from. */
  credentials?: Record<string, string>;
  retry?: { max_attempts: number; backoff: 'fixed' | 'exponential' } | null;
  timeout_s?: number | null;
  notes?: string | null;
}

export interface StudioEdge {
  id: string;
  source: string;
  source_port?: string;
  target: string;
  target_port?: string;
}

/** The spec's fields besides nodes and edges (absent: the server's defaults). */
export interface Settings {
  variables?: Record<string, unknown>;
  usd_cap?: number | null;
  max_steps?: number;
  max_execution_time_s?: number;
  error_handler?: 'stop' | 'continue' | 'retry';
  /** The trigger's config (its type follows the trigger node on the canvas). */
  trigger_config?: Record<string, unknown>;
}

export interface Draft {
  nodes: StudioNode[];
  edges: StudioEdge[];
  settings?: Settings;
}

export interface NodeTypeSummary {
  type: string;
  name: string;
  category: string;
  description: string;
  inputs: Array<{ name: string }>;
  outputs: Array<{ name: string }>;
  execution: 'activity' | 'local' | 'workflow';
}

export interface Issue {
  /** The node the issue points at (when its `loc` names one), else undefined. */
  nodeId?: string;
  edgeId?: string;
  /** The parameter (or node-level setting) under the node. */
  field?: string;
  /** A workflow setting (`usd_cap`, `variables`, `trigger.cron`…) when the issue is about one. */
  setting?: string;
  msg: string;
}

const SETTING_KEYS = new Set(['variables', 'usd_cap', 'max_steps', 'max_execution_time_s', 'error_handler', 'trigger']);

export const ERROR_PORT = 'error';

/** The trigger follows the trigger node on the canvas (manual when there is none). */
export function specOf(draft: Draft): Record<string, unknown> {
  const trigger = draft.nodes.find((n) => n.type.startsWith('trigger.'));
  const { trigger_config, ...head } = draft.settings ?? {};
  const spec: Record<string, unknown> = {
    trigger: { type: trigger ? trigger.type.slice('trigger.'.length) : 'manual', config: trigger_config ?? {} },
  };
  for (const [k, v] of Object.entries(head)) if (v !== undefined) spec[k] = v;
  return {
    ...spec,
    nodes: draft.nodes.map((n) => {
      const out: Record<string, unknown> = { id: n.id, type: n.type, position: n.position, params: n.params };
      if (n.continue_on_error) out.continue_on_error = true;
      if (n.disabled) out.disabled = true;
      if (n.credentials && Object.keys(n.credentials).length) out.credentials = n.credentials;
      if (n.retry) out.retry = n.retry;
      if (n.timeout_s) out.timeout_s = n.timeout_s;
      if (n.notes) out.notes = n.notes;
      return out;
    }),
    edges: draft.edges.map((e) => ({ id: e.id, source: e.source, source_port: e.source_port ?? 'main', target: e.target, target_port: e.target_port ?? 'main' })),
  };
}

export interface SavedSpec extends Omit<Settings, 'trigger_config'> {
  nodes: Array<Omit<StudioNode, 'params'> & { params?: Record<string, unknown> }>;
  edges: StudioEdge[];
  trigger?: { type: string; config?: Record<string, unknown> };
}

/** A saved spec back into a draft (defaults the server filled in are kept as they are). */
export function draftOf(spec: SavedSpec): Draft {
  const settings: Settings = {};
  for (const k of ['variables', 'usd_cap', 'max_steps', 'max_execution_time_s', 'error_handler'] as const) {
    if (spec[k] !== undefined) (settings as Record<string, unknown>)[k] = spec[k];
  }
  if (spec.trigger?.config && Object.keys(spec.trigger.config).length) settings.trigger_config = { ...spec.trigger.config };
  return {
    nodes: spec.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: n.position,
      params: { ...(n.params ?? {}) },
      continue_on_error: n.continue_on_error || undefined,
      disabled: n.disabled || undefined,
      credentials: n.credentials && Object.keys(n.credentials).length ? { ...n.credentials } : undefined,
      retry: n.retry ?? undefined,
      timeout_s: n.timeout_s ?? undefined,
      notes: n.notes ?? undefined,
    })),
    edges: spec.edges.map((e) => ({ ...e })),
    settings,
  };
}

/** A fresh node id from the type's last segment: `set`, `set_2`, … (ids appear in templates). */
export function freshId(type: string, taken: Iterable<string>): string {
  const base = (type.split('.').pop() ?? 'node').replace(/[^A-Za-z0-9_]/g, '_') || 'node';
  const used = new Set(taken);
  if (!used.has(base) && base !== 'variables') return base;
  for (let i = 2; ; i++) if (!used.has(`${base}_${i}`)) return `${base}_${i}`;
}

/**
 * The planner's 422 list onto the draft: `loc` is ["body", "spec", "nodes", <index>, "params",
 * <field>, …] or ["body", "spec", "edges", <index>, …]; anything else is about the whole spec.
 */
export function issuesOf(detail: unknown, sent: Draft): Issue[] {
  if (!Array.isArray(detail)) return [{ msg: 'The server refused the workflow.' }];
  return detail.map((d: { loc?: unknown[]; msg?: string }) => {
    const loc = Array.isArray(d.loc) ? d.loc : [];
    const at = loc[0] === 'body' && loc[1] === 'spec' ? loc.slice(2) : loc;
    const msg = String(d.msg ?? 'invalid');
    if (at[0] === 'nodes' && typeof at[1] === 'number') {
      const node = sent.nodes[at[1]];
      const field = at[2] === 'params' ? (typeof at[3] === 'string' ? at[3] : undefined) : typeof at[2] === 'string' ? at[2] : undefined;
      return { nodeId: node?.id, field: at[2] === 'params' && field === undefined ? '' : field, msg };
    }
    if (at[0] === 'edges' && typeof at[1] === 'number') return { edgeId: sent.edges[at[1]]?.id, msg };
    if (typeof at[0] === 'string' && SETTING_KEYS.has(at[0])) {
      const setting = at[0] === 'trigger' && at[1] === 'config' && typeof at[2] === 'string' ? `trigger.${at[2]}` : at[0];
      return { setting, msg: `${at.join('.')}: ${msg}` };
    }
    return { msg: at.length ? `${at.join('.')}: ${msg}` : msg };
  });
}

/**
 * Undo/redo over whole drafts. A change with the same `coalesce` key as the one before (typing into
 * one field) replaces the newest step instead of adding one, so Ctrl+Z undoes a word, not a key.
 */
export class History {
  private past: Draft[] = [];
  private future: Draft[] = [];
  private lastKey: string | undefined;

  record(before: Draft, coalesce?: string): void {
    if (!(coalesce && coalesce === this.lastKey)) this.past.push(before);
    if (this.past.length > 200) this.past.shift();
    this.future = [];
    this.lastKey = coalesce;
  }
  undo(current: Draft): Draft | undefined {
    const prev = this.past.pop();
    if (prev) this.future.push(current);
    this.lastKey = undefined;
    return prev;
  }
  redo(current: Draft): Draft | undefined {
    const next = this.future.pop();
    if (next) this.past.push(current);
    this.lastKey = undefined;
    return next;
  }
  reset(): void {
    this.past = [];
    this.future = [];
    this.lastKey = undefined;
  }
}
