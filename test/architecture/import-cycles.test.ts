// No import circles in the tree: a circle makes load order matter and ties modules that should
// change apart. src/ never imports nodes/ (the composition root hands the node registry in, and
// nodes reach src/ through the node SDK and their capabilities), so there is none to allow.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph } from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');

describe('import graph', () => {
  it('has no circle', () => {
    const graph = importGraph(ROOT, ['src', 'nodes', 'workflows', 'activities', 'cli', 'scripts', 'bench', 'test']);
    expect(graph.size).toBeGreaterThan(500);
    expect(circles(graph)).toEqual([]);
  }, 60_000);

  it('src/ imports nothing from nodes/ (but its composition root, src/main.ts), and nodes/ reaches src/ only through the node SDK', () => {
    const graph = importGraph(ROOT, ['src', 'nodes']);
    const testOnly = (f: string) => /\.test\.ts$|^nodes\/_lib\/[^/]*(harness|-testing)\.ts$/.test(f);
    const srcToNodes = [...graph].filter(([f]) => f.startsWith('src/') && f !== 'src/main.ts').flatMap(([f, ts]) => ts.filter((t) => t.startsWith('nodes/')).map((t) => `${f} → ${t}`));
    expect(srcToNodes).toEqual([]);
    const pastTheDoor = [...graph].filter(([f]) => f.startsWith('nodes/') && !testOnly(f)).flatMap(([f, ts]) => ts.filter((t) => t.startsWith('src/') && !t.startsWith('src/engine/node-sdk/')).map((t) => `${f} → ${t}`));
    expect(pastTheDoor).toEqual([]);
  }, 60_000);

  it('canary routing and rate-policy admission do not import the runs service that calls them', () => {
    const graph = importGraph(ROOT, ['src/engine']);
    for (const file of ['src/engine/canary/routing.ts', 'src/engine/rate-policies/admission.ts']) expect(graph.get(file), file).not.toContain('src/engine/run/service.ts');
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
