// No import circles in the tree: a circle makes load order matter and ties modules that should
// change apart. One is known and allowed, exactly as it stands: src/ imports the node registry
// (nodes/index.ts), and the sub-workflow node imports the runs service back; it goes once src/
// receives the registry at the composition root instead of importing nodes/. Any other circle, or
// this one growing, fails here.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph } from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');

const KNOWN_NODES_CIRCLE = [
  'nodes/control/index.ts',
  'nodes/control/sub-workflow/index.ts',
  'nodes/index.ts',
  'src/engine/canary/routing.ts',
  'src/engine/runs-service.ts',
  'src/engine/trigger-start.ts',
  'src/engine/workflows-service.ts',
];

describe('import graph', () => {
  it('has no circle but the known nodes/ ↔ src/ one', () => {
    const graph = importGraph(ROOT, ['src', 'nodes', 'workflows', 'activities', 'cli', 'scripts', 'bench', 'test']);
    expect(graph.size).toBeGreaterThan(500);
    const found = circles(graph).filter((c) => JSON.stringify(c) !== JSON.stringify(KNOWN_NODES_CIRCLE));
    expect(found).toEqual([]);
  }, 60_000);

  it('finds circles, type-only and dynamic imports included, and not chains', () => {
    const g = new Map<string, string[]>([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(circles(g)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(circles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });
});
