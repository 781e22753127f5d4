// Where each node and edge of a run's graph is drawn. The spec's own node positions win when they
// place every node apart (the editor that wrote the spec laid it out); a spec whose positions are
// missing or stacked on each other (e.g. every node at [0, 0]) is laid out by dagre, left to right.
import dagre from '@dagrejs/dagre';
import type { NodeType, SpecEdge, SpecNode } from './api';

export const NODE_W = 184;
export const NODE_H = 64;
const PORT_GAP = 16;

export interface Point {
  x: number;
  y: number;
}

export interface PlacedPort {
  name: string;
  x: number;
  y: number;
}

export interface PlacedNode {
  id: string;
  type: string;
  /** Top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  inputs: PlacedPort[];
  outputs: PlacedPort[];
}

export interface PlacedEdge {
  id: string;
  source: string;
  target: string;
  sourcePort: string;
  targetPort: string;
  points: Point[];
  /** Where the port label goes (only for ports other than `main`). */
  label?: { text: string; x: number; y: number };
}

export interface GraphLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
  /** `spec` when the spec's positions were used, `dagre` otherwise. */
  source: 'spec' | 'dagre';
}

/** Input and output port names of a node: its catalogue entry's, plus any an edge names. */
function portsOf(node: SpecNode, edges: SpecEdge[], catalogue: Map<string, NodeType>) {
  const def = catalogue.get(node.type);
  const inputs = new Set((def?.inputs ?? [{ name: 'main' }]).map((p) => p.name));
  const outputs = new Set((def?.outputs ?? [{ name: 'main' }]).map((p) => p.name));
  for (const e of edges) {
    if (e.target === node.id) inputs.add(e.target_port ?? 'main');
    if (e.source === node.id) outputs.add(e.source_port ?? 'main');
  }
  return { inputs: [...inputs], outputs: [...outputs] };
}

function heightFor(ports: { inputs: string[]; outputs: string[] }): number {
  return Math.max(NODE_H, (Math.max(ports.inputs.length, ports.outputs.length) + 1) * PORT_GAP);
}

/** Spec positions are usable when every node has one and no two nodes' boxes overlap. */
function specPositionsUsable(nodes: SpecNode[], sizes: Map<string, { w: number; h: number }>): boolean {
  if (nodes.length < 2) return nodes.every((n) => Array.isArray(n.position));
  for (const n of nodes) if (!Array.isArray(n.position) || n.position.length !== 2) return false;
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const a = nodes[i]!;
      const b = nodes[j]!;
      const sa = sizes.get(a.id)!;
      if (Math.abs(a.position[0] - b.position[0]) < sa.w && Math.abs(a.position[1] - b.position[1]) < sa.h) return false;
    }
  }
  return true;
}

function placePorts(names: string[], x: number, top: number, height: number): PlacedPort[] {
  const step = height / (names.length + 1);
  return names.map((name, i) => ({ name, x, y: top + step * (i + 1) }));
}

/** A smooth curve from an output port to an input port (for spec-positioned graphs). */
export function curve(from: Point, to: Point): Point[] {
  const dx = Math.max(40, Math.abs(to.x - from.x) / 2);
  return [from, { x: from.x + dx, y: from.y }, { x: to.x - dx, y: to.y }, to];
}

export function layoutGraph(spec: { nodes: SpecNode[]; edges: SpecEdge[] }, catalogue: Map<string, NodeType>, opts: { forceDagre?: boolean } = {}): GraphLayout {
  const ports = new Map(spec.nodes.map((n) => [n.id, portsOf(n, spec.edges, catalogue)]));
  const sizes = new Map(spec.nodes.map((n) => [n.id, { w: NODE_W, h: heightFor(ports.get(n.id)!) }]));
  const known = new Set(spec.nodes.map((n) => n.id));
  const edges = spec.edges.filter((e) => known.has(e.source) && known.has(e.target));

  let corners: Map<string, Point>;
  let dagreEdges: Map<string, Point[]> | undefined;
  let source: GraphLayout['source'];
  if (!opts.forceDagre && specPositionsUsable(spec.nodes, sizes)) {
    source = 'spec';
    corners = new Map(spec.nodes.map((n) => [n.id, { x: n.position[0], y: n.position[1] }]));
  } else {
    source = 'dagre';
    const g = new dagre.graphlib.Graph({ multigraph: true });
    g.setGraph({ rankdir: 'LR', nodesep: 36, ranksep: 90, edgesep: 16, marginx: 0, marginy: 0 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const n of spec.nodes) {
      const s = sizes.get(n.id)!;
      g.setNode(n.id, { width: s.w, height: s.h });
    }
    for (const e of edges) g.setEdge(e.source, e.target, { weight: 1 }, e.id);
    dagre.layout(g);
    corners = new Map(
      spec.nodes.map((n) => {
        const p = g.node(n.id) as { x: number; y: number; width: number; height: number };
        return [n.id, { x: p.x - p.width / 2, y: p.y - p.height / 2 }];
      }),
    );
    dagreEdges = new Map(edges.map((e) => [e.id, ((g.edge({ v: e.source, w: e.target, name: e.id }) as { points?: Point[] })?.points ?? []) as Point[]]));
  }

  // Shift everything so the drawing starts at a small margin.
  const margin = 24;
  const minX = Math.min(...[...corners.values()].map((p) => p.x));
  const minY = Math.min(...[...corners.values()].map((p) => p.y));
  const dx = margin - (Number.isFinite(minX) ? minX : 0);
  const dy = margin - (Number.isFinite(minY) ? minY : 0);

  // Ports in the vertical order of what they connect to, so edges leave and arrive without crossing
  // (dagre places the boxes but knows nothing of ports); unconnected ports keep their catalogue order.
  const centreY = (id: string) => corners.get(id)!.y + sizes.get(id)!.h / 2;
  const orderBy = (names: string[], ys: (name: string) => number[]) => {
    const key = (name: string) => {
      const list = ys(name);
      return list.length ? list.reduce((a, b) => a + b, 0) / list.length : Number.POSITIVE_INFINITY;
    };
    return names.map((name, i) => ({ name, i, k: key(name) })).sort((a, b) => (a.k === b.k ? a.i - b.i : a.k - b.k)).map((x) => x.name);
  };
  for (const n of spec.nodes) {
    const p = ports.get(n.id)!;
    p.outputs = orderBy(p.outputs, (port) => edges.filter((e) => e.source === n.id && (e.source_port ?? 'main') === port).map((e) => centreY(e.target)));
    p.inputs = orderBy(p.inputs, (port) => edges.filter((e) => e.target === n.id && (e.target_port ?? 'main') === port).map((e) => centreY(e.source)));
  }

  const nodes: PlacedNode[] = spec.nodes.map((n) => {
    const c = corners.get(n.id)!;
    const s = sizes.get(n.id)!;
    const p = ports.get(n.id)!;
    const x = c.x + dx;
    const y = c.y + dy;
    return {
      id: n.id,
      type: n.type,
      x,
      y,
      width: s.w,
      height: s.h,
      inputs: placePorts(p.inputs, x, y, s.h),
      outputs: placePorts(p.outputs, x + s.w, y, s.h),
    };
  });
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const placedEdges: PlacedEdge[] = edges.map((e) => {
    const sourcePort = e.source_port ?? 'main';
    const targetPort = e.target_port ?? 'main';
    const from = byId.get(e.source)!.outputs.find((p) => p.name === sourcePort)!;
    const to = byId.get(e.target)!.inputs.find((p) => p.name === targetPort)!;
    let points: Point[];
    const routed = dagreEdges?.get(e.id);
    if (routed && routed.length >= 2) {
      // dagre's route between the boxes, pinned to the ports at both ends.
      points = [{ x: from.x, y: from.y }, ...routed.slice(1, -1).map((p) => ({ x: p.x + dx, y: p.y + dy })), { x: to.x, y: to.y }];
    } else {
      points = curve(from, to);
    }
    const label = sourcePort !== 'main' ? { text: sourcePort, x: from.x + 8, y: from.y - 6 } : undefined;
    return { id: e.id, source: e.source, target: e.target, sourcePort, targetPort, points, label };
  });

  const width = Math.max(...nodes.map((n) => n.x + n.width), 0) + margin;
  const height = Math.max(...nodes.map((n) => n.y + n.height), 0) + margin;
  return { nodes, edges: placedEdges, width, height, source };
}

/** An SVG path through the points: a cubic Bézier for four points, a smooth polyline otherwise. */
export function pathOf(points: Point[]): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  if (points.length === 4) {
    const [c1, c2, end] = rest;
    return `M${first!.x},${first!.y} C${c1!.x},${c1!.y} ${c2!.x},${c2!.y} ${end!.x},${end!.y}`;
  }
  let d = `M${first!.x},${first!.y}`;
  for (let i = 0; i < rest.length; i++) {
    const p = rest[i]!;
    const next = rest[i + 1];
    if (next) {
      // Quadratic through each bend's midpoint: dagre's polyline, rounded.
      const mx = (p.x + next.x) / 2;
      const my = (p.y + next.y) / 2;
      d += ` Q${p.x},${p.y} ${mx},${my}`;
    } else {
      d += ` L${p.x},${p.y}`;
    }
  }
  return d;
}
