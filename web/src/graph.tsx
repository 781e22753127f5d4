// The run's graph as SVG: boxes and ports where layout.ts placed them, edges along its routes.
// Colours come from the stylesheet by status class (the page's CSP allows no inline style sheet).
import type { GraphLayout, PlacedNode } from './layout';
import { pathOf } from './layout';

export type NodeStatus = 'pending' | 'running' | 'waiting' | 'completed' | 'failed' | 'skipped';

export interface NodeView {
  placed: PlacedNode;
  status: NodeStatus;
  label: string;
  sublabel: string;
  detail: string;
  disabled: boolean;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function Graph(props: { layout: GraphLayout; nodes: NodeView[]; selected: string | null; onSelect: (id: string) => void }) {
  const { layout, nodes } = props;
  const statusOf = new Map(nodes.map((n) => [n.placed.id, n.status]));
  return (
    // Scales down to the canvas, never up (CSSOM style, which the page's CSP allows).
    <svg class="graph" viewBox={`0 0 ${layout.width} ${layout.height}`} style={{ maxWidth: `${layout.width}px` }} data-layout={layout.source} role="group" aria-label="Run graph">
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" class="arrowhead" />
        </marker>
      </defs>
      {layout.edges.map((e) => (
        <g key={e.id} class={`edge from-${statusOf.get(e.source) ?? 'pending'}`} data-edge-id={e.id}>
          <path d={pathOf(e.points)} marker-end="url(#arrow)" />
          {e.label && (
            <text x={e.label.x} y={e.label.y} class="port-label">
              {e.label.text}
            </text>
          )}
        </g>
      ))}
      {nodes.map((n) => {
        const p = n.placed;
        return (
          <g
            key={p.id}
            class={`node status-${n.status}${props.selected === p.id ? ' selected' : ''}${n.disabled ? ' disabled' : ''}`}
            data-node-id={p.id}
            data-status={n.status}
            transform={`translate(${p.x},${p.y})`}
            tabindex={0}
            role="button"
            onClick={() => props.onSelect(p.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') props.onSelect(p.id);
            }}
          >
            {/* The node's name (read out, and shown on hover): its visible lines, then its type. */}
            <title>{`${clip(n.label, 22)} ${clip(n.sublabel, 26)} ${clip(n.detail, 26)} — ${p.id} (${p.type}), ${n.status}`}</title>
            <rect width={p.width} height={p.height} rx="8" ry="8" class="box" />
            <rect width="6" height={p.height} rx="3" ry="3" class="stripe" />
            <text x="16" y="22" class="label">
              {clip(n.label, 22)}
            </text>
            <text x="16" y="38" class="sublabel">
              {clip(n.sublabel, 26)}
            </text>
            <text x="16" y="54" class="detail" data-testid={`detail-${p.id}`}>
              {clip(n.detail, 26)}
            </text>
            {p.inputs.map((port) => (
              <circle key={`in-${port.name}`} cx={port.x - p.x} cy={port.y - p.y} r="4" class="port in">
                <title>{`input ${port.name}`}</title>
              </circle>
            ))}
            {p.outputs.map((port) => (
              <circle key={`out-${port.name}`} cx={port.x - p.x} cy={port.y - p.y} r="4" class="port out">
                <title>{`output ${port.name}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
