// Spec → plan at the edge: validates a WorkflowSpec against the node catalogue and
// reports every problem at once, each with a precise `loc`, or produces the serialisable RunPlan
// the engineRun workflow walks. Ordering is Kahn's algorithm over index arrays (stable: ties go
// in spec order); graphlib finds the strongly connected components when there is a cycle.
import { Graph, alg } from '@dagrejs/graphlib';
import type { z } from 'zod';
import { usdToMicros } from '../../platform/billing/money';
import { zodIssues } from '../../infra/http/errors';
import { EdgeSpec, fastEdgeSpec, fastNodeSpec, NodeSpec, TRIGGER_CONFIGS, WorkflowSpecHead } from './spec';
import type { WorkflowSpec } from './spec';
import { hasTemplate, templateRefs } from '../contract/templates';
import type { NodeDefinition, NodeRegistry, PlanIssue, PlanResult, PlannedEdge, PlannedNode, PortSpec, RunPlan } from '../contract/types';

export interface PlanOptions {
  /** Where the spec sits in the request, prefixed to every `loc` (default `['body','spec']`). */
  at?: (string | number)[];
}

type Loc = (string | number)[];

interface NodeInfo {
  index: number;
  id: string;
  def: NodeDefinition | undefined;
  spec: NodeSpec | null;
  params: Record<string, unknown>;
  /** Output ports, or null when they cannot be known (params did not parse). */
  ports: string[] | null;
}

/** The spec's top-level fields as WorkflowSpecHead parses them (defaults applied). */
type SpecFields = z.output<typeof WorkflowSpecHead>;

interface EdgeInfo {
  index: number;
  edge: PlannedEdge;
  source: NodeInfo;
  target: NodeInfo;
}

const DEFAULT_TIMEOUT_S = 300;
const DEFAULT_RETRY_INTERVAL_MS = 1000;
/** The output port a continue_on_error node always emits `{error, error_type}` on when it fails. */
export const ERROR_PORT = 'error';
/** `error_handler: 'retry'` gives nodes without their own `retry` this many attempts. */
const ERROR_HANDLER_RETRY_ATTEMPTS = 3;

/** Every problem found so far, each `loc` prefixed with where the spec sits in the request. */
class PlanIssues {
  readonly list: PlanIssue[] = [];
  constructor(readonly at: Loc) {}

  add(type: string, loc: Loc, msg: string, input?: unknown) {
    this.list.push(input === undefined ? { type, loc: [...this.at, ...loc], msg } : { type, loc: [...this.at, ...loc], msg, input });
  }

  /** A zod error's issues under `loc`; `keep` filters them by path. */
  addZod(error: z.ZodError, loc: Loc, input: unknown, keep?: (path: PropertyKey[]) => boolean) {
    const kept = keep ? { ...error, issues: error.issues.filter((i) => keep(i.path)) } : error;
    for (const i of zodIssues(kept as z.ZodError, '', input)) this.list.push({ ...i, loc: [...this.at, ...loc, ...i.loc.slice(1)] });
  }
}

/** The spec's top level, read as far as it goes, and which parts are known well enough to check against. */
interface SpecHead {
  raw: Record<string, unknown>;
  head: ReturnType<typeof WorkflowSpecHead.safeParse>;
  rawNodes: unknown[];
  rawEdges: unknown[];
  variables: Record<string, unknown>;
  // Checks that would only echo an earlier problem are left out: with the node list (or a node's
  // id) missing, every edge endpoint and reference would look dangling; with the edge list
  // missing, every reference would look "not upstream"; with bad variables, every variable unknown.
  nodesKnown: boolean;
  edgesKnown: boolean;
  variablesKnown: boolean;
}

interface ResolvedNodes {
  nodes: NodeInfo[];
  byId: Map<string, NodeInfo>;
  /** False when a node's id could not be read (endpoints and references are then not checked). */
  nodesKnown: boolean;
}

interface NodeOrder {
  /** Node positions (in `nodes`) in topological order; shorter than `nodes` when there is a cycle. */
  order: number[];
  acyclic: boolean;
  /** Node id → position in `nodes`. */
  slot: Map<string, number>;
  preds: number[][];
  /** Position in `order` of each node, -1 when it is on or behind a cycle. */
  position: Int32Array;
}

export function planWorkflow(raw: unknown, registry: NodeRegistry, options: PlanOptions = {}): PlanResult {
  const issues = new PlanIssues(options.at ?? ['body', 'spec']);
  const spec = validateSpec(raw, issues);
  if (!spec) return { ok: false, issues: issues.list };
  checkTrigger(spec, issues);
  const resolved = resolveNodes(spec, registry, issues);
  const edges = resolveEdges(spec, resolved, issues);
  const order = orderNodes(resolved.nodes, edges.edges, issues);
  checkTemplates(spec, resolved, order, issues);
  if (issues.list.length > 0 || !spec.head.success) return { ok: false, issues: issues.list };
  return { ok: true, ...buildPlan(spec.head.data, resolved.nodes, edges, order) };
}

/** The spec must be an object; its top-level fields (everything but nodes and edges) parse. */
function validateSpec(raw: unknown, issues: PlanIssues): SpecHead | null {
  if (raw === undefined) {
    issues.list.push({ type: 'missing', loc: issues.at, msg: 'Field required' });
    return null;
  }
  if (!isRecord(raw)) {
    issues.list.push({ type: 'dict_type', loc: issues.at, msg: 'The spec must be an object', input: raw });
    return null;
  }
  const head = WorkflowSpecHead.safeParse(raw);
  if (!head.success) issues.addZod(head.error, [], raw);
  return {
    raw,
    head,
    rawNodes: Array.isArray(raw.nodes) ? raw.nodes : [],
    rawEdges: Array.isArray(raw.edges) ? raw.edges : [],
    variables: head.success ? head.data.variables : isRecord(raw.variables) ? raw.variables : {},
    nodesKnown: Array.isArray(raw.nodes),
    edgesKnown: Array.isArray(raw.edges),
    variablesKnown: raw.variables === undefined || isRecord(raw.variables),
  };
}

/** Trigger config by trigger type (documented in spec.ts). */
function checkTrigger(spec: SpecHead, issues: PlanIssues) {
  if (!spec.head.success) return;
  const { trigger } = spec.head.data;
  const schema = TRIGGER_CONFIGS[trigger.type];
  const parsed = schema?.safeParse(trigger.config);
  if (parsed && !parsed.success) issues.addZod(parsed.error, ['trigger', 'config'], trigger.config);
}

/** Nodes: shape, unique ids, known types, params against the node's schema, output ports. */
function resolveNodes(spec: SpecHead, registry: NodeRegistry, issues: PlanIssues): ResolvedNodes {
  const { rawNodes } = spec;
  let nodesKnown = spec.nodesKnown;
  if (Array.isArray(spec.raw.nodes) && rawNodes.length === 0) {
    issues.add('too_short', ['nodes'], 'A workflow needs at least one node', []);
  }
  const nodes: NodeInfo[] = [];
  const byId = new Map<string, NodeInfo>();
  for (let i = 0; i < rawNodes.length; i++) {
    const rawNode = rawNodes[i];
    let nodeSpec = fastNodeSpec(rawNode);
    if (!nodeSpec) {
      const parsed = NodeSpec.safeParse(rawNode);
      if (parsed.success) nodeSpec = parsed.data;
      else issues.addZod(parsed.error, ['nodes', i], rawNode);
    }
    const id = nodeSpec?.id ?? (isRecord(rawNode) && typeof rawNode.id === 'string' ? rawNode.id : null);
    if (id === null) {
      nodesKnown = false;
      continue;
    }
    if (byId.has(id)) {
      issues.add('duplicate_id', ['nodes', i, 'id'], `Duplicate node id "${id}" (first used by nodes[${byId.get(id)!.index}])`, id);
      continue;
    }
    const type = nodeSpec?.type ?? (isRecord(rawNode) && typeof rawNode.type === 'string' ? rawNode.type : null);
    const def = type === null ? undefined : registry.get(type);
    if (type !== null && !def) issues.add('unknown_node_type', ['nodes', i, 'type'], `Unknown node type "${type}"`, type);
    const params = nodeSpec?.params ?? (isRecord(rawNode) && isRecord(rawNode.params) ? rawNode.params : {});
    const resolvedPorts = def ? resolvePorts(def, params, i, issues) : null;
    const ports = resolvedPorts && nodeSpec?.continue_on_error ? withFailurePorts(resolvedPorts) : resolvedPorts;
    const info: NodeInfo = { index: i, id, def, spec: nodeSpec, params, ports };
    nodes.push(info);
    byId.set(id, info);
  }
  return { nodes, byId, nodesKnown };
}

/** Checks a node's params against its schema and answers its output ports (null when they depend on params that did not parse). */
function resolvePorts(def: NodeDefinition, params: Record<string, unknown>, index: number, issues: PlanIssues): string[] | null {
  let ports: string[] | null = staticPorts(def);
  const checked = def.params.safeParse(params);
  if (checked.success) {
    if (def.outputsFor) ports = def.outputsFor(checked.data).map((p) => p.name);
  } else {
    // A template stands in for a value only known at run time; the executor checks it then.
    issues.addZod(checked.error, ['nodes', index, 'params'], params, (path) => !templatedAlong(params, path));
    if (def.outputsFor) ports = null;
  }
  return ports;
}

/** Edges: shape, unique ids, known endpoints and ports. */
function resolveEdges(spec: SpecHead, resolved: ResolvedNodes, issues: PlanIssues): { edges: EdgeInfo[]; specs: EdgeSpec[] } {
  const { rawEdges } = spec;
  const { byId, nodesKnown } = resolved;
  const edgeIds = new Map<string, number>();
  const edges: EdgeInfo[] = [];
  const specs: EdgeSpec[] = [];
  for (let i = 0; i < rawEdges.length; i++) {
    const rawEdge = rawEdges[i];
    let e = fastEdgeSpec(rawEdge);
    if (!e) {
      const parsed = EdgeSpec.safeParse(rawEdge);
      if (!parsed.success) {
        issues.addZod(parsed.error, ['edges', i], rawEdge);
        continue;
      }
      e = parsed.data;
    }
    specs.push(e);
    const first = edgeIds.get(e.id);
    if (first !== undefined) issues.add('duplicate_id', ['edges', i, 'id'], `Duplicate edge id "${e.id}" (first used by edges[${first}])`, e.id);
    else edgeIds.set(e.id, i);
    const source = byId.get(e.source);
    const target = byId.get(e.target);
    if (!source && nodesKnown) issues.add('unknown_node', ['edges', i, 'source'], `Edge source "${e.source}" is not a node of this workflow`, e.source);
    if (source?.ports && !source.ports.includes(e.source_port)) {
      issues.add('unknown_port', ['edges', i, 'source_port'],
        `Node "${source.id}" (${source.def!.type}) has no output port "${e.source_port}"; its outputs are: ${portList(source, e.source_port)}`, e.source_port);
    }
    if (!target && nodesKnown) issues.add('unknown_node', ['edges', i, 'target'], `Edge target "${e.target}" is not a node of this workflow`, e.target);
    if (target?.def && !hasPort(target.def.inputs, e.target_port)) {
      const inputs = target.def.inputs.map((p) => p.name);
      issues.add('unknown_port', ['edges', i, 'target_port'],
        `Node "${target.id}" (${target.def.type}) has no input port "${e.target_port}"; its inputs are: ${inputs.join(', ') || 'none'}`, e.target_port);
    }
    if (source && target) {
      edges.push({ index: i, source, target, edge: { id: e.id, source: e.source, sourcePort: e.source_port, target: e.target, targetPort: e.target_port } });
    }
  }
  return { edges, specs };
}

/** Order (Kahn's algorithm over indices; ties in spec order) and cycles, each reported with its path. */
function orderNodes(nodes: NodeInfo[], edges: EdgeInfo[], issues: PlanIssues): NodeOrder {
  const n = nodes.length;
  const slot = new Map<string, number>();
  nodes.forEach((node, k) => slot.set(node.id, k));
  const preds: number[][] = Array.from({ length: n }, () => []);
  const succs: number[][] = Array.from({ length: n }, () => []);
  const indegree = new Int32Array(n);
  for (const { source, target } of edges) {
    const s = slot.get(source.id)!;
    const t = slot.get(target.id)!;
    succs[s]!.push(t);
    preds[t]!.push(s);
    indegree[t]! += 1;
  }
  const order: number[] = [];
  const ready: number[] = [];
  for (let k = 0; k < n; k++) if (indegree[k] === 0) ready.push(k);
  // `ready` is a min-heap on spec position, so the order is deterministic and readable.
  heapify(ready);
  while (ready.length > 0) {
    const k = heapPop(ready);
    order.push(k);
    for (const t of succs[k]!) {
      indegree[t]! -= 1;
      if (indegree[t] === 0) heapPush(ready, t);
    }
  }
  const acyclic = order.length === n;
  if (!acyclic) reportCycles(nodes, edges, indegree, (loc, msg, input) => issues.add('cycle', loc, msg, input));
  const position = new Int32Array(n).fill(-1);
  order.forEach((k, p) => (position[k] = p));
  return { order, acyclic, slot, preds, position };
}

/** Template references: to upstream nodes (ancestors), their ports, and defined variables only. */
function checkTemplates(spec: SpecHead, resolved: ResolvedNodes, graph: NodeOrder, issues: PlanIssues) {
  const { nodes, byId, nodesKnown } = resolved;
  const { variables, edgesKnown, variablesKnown } = spec;
  const isAncestor = ancestry(nodes.length, graph);
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k]!;
    const uses = templateRefs(node.params);
    for (let u = 0; u < uses.length; u++) {
      const use = uses[u]!;
      const ref = use.ref;
      const text = `{{${use.expression}}}`;
      if (!ref) {
        issues.add('invalid_template', useLoc(node, use.at), `${text} is not a reference: use {{node_id.output.port.field}} or {{variables.name}}`, text);
      } else if (ref.kind === 'variables') {
        if (variablesKnown && !Object.prototype.hasOwnProperty.call(variables, ref.name)) {
          issues.add('unknown_variable', useLoc(node, use.at), `${text} refers to variable "${ref.name}", which the spec's variables do not define`, text);
        }
      } else {
        const source = byId.get(ref.nodeId);
        if (!source) {
          if (nodesKnown) issues.add('unknown_node', useLoc(node, use.at), `${text} refers to node "${ref.nodeId}", which is not in this workflow`, text);
        } else if (source === node || (edgesKnown && !isAncestor(graph.slot.get(source.id)!, k))) {
          issues.add('not_upstream', useLoc(node, use.at), `${text} refers to node "${ref.nodeId}", which is not upstream of "${node.id}" (no path of edges leads from it here)`, text);
        } else if (ref.port !== null && source.ports && !source.ports.includes(ref.port)) {
          issues.add('unknown_port', useLoc(node, use.at), `${text}: node "${ref.nodeId}" has no output port "${ref.port}"; its outputs are: ${portList(source, ref.port)}`, text);
        }
      }
    }
  }
}

/** `isAncestor(a, of)`: whether a path of edges leads from node position `a` to `of` (memoised walks up the predecessors). */
function ancestry(n: number, graph: NodeOrder): (ancestor: number, of: number) => boolean {
  const { preds, position, acyclic } = graph;
  const stamp = new Int32Array(n);
  let round = 0;
  const memo = new Map<number, boolean>();
  return (ancestor, of) => {
    const key = ancestor * n + of;
    const known = memo.get(key);
    if (known !== undefined) return known;
    round += 1;
    const stack = [of];
    stamp[of] = round;
    let found = false;
    while (stack.length > 0 && !found) {
      const v = stack.pop()!;
      for (const p of preds[v]!) {
        if (p === ancestor) { found = true; break; }
        if (stamp[p] === round) continue;
        // In a DAG an ancestor comes earlier in the order: nothing before it can lead to it.
        if (acyclic && position[p]! < position[ancestor]!) continue;
        stamp[p] = round;
        stack.push(p);
      }
    }
    memo.set(key, found);
    return found;
  };
}

/** The RunPlan of a spec that passed every check, and the spec normalised (defaults applied). */
function buildPlan(spec: SpecFields, nodes: NodeInfo[], edges: { edges: EdgeInfo[]; specs: EdgeSpec[] }, graph: NodeOrder): { plan: RunPlan; spec: WorkflowSpec } {
  const planned: Record<string, PlannedNode> = {};
  for (const node of nodes) planned[node.id] = plannedNode(node, spec);
  for (const { edge, source } of edges.edges) {
    const from = planned[edge.source]!;
    from.outgoing.push(edge);
    planned[edge.target]!.incoming.push(edge);
    // Ports only known at run time (a switch whose cases are a template): the edges name them.
    if (source.ports === null && !from.outputPorts.includes(edge.sourcePort)) from.outputPorts.push(edge.sourcePort);
  }
  const plan: RunPlan = {
    nodes: planned,
    order: graph.order.map((k) => nodes[k]!.id),
    variables: spec.variables,
    maxExecutionTimeS: spec.max_execution_time_s,
    maxSteps: spec.max_steps,
    usdCapMicros: spec.usd_cap === null ? null : usdToMicros(spec.usd_cap),
    errorHandler: spec.error_handler,
    trigger: { type: spec.trigger.type, config: spec.trigger.config },
  };
  return { plan, spec: { ...spec, nodes: nodes.map((node) => node.spec!), edges: edges.specs } };
}

/** One node of the plan: its retry policy and timeout with defaults applied; edges are added after. */
function plannedNode(node: NodeInfo, spec: SpecFields): PlannedNode {
  const s = node.spec!;
  const def = node.def!;
  const defaultAttempts = def.defaults?.maxAttempts ?? 1;
  const retry = s.retry
    ? { maxAttempts: s.retry.max_attempts, backoff: s.retry.backoff, initialIntervalMs: DEFAULT_RETRY_INTERVAL_MS }
    : {
        maxAttempts: spec.error_handler === 'retry' ? Math.max(defaultAttempts, ERROR_HANDLER_RETRY_ATTEMPTS) : defaultAttempts,
        backoff: 'exponential' as const,
        initialIntervalMs: DEFAULT_RETRY_INTERVAL_MS,
      };
  return {
    id: node.id,
    type: def.type,
    version: def.version,
    execution: def.execution,
    reads: def.reads ?? [],
    params: s.params,
    credentials: s.credentials,
    retry,
    timeoutS: s.timeout_s ?? def.defaults?.timeoutS ?? DEFAULT_TIMEOUT_S,
    continueOnError: s.continue_on_error,
    disabled: s.disabled,
    incoming: [],
    outgoing: [],
    outputPorts: node.ports ?? (s.continue_on_error ? withFailurePorts(staticPorts(def)) : staticPorts(def)),
  };
}

/**
 * The output ports of a node with continue_on_error: its own, `main` (which carries its failure
 * when no edge leaves `error`; a node with no outputs, such as logic.stop_and_error, gets it here)
 * and `error` (which always carries it).
 */
function withFailurePorts(ports: string[]): string[] {
  const out = ports.slice();
  for (const port of ['main', ERROR_PORT]) if (!out.includes(port)) out.push(port);
  return out;
}

/** A node's output ports for an unknown_port message, saying how to get `main`/`error` when continue_on_error would give them. */
function portList(source: NodeInfo, port: string): string {
  const list = source.ports!.join(', ') || 'none';
  const wouldHave = !source.spec?.continue_on_error && withFailurePorts(source.ports!).includes(port);
  return wouldHave ? `${list} (with continue_on_error: true it passes its failure on ${port})` : list;
}

/**
 * Names each cycle's nodes in order ("cycle: a → b → c → a"). graphlib's Tarjan gives the
 * strongly connected components among the nodes Kahn could not order; within each, the shortest
 * way back to its first node (in spec order) is a concrete cycle to show.
 */
function reportCycles(
  nodes: NodeInfo[],
  edges: EdgeInfo[],
  indegree: Int32Array,
  report: (loc: Loc, msg: string, input: unknown) => void,
) {
  const stuck = new Set<string>();
  nodes.forEach((node, k) => { if (indegree[k]! > 0) stuck.add(node.id); });
  const g = new Graph({ directed: true, multigraph: false });
  for (const id of stuck) g.setNode(id);
  const edgeIndex = new Map<string, number>();
  for (const { index, source, target } of edges) {
    if (!stuck.has(source.id) || !stuck.has(target.id)) continue;
    g.setEdge(source.id, target.id);
    const key = `${source.id}\u0000${target.id}`;
    if (!edgeIndex.has(key)) edgeIndex.set(key, index);
  }
  const specIndex = new Map(nodes.map((node) => [node.id, node.index]));
  const components = alg.findCycles(g)
    .map((component) => [...component].sort((a, b) => specIndex.get(a)! - specIndex.get(b)!))
    .sort((a, b) => specIndex.get(a[0]!)! - specIndex.get(b[0]!)!);
  for (const component of components) {
    const start = component[0]!;
    const members = new Set(component);
    // Breadth-first from start's successors back to start, inside the component.
    const parent = new Map<string, string>();
    const queue: string[] = [start];
    let last: string | null = null;
    for (let q = 0; q < queue.length && last === null; q++) {
      const v = queue[q]!;
      const next = [...((g.successors(v) as string[] | undefined) ?? [])].sort((a, b) => specIndex.get(a)! - specIndex.get(b)!);
      for (const w of next) {
        if (!members.has(w)) continue;
        if (w === start) { last = v; break; }
        if (parent.has(w)) continue;
        parent.set(w, v);
        queue.push(w);
      }
    }
    if (last === null) continue;
    const path = [last];
    while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
    path.push(start);
    const closing = edgeIndex.get(`${last}\u0000${start}`)!;
    report(['edges', closing], `cycle: ${path.join(' → ')}`, path);
  }
}

// Small module-level helpers: under tsx (keepNames) every closure created in a hot loop costs a
// defineProperty, so the per-node and per-edge loops avoid creating any.
const portNames = new WeakMap<NodeDefinition, string[]>();
function staticPorts(def: NodeDefinition): string[] {
  let names = portNames.get(def);
  if (!names) {
    names = def.outputs.map((p) => p.name);
    portNames.set(def, names);
  }
  return names.slice();
}

function hasPort(ports: PortSpec[], name: string): boolean {
  for (let i = 0; i < ports.length; i++) if (ports[i]!.name === name) return true;
  return false;
}

function useLoc(node: NodeInfo, at: (string | number)[]): Loc {
  return ['nodes', node.index, 'params', ...at];
}

/** True when the value at `path` (or on the way to it) in `params` is a string holding a template. */
function templatedAlong(params: unknown, path: PropertyKey[]): boolean {
  let current: unknown = params;
  if (hasTemplate(current)) return true;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return false;
    current = (current as Record<PropertyKey, unknown>)[key];
    if (hasTemplate(current)) return true;
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A small binary min-heap over numbers.
function heapify(h: number[]) {
  for (let i = (h.length >> 1) - 1; i >= 0; i--) siftDown(h, i);
}
function heapPush(h: number[], v: number) {
  h.push(v);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (h[p]! <= v) break;
    h[i] = h[p]!;
    i = p;
  }
  h[i] = v;
}
function heapPop(h: number[]): number {
  const top = h[0]!;
  const lastValue = h.pop()!;
  if (h.length > 0) {
    h[0] = lastValue;
    siftDown(h, 0);
  }
  return top;
}
function siftDown(h: number[], i: number) {
  const n = h.length;
  const v = h[i]!;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && h[c + 1]! < h[c]!) c += 1;
    if (h[c]! >= v) break;
    h[i] = h[c]!;
    i = c;
  }
  h[i] = v;
}
