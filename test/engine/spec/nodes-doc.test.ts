// docs/nodes.md is generated from the registry; this fails when someone adds or changes a node
// without regenerating it (`npx tsx scripts/gen-nodes-doc.ts --write`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODES_DOC_PATH, renderNodesDoc } from '../../../scripts/gen-nodes-doc';
import { nodeRegistry } from '../../../nodes/index';

describe('docs/nodes.md', () => {
  it('matches the generator output for the current registry', () => {
    expect(readFileSync(NODES_DOC_PATH, 'utf8')).toBe(renderNodesDoc());
  });

  it('lists every node type', () => {
    const doc = renderNodesDoc();
    for (const def of nodeRegistry.list()) expect(doc).toContain(`### \`${def.type}\``);
  });
});
