// No import circles in the tree: a circle makes load order matter and ties modules that should
// change apart. One is known and allowed, at most as it stands: src/ imports the node registry
// (nodes/index.ts), and the sub-workflow node imports the run services back (runs-service,
// child-runs); it goes once src/ receives the registry at the composition root instead of
// importing nodes/ and the node gets a narrow capability to start child runs. Any other circle,
// or this one reaching a file not listed, fails here; it may shrink.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph } from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');

const KNOWN_NODES_CIRCLE = [
  'nodes/control/index.ts',
  'nodes/control/sub-workflow/index.ts',
  'nodes/index.ts',
  'src/engine/canary/routing.ts',
  'src/engine/child-runs.ts',
  'src/engine/runs-service.ts',
  'src/engine/trigger-start.ts',
  'src/engine/workflows-service.ts',
];

describe('import graph', () => {
  it('has no circle but the known nodes/ ↔ src/ one', () => {
    const graph = importGraph(ROOT, ['src', 'nodes', 'workflows', 'activities', 'cli', 'scripts', 'bench', 'test']);
    expect(graph.size).toBeGreaterThan(500);
    const found = circles(graph).filter((c) => !c.every((f) => KNOWN_NODES_CIRCLE.includes(f)));
    expect(found).toEqual([]);
  }, 60_000);

  it('canary routing and rate-policy admission do not import the runs service that calls them', () => {
    const graph = importGraph(ROOT, ['src/engine']);
    for (const file of ['src/engine/canary/routing.ts', 'src/engine/rate-policies/admission.ts']) expect(graph.get(file), file).not.toContain('src/engine/runs-service.ts');
  });

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
