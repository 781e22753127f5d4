// Positions for a spec's nodes when the author gave none. The API requires each node's `position`
// (the editor's canvas coordinates); a spec written by hand usually leaves them out, so the CLI lays
// the graph out the way the Studio does when it has no usable positions: left to right, one column
// per step from the trigger, nodes of a column stacked with the Studio's box size and gaps (184×64,
// 90 between columns, 36 between rows). Nodes that already have a position keep it. No dependency:
// a graph of a few dozen nodes needs only longest-path columns and a barycentre ordering.

export const NODE_W = 184;
export const NODE_H = 64;
const COLUMN_GAP = 90;
const ROW_GAP = 36;

interface LayoutNode { id: string; position?: unknown }
interface LayoutEdge { source: string; target: string }

const placed = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && typeof p[1] === 'number' && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** The nodes with a `position` each: given ones kept, missing ones laid out. Returns the same array when nothing was missing. */
export function withPositions<N extends LayoutNode>(nodes: N[], edges: LayoutEdge[]): Array<N & { position: [number, number] }> {
  if (nodes.every((n) => placed(n.position))) return nodes as Array<N & { position: [number, number] }>;
  const ids = new Set(nodes.map((n) => n.id));
  const links = edges.filter((e) => ids.has(e.source) && ids.has(e.target) && e.source !== e.target);
  const incoming = new Map(nodes.map((n) => [n.id, [] as string[]]));
  for (const e of links) incoming.get(e.target)!.push(e.source);

  // Column = the longest path from a source node; a cycle (which the planner will refuse anyway)
  // is cut where the walk meets a node it is still inside.
  const column = new Map<string, number>();
  const visiting = new Set<string>();
  const columnOf = (id: string): number => {
    const known = column.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const c = Math.max(-1, ...incoming.get(id)!.map(columnOf)) + 1;
    visiting.delete(id);
    column.set(id, c);
    return c;
  };
  const columns: string[][] = [];
  for (const n of nodes) (columns[columnOf(n.id)] ??= []).push(n.id);

  // Rows: each node beside the mean row of what feeds it, so edges run mostly straight.
  const row = new Map<string, number>();
  for (const col of columns) {
    if (!col) continue;
    const key = (id: string) => {
      const rows = incoming.get(id)!.map((s) => row.get(s)).filter((r): r is number => r !== undefined);
      return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : Number.POSITIVE_INFINITY;
    };
    col.map((id, i) => ({ id, i, k: key(id) })).sort((a, b) => (a.k === b.k ? a.i - b.i : a.k - b.k)).forEach((x, r) => row.set(x.id, r));
  }

  return nodes.map((n) => {
    if (placed(n.position)) return n as N & { position: [number, number] };
    const position: [number, number] = [column.get(n.id)! * (NODE_W + COLUMN_GAP), row.get(n.id)! * (NODE_H + ROW_GAP)];
    return { ...n, position };
  });
}
