// The Studio's canvas: nodes where their spec positions put them, edges between ports. Drag a node
// to move it; drag from an output port (the `error` port included) and let go over another node to
// connect it; drag the empty background to pan (the wrapper scrolls). Pointer capture keeps a drag
// alive outside the node. The drawing is scaled by `zoom`: a pointer position divided by it is a
// spec position.
import { useRef, useState } from 'preact/hooks';
import type { SpecEdge } from '../api';
import { curve, NODE_W, pathOf, type Point } from '../layout';
import { ERROR_PORT, type Draft, type Issue, type NodeTypeSummary, type StudioNode } from './model';

const PORT_GAP = 18;
const NODE_MIN_H = 64;

export type Selection = { kind: 'node'; id: string } | { kind: 'edge'; id: string } | null;

interface Ports {
  inputs: string[];
  outputs: string[];
}

export function portsOf(node: StudioNode, catalogue: Map<string, NodeTypeSummary>): Ports {
  const def = catalogue.get(node.type);
  const inputs = (def?.inputs ?? [{ name: 'main' }]).map((p) => p.name);
  const outputs = (def?.outputs ?? [{ name: 'main' }]).map((p) => p.name);
  if (!outputs.includes(ERROR_PORT)) outputs.push(ERROR_PORT);
  return { inputs, outputs };
}

/**
 * A node's name (its SVG title, which screen readers read and pointers show): its visible text in
 * drawing order first (id, type name, issue count, the labels of ports other than `main`), so
 * what is read out starts with what is seen, then what that text means; the issues follow.
 */
function nodeLabel(id: string, typeName: string, issues: number, outputs: string[]): string {
  const named = outputs.filter((o) => o !== 'main');
  const seen = [id, typeName, issues ? String(issues) : '', ...named].filter(Boolean).join(' ');
  return `${seen} — ${issues ? `${issues} issue${issues === 1 ? '' : 's'}; ` : ''}output ports: ${outputs.join(', ')}`;
}

export const heightOf = (ports: Ports) => Math.max(NODE_MIN_H, (Math.max(ports.inputs.length, ports.outputs.length) + 1) * PORT_GAP);

function portPoint(node: StudioNode, ports: Ports, side: 'in' | 'out', name: string): Point {
  const list = side === 'in' ? ports.inputs : ports.outputs;
  const h = heightOf(ports);
  const i = Math.max(0, list.indexOf(name));
  return { x: node.position[0] + (side === 'in' ? 0 : NODE_W), y: node.position[1] + (h / (list.length + 1)) * (i + 1) };
}

type Drag =
  | { kind: 'move'; id: string; offX: number; offY: number; startX: number; startY: number; moved: boolean }
  | { kind: 'connect'; source: string; port: string; from: Point; to: Point }
  | { kind: 'pan'; x: number; y: number; left: number; top: number };

export function Canvas(props: {
  draft: Draft;
  catalogue: Map<string, NodeTypeSummary>;
  issues: Issue[];
  selection: Selection;
  zoom: number;
  onZoom: (zoom: number) => void;
  onSelect: (s: Selection) => void;
  /** Nodes picked together (Shift+click, Shift+Enter) besides the selection. */
  picked: string[];
  onPick: (id: string) => void;
  /** Live position while dragging (no history step). */
  onMove: (id: string, position: [number, number]) => void;
  /** The drag ended having moved the node: one history step from `from`. */
  onMoved: (id: string, from: [number, number]) => void;
  onConnect: (edge: Omit<SpecEdge, 'id'>) => void;
}) {
  const { draft, catalogue, issues, selection, zoom } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const ports = new Map(draft.nodes.map((n) => [n.id, portsOf(n, catalogue)]));
  const byId = new Map(draft.nodes.map((n) => [n.id, n]));

  const at = (e: PointerEvent): Point => {
    const r = svgRef.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / zoom, y: (e.clientY - r.top) / zoom };
  };
  const nodeAt = (p: Point): StudioNode | undefined =>
    [...draft.nodes].reverse().find((n) => {
      const h = heightOf(ports.get(n.id)!);
      return p.x >= n.position[0] - 8 && p.x <= n.position[0] + NODE_W + 8 && p.y >= n.position[1] && p.y <= n.position[1] + h;
    });

  const width = Math.max(1200, ...draft.nodes.map((n) => n.position[0] + NODE_W + 120));
  const height = Math.max(560, ...draft.nodes.map((n) => n.position[1] + heightOf(ports.get(n.id)!) + 80));

  const onPointerMove = (e: PointerEvent) => {
    if (!drag) return;
    if (drag.kind === 'pan') {
      const wrap = svgRef.current!.parentElement!;
      wrap.scrollLeft = drag.left - (e.clientX - drag.x);
      wrap.scrollTop = drag.top - (e.clientY - drag.y);
      return;
    }
    const p = at(e);
    if (drag.kind === 'move') {
      const x = Math.max(0, Math.round(p.x - drag.offX));
      const y = Math.max(0, Math.round(p.y - drag.offY));
      if (!drag.moved && Math.abs(x - drag.startX) + Math.abs(y - drag.startY) < 3) return;
      if (!drag.moved) setDrag({ ...drag, moved: true });
      props.onMove(drag.id, [x, y]);
    } else {
      setDrag({ ...drag, to: p });
    }
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!drag) return;
    setDrag(null);
    if (drag.kind === 'pan') return;
    if (drag.kind === 'move') {
      if (drag.moved) props.onMoved(drag.id, [drag.startX, drag.startY]);
      return;
    }
    const p = at(e);
    const target = nodeAt(p);
    if (!target || target.id === drag.source) return;
    const tp = ports.get(target.id)!;
    if (!tp.inputs.length) return;
    // The input port nearest the pointer (most nodes have one, `main`).
    const nearest = tp.inputs
      .map((name) => ({ name, d: Math.abs(portPoint(target, tp, 'in', name).y - p.y) }))
      .sort((a, b) => a.d - b.d)[0]!.name;
    props.onConnect({ source: drag.source, source_port: drag.port, target: target.id, target_port: nearest });
  };

  return (
    <svg
      ref={svgRef}
      class={`studio-canvas${drag?.kind === 'connect' ? ' connecting' : ''}${drag?.kind === 'pan' ? ' panning' : ''}`}
      width={width * zoom}
      height={height * zoom}
      data-testid="canvas"
      data-zoom={zoom}
      role="group"
      aria-label="Workflow canvas"
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onWheel={(e) => {
        if (!e.ctrlKey && !e.metaKey) return;
        e.preventDefault();
        props.onZoom(e.deltaY < 0 ? zoom * 1.1 : zoom / 1.1);
      }}
      onPointerDown={(e) => {
        if (e.target !== svgRef.current && !(e.target as Element).classList.contains('backdrop')) return;
        props.onSelect(null);
        if (e.button !== 0) return;
        const wrap = svgRef.current!.parentElement!;
        svgRef.current!.setPointerCapture(e.pointerId);
        setDrag({ kind: 'pan', x: e.clientX, y: e.clientY, left: wrap.scrollLeft, top: wrap.scrollTop });
      }}
    >
      <rect class="backdrop" width={width * zoom} height={height * zoom} />
      <defs>
        <marker id="studio-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" class="arrowhead" />
        </marker>
      </defs>
      <g transform={`scale(${zoom})`}>
      {draft.edges.map((e) => {
        const s = byId.get(e.source);
        const t = byId.get(e.target);
        if (!s || !t) return null;
        const sp = e.source_port ?? 'main';
        const from = portPoint(s, ports.get(s.id)!, 'out', sp);
        const to = portPoint(t, ports.get(t.id)!, 'in', e.target_port ?? 'main');
        const d = pathOf(curve(from, to));
        const bad = issues.some((i) => i.edgeId === e.id);
        const selected = selection?.kind === 'edge' && selection.id === e.id;
        return (
          <g key={e.id} class={`edge${selected ? ' selected' : ''}${bad ? ' has-issue' : ''}${sp === ERROR_PORT ? ' error-edge' : ''}`} data-edge-id={e.id} data-source={e.source} data-source-port={sp} data-target={e.target}>
            <path d={d} class="hit" onPointerDown={(ev) => (ev.stopPropagation(), props.onSelect({ kind: 'edge', id: e.id }))} />
            <path d={d} marker-end="url(#studio-arrow)" class="line" />
          </g>
        );
      })}
      {draft.nodes.map((n) => {
        const p = ports.get(n.id)!;
        const h = heightOf(p);
        const def = catalogue.get(n.type);
        const mine = issues.filter((i) => i.nodeId === n.id);
        const selected = (selection?.kind === 'node' && selection.id === n.id) || props.picked.includes(n.id);
        return (
          <g
            key={n.id}
            class={`node${selected ? ' selected' : ''}${mine.length ? ' has-issue' : ''}${n.disabled ? ' disabled' : ''}`}
            data-node-id={n.id}
            data-issues={mine.length}
            aria-pressed={selected}
            transform={`translate(${n.position[0]},${n.position[1]})`}
            tabindex={0}
            role="button"
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                if (e.shiftKey) props.onPick(n.id);
                else props.onSelect({ kind: 'node', id: n.id });
              }
            }}
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              e.stopPropagation();
              if (e.shiftKey) {
                props.onPick(n.id);
                return;
              }
              props.onSelect({ kind: 'node', id: n.id });
              const pt = at(e);
              svgRef.current!.setPointerCapture(e.pointerId);
              setDrag({ kind: 'move', id: n.id, offX: pt.x - n.position[0], offY: pt.y - n.position[1], startX: n.position[0], startY: n.position[1], moved: false });
            }}
          >
            <title>{[nodeLabel(n.id, def?.name ?? n.type, mine.length, p.outputs), ...mine.map((i) => i.msg)].join('\n')}</title>
            <rect width={NODE_W} height={h} rx="8" ry="8" class="box" />
            <text x="14" y="22" class="label">
              {n.id}
            </text>
            <text x="14" y="40" class="sublabel">
              {def?.name ?? n.type}
            </text>
            {mine.length > 0 && (
              <g class="issue-badge" transform={`translate(${NODE_W - 14},0)`} data-testid={`issues-${n.id}`}>
                <circle r="10" />
                <text y="4">{mine.length}</text>
              </g>
            )}
            {p.inputs.map((name) => {
              const pt = portPoint(n, p, 'in', name);
              return (
                <circle key={`in-${name}`} cx={0} cy={pt.y - n.position[1]} r="6" class="port in" data-port-in={name}>
                  <title>{`input ${name}`}</title>
                </circle>
              );
            })}
            {p.outputs.map((name) => {
              const pt = portPoint(n, p, 'out', name);
              return (
                <g key={`out-${name}`}>
                  <circle
                    cx={NODE_W}
                    cy={pt.y - n.position[1]}
                    r="7"
                    class={`port out${name === ERROR_PORT ? ' error-port' : ''}`}
                    data-testid={`port-${n.id}-${name}`}
                    onPointerDown={(e) => {
                      if (e.button !== 0) return;
                      e.stopPropagation();
                      svgRef.current!.setPointerCapture(e.pointerId);
                      setDrag({ kind: 'connect', source: n.id, port: name, from: pt, to: pt });
                    }}
                  >
                    <title>{`output ${name}: drag onto a node to connect`}</title>
                  </circle>
                  {name !== 'main' && (
                    <text x={NODE_W - 10} y={pt.y - n.position[1] + 4} class="port-label">
                      {name}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
      {drag?.kind === 'connect' && <path class="wire" d={pathOf(curve(drag.from, drag.to))} />}
      </g>
    </svg>
  );
}
