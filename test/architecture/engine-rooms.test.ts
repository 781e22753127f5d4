// src/engine/ as rooms: each immediate subfolder and each loose file is one room, and the rooms
// import each other one way only — no folder-level circle, as there is none between files. (A
// folder-level circle ties every room on it to every other: each reaches all the rest.) The run
// wing (src/engine/run/) is handed canary routing, rate-policy admission and the run analysis at the
// composition root (Deps.runAdmission, Deps.runEnd, wired in src/runtime.ts) instead of importing them.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph, roomGraph } from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');

describe('src/engine/ rooms', () => {
  const rooms = roomGraph(importGraph(ROOT, ['src/engine']), 'src/engine');

  it('have no folder-level circle', () => {
    expect(rooms.size).toBeGreaterThan(15);
    expect(circles(rooms)).toEqual([]);
  });

  it('the run wing imports none of the features handed in to it', () => {
    expect(rooms.get('run/')).toBeDefined();
    expect(rooms.get('run/')!.filter((r) => ['canary/', 'rate-policies/', 'analytics/'].includes(r))).toEqual([]);
  });

  it('are read as rooms: subfolders and loose files, imports inside a room and out of the folder left out', () => {
    const files = new Map<string, string[]>([
      ['e/a/x.ts', ['e/a/y.ts', 'e/b/z.ts', 'infra/q.ts']],
      ['e/a/y.ts', []],
      ['e/b/z.ts', ['e/loose.ts']],
      ['e/b/deep/w.ts', ['e/a/y.ts']],
      ['e/loose.ts', []],
      ['other/o.ts', ['e/a/x.ts']],
    ]);
    const g = roomGraph(files, 'e');
    expect(Object.fromEntries(g)).toEqual({ 'a/': ['b/'], 'b/': ['a/', 'loose.ts'], 'loose.ts': [] });
    expect(circles(g)).toEqual([['a/', 'b/']]);
  });
});
