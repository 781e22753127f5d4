// The Studio's edits that touch more than one place of a draft: renaming a node (its edges and every
// template that reads it follow), copying nodes and pasting them under fresh ids, what changed
// between two versions, which `{{…}}` references a node may use, and the fields of a run's input.
// Pure, like model.ts: the unit test runs it under Node.
import { freshId, type Draft, type StudioEdge, type StudioNode } from './model';

/** A node id as the planner accepts it (letters, digits, `_`, `-`; `variables` is reserved). */
export const NODE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function nodeIdProblem(id: string, taken: Iterable<string>): string | null {
  if (!NODE_ID.test(id)) return 'Use 1-128 letters, digits, "_" or "-".';
  if (id === 'variables' || id === '__proto__') return `"${id}" is reserved.`;
  if (new Set(taken).has(id)) return `A node is already called "${id}".`;
  return null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every `{{from.…}}` inside `value` (recursively) reading `to.…` instead. */
function retarget(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const re = new RegExp(`(\\{\\{\\s*)${escapeRe(from)}(\\.output\\b)`, 'g');
    return value.replace(re, `$1${to}$2`);
  }
  if (Array.isArray(value)) return value.map((v) => retarget(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, retarget(v, from, to)]));
  return value;
}

/** Renames a node; its edges and the templates of every node that read it follow. */
export function renameNode(draft: Draft, from: string, to: string): Draft {
  return {
    ...draft,
    nodes: draft.nodes.map((n) => ({ ...n, id: n.id === from ? to : n.id, params: retarget(n.params, from, to) as Record<string, unknown> })),
    edges: draft.edges.map((e) => ({ ...e, source: e.source === from ? to : e.source, target: e.target === from ? to : e.target })),
  };
}

/** What Ctrl+C keeps: the chosen nodes and the edges between them. */
export interface Clipboard {
  nodes: StudioNode[];
  edges: StudioEdge[];
}

export function copyNodes(draft: Draft, ids: string[]): Clipboard {
  const chosen = new Set(ids);
  return {
    nodes: draft.nodes.filter((n) => chosen.has(n.id)).map((n) => structuredClone(n)),
    edges: draft.edges.filter((e) => chosen.has(e.source) && chosen.has(e.target)).map((e) => ({ ...e })),
  };
}

/**
 * Adds the clipboard's nodes under fresh ids, `offset` pixels away, with their edges between them
 * and their templates reading each other's new ids. Answers the new draft and the new ids.
 */
export function pasteNodes(draft: Draft, clip: Clipboard, offset: [number, number] = [40, 40]): { draft: Draft; ids: string[] } {
  const taken = draft.nodes.map((n) => n.id);
  const renamed = new Map<string, string>();
  for (const n of clip.nodes) {
    const id = freshId(n.id.replace(/_\d+$/, '') || n.type, taken);
    taken.push(id);
    renamed.set(n.id, id);
  }
  const nodes = clip.nodes.map((n) => {
    let params = structuredClone(n.params);
    for (const [from, to] of renamed) params = retarget(params, from, to) as Record<string, unknown>;
    return { ...structuredClone(n), id: renamed.get(n.id)!, params, position: [n.position[0] + offset[0], n.position[1] + offset[1]] as [number, number] };
  });
  const edgeIds = new Set(draft.edges.map((e) => e.id));
  let k = draft.edges.length + 1;
  const edges = clip.edges.map((e) => {
    while (edgeIds.has(`e${k}`)) k++;
    const id = `e${k}`;
    edgeIds.add(id);
    return { ...e, id, source: renamed.get(e.source)!, target: renamed.get(e.target)! };
  });
  return { draft: { ...draft, nodes: [...draft.nodes, ...nodes], edges: [...draft.edges, ...edges] }, ids: nodes.map((n) => n.id) };
}

// ---- versions ----

export interface ParamChange {
  key: string;
  before: unknown;
  after: unknown;
}

export interface SpecDiff {
  addedNodes: string[];
  removedNodes: string[];
  /** Nodes present in both whose type, params or settings differ (positions are not a change). */
  changedNodes: Array<{ id: string; params: ParamChange[]; other: string[] }>;
  addedEdges: string[];
  removedEdges: string[];
  /** Workflow-level fields that differ (trigger, variables, usd_cap…). */
  settings: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const edgeKey = (e: { source: string; source_port?: string; target: string; target_port?: string }) =>
  `${e.source}.${e.source_port ?? 'main'} → ${e.target}.${e.target_port ?? 'main'}`;

type DiffSpec = { nodes: Array<Record<string, unknown> & { id: string; params?: Record<string, unknown> }>; edges: Array<{ source: string; source_port?: string; target: string; target_port?: string }> } & Record<string, unknown>;

/** What changed from `before` to `after` (two saved specs): nodes, edges, params and settings. */
export function diffSpecs(before: DiffSpec, after: DiffSpec): SpecDiff {
  const a = new Map(before.nodes.map((n) => [n.id, n]));
  const b = new Map(after.nodes.map((n) => [n.id, n]));
  const changedNodes: SpecDiff['changedNodes'] = [];
  for (const [id, nb] of b) {
    const na = a.get(id);
    if (!na) continue;
    const keys = new Set([...Object.keys(na.params ?? {}), ...Object.keys(nb.params ?? {})]);
    const params = [...keys].filter((k) => !same(na.params?.[k], nb.params?.[k])).sort().map((key) => ({ key, before: na.params?.[key], after: nb.params?.[key] }));
    const other = ['type', 'credentials', 'retry', 'timeout_s', 'continue_on_error', 'disabled', 'notes'].filter((k) => !same(na[k], nb[k]));
    if (params.length || other.length) changedNodes.push({ id, params, other });
  }
  const ea = new Set(before.edges.map(edgeKey));
  const eb = new Set(after.edges.map(edgeKey));
  const settingKeys = new Set([...Object.keys(before), ...Object.keys(after)].filter((k) => k !== 'nodes' && k !== 'edges'));
  return {
    addedNodes: [...b.keys()].filter((id) => !a.has(id)),
    removedNodes: [...a.keys()].filter((id) => !b.has(id)),
    changedNodes,
    addedEdges: [...eb].filter((k) => !ea.has(k)),
    removedEdges: [...ea].filter((k) => !eb.has(k)),
    settings: [...settingKeys].filter((k) => !same(before[k], after[k])).sort(),
  };
}

export const isEmptyDiff = (d: SpecDiff) =>
  !d.addedNodes.length && !d.removedNodes.length && !d.changedNodes.length && !d.addedEdges.length && !d.removedEdges.length && !d.settings.length;

// ---- templates ----

/** The nodes `id` runs after (every ancestor along the edges): what its templates may read. */
export function upstreamOf(draft: Draft, id: string): string[] {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    for (const e of draft.edges) {
      if (e.target === cur && !seen.has(e.source)) {
        seen.add(e.source);
        stack.push(e.source);
      }
    }
  }
  seen.delete(id);
  return draft.nodes.map((n) => n.id).filter((n) => seen.has(n));
}

export interface Suggestion {
  /** What goes between the braces. */
  expression: string;
  detail: string;
}

/**
 * The references a template in node `id` can use: each upstream node's output ports (`ports` names
 * them per node), plus every workflow variable.
 */
export function templateSuggestions(draft: Draft, id: string, ports: (nodeId: string) => string[]): Suggestion[] {
  const out: Suggestion[] = [];
  for (const up of upstreamOf(draft, id)) {
    const node = draft.nodes.find((n) => n.id === up)!;
    for (const port of ports(up)) out.push({ expression: `${up}.output.${port}`, detail: `${node.type} · port ${port}` });
  }
  for (const name of Object.keys(draft.settings?.variables ?? {})) out.push({ expression: `variables.${name}`, detail: 'workflow variable' });
  return out;
}

/**
 * The open `{{…` a text field's caret sits in: where it starts and what was typed after the braces;
 * null when the caret is not inside an unclosed template.
 */
export function openTemplateAt(text: string, caret: number): { start: number; typed: string } | null {
  const before = text.slice(0, caret);
  const open = before.lastIndexOf('{{');
  if (open < 0 || before.indexOf('}}', open) >= 0) return null;
  const typed = before.slice(open + 2).trimStart();
  if (/[{}\s]/.test(typed)) return null;
  return { start: open, typed };
}

/** The text with the open template at `at` completed as `{{expression}}`; the caret goes after it. */
export function completeTemplate(text: string, caret: number, at: { start: number }, expression: string): { text: string; caret: number } {
  let rest = text.slice(caret);
  if (rest.startsWith('}}')) rest = rest.slice(2);
  const inserted = `{{${expression}}}`;
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}

// ---- run input ----

export interface InputField {
  name: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'json';
  required: boolean;
  description?: string;
  enum?: string[];
}

/** A field of the workflow's widget interface (GET /widget/{workflow_id}). */
export interface WidgetField {
  name: string;
  type: 'text' | 'textarea' | 'number' | 'email' | 'url' | 'select' | 'checkbox' | 'date';
  label: string;
  required: boolean;
  options: string[] | null;
}

/**
 * The run input form: the trigger's `config.input_schema` (a JSON Schema object) when there is one,
 * else the fields of the workflow's widget interface when it has some, else one text field per
 * input field a template reads from a trigger node (`{{manual.output.main.who}}` → `who`), the way
 * the API derives a workflow's input schema.
 */
export function inputFieldsOf(draft: Draft, widget: WidgetField[] = []): InputField[] {
  const declared = draft.settings?.trigger_config?.input_schema as { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] } | undefined;
  if (declared && declared.type === 'object' && declared.properties) {
    const required = new Set(declared.required ?? []);
    return Object.entries(declared.properties).map(([name, p]) => {
      const t = typeof p.type === 'string' ? p.type : '';
      const enumOf = Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string') ? (p.enum as string[]) : undefined;
      return {
        name,
        type: (['string', 'number', 'integer', 'boolean'].includes(t) ? t : 'json') as InputField['type'],
        required: required.has(name),
        description: typeof p.description === 'string' ? p.description : undefined,
        enum: enumOf,
      };
    });
  }
  if (widget.length) {
    return widget.map((f) => ({
      name: f.name,
      type: f.type === 'number' ? 'number' : f.type === 'checkbox' ? 'boolean' : 'string',
      required: f.required,
      description: f.label === f.name ? undefined : f.label,
      enum: f.type === 'select' ? (f.options ?? []) : undefined,
    }));
  }
  const triggers = new Set(draft.nodes.filter((n) => n.type.startsWith('trigger.')).map((n) => n.id));
  const names: string[] = [];
  const scan = (v: unknown) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)) {
        const [node, output, port, field] = m[1]!.split('.');
        if (node && triggers.has(node) && output === 'output' && port === 'main' && field && !names.includes(field)) names.push(field);
      }
    } else if (Array.isArray(v)) v.forEach(scan);
    else if (v && typeof v === 'object') Object.values(v).forEach(scan);
  };
  for (const n of draft.nodes) scan(n.params);
  return names.map((name) => ({ name, type: 'string', required: true }));
}
