// The node catalogue's registry (STYLE: an explicit registry plus a test that every node folder is
// registered and every type@version is unique). Each node's own behaviour is tested next to it,
// in nodes/<category>/<name>/index.test.ts.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/contract/types';
import { nodeModules, nodeRegistry } from '../../../nodes/index';
import { workflowNodeHandlers } from '../../../workflows/workflow-nodes';

const CATEGORIES = ['agent', 'control', 'shorts', 'ugc', 'creative', 'creative_ai', 'image', 'video', 'audio', 'voice', 'brand', 'ai', 'knowledge', 'social', 'integration', 'storage', 'logic', 'trigger', 'io', 'code', 'http', 'system', 'developer'];

describe('node registry', () => {
  it('holds at least 198 node types in all 23 categories, every param described', () => {
    const list = nodeRegistry.list() as NodeDefinition[];
    expect(list.length).toBeGreaterThanOrEqual(198);
    const byCategory = new Map<string, number>();
    for (const def of list) byCategory.set(def.category, (byCategory.get(def.category) ?? 0) + 1);
    for (const c of CATEGORIES) expect(byCategory.get(c) ?? 0, c).toBeGreaterThan(0);
    expect([...byCategory.keys()].sort()).toEqual([...CATEGORIES].sort());
    const undescribed: string[] = [];
    for (const def of list) {
      const schema = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { description?: string }> };
      for (const [name, prop] of Object.entries(schema.properties ?? {})) if (!prop.description) undescribed.push(`${def.type}.${name}`);
    }
    expect(undescribed).toEqual([]);
  });

  it('registers every folder under nodes/ and each type@version once', () => {
    const root = new URL('../../../nodes/', import.meta.url).pathname;
    const folders = readdirSync(root)
      .filter((c) => statSync(join(root, c)).isDirectory())
      .flatMap((c) => readdirSync(join(root, c)).filter((n) => statSync(join(root, c, n)).isDirectory()).map((n) => `${c}/${n}`))
      .sort();
    expect(Object.keys(nodeModules).sort()).toEqual(folders);
    const keys = Object.values(nodeModules).flat().map((d) => `${d.type}@${d.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [folder, defs] of Object.entries(nodeModules)) {
      for (const d of defs) expect(d.type.replace('.', '/').replace(/_/g, '-'), folder).toBe(folder);
    }
  });

  it('every definition is well formed', () => {
    for (const def of nodeRegistry.list() as NodeDefinition[]) {
      expect(def.type.split('.')[0], def.type).toBe(def.category);
      expect(def.version).toBeGreaterThanOrEqual(1);
      expect(def.name.length).toBeGreaterThan(0);
      expect(def.description.length).toBeGreaterThan(0);
      expect(['activity', 'local', 'workflow']).toContain(def.execution);
      if (def.execution !== 'workflow') expect(typeof def.execute, def.type).toBe('function');
      expect(() => z.toJSONSchema(def.params, { io: 'input' })).not.toThrow();
    }
  });

  it('gives every node the workflow runs itself a workflow.ts handler, and only those', () => {
    const inWorkflow = nodeRegistry.list().filter((d) => d.execution === 'workflow').map((d) => d.type).sort();
    expect(Object.keys(workflowNodeHandlers).sort()).toEqual(inWorkflow);
  });
});
