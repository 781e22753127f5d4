// The one-way door between the engine and its nodes, as lint enforces it: a node reaches src/ only
// through the node SDK (src/engine/node-sdk), a node folder imports no other node folder (shared
// code lives in nodes/_lib/), workflow-side node code takes the SDK's sandbox side, and src/ never
// imports nodes/ (its composition root, src/main.ts, hands the registry in).
import { describe, expect, it } from 'vitest';
import { lintFixture } from './lint';

async function rules(path: string, code: string): Promise<string[]> {
  return (await lintFixture(path, code)).map((m) => m.ruleId ?? 'parse');
}

const use = (spec: string, name = 'x') => `import { ${name} } from '${spec}';\nexport const y = ${name};\n`;

describe('the node SDK door', () => {
  it('refuses a node importing src/ past the SDK, and lets the SDK through', async () => {
    const node = 'nodes/audio/fixture/index.ts';
    expect(await rules(node, use('../../../src/engine/run/service', 'startRun'))).toEqual(['atelier/node-sdk-door']);
    expect(await rules(node, "import type { Deps } from '../../../src/deps';\nexport type T = Deps;\n")).toEqual(['atelier/node-sdk-door']);
    expect(await rules('nodes/_lib/fixture.ts', use('../../src/infra/db/index', 'createDb'))).toEqual(['atelier/node-sdk-door']);
    expect(await rules(node, use('../../../src/engine/node-sdk', 'NodeError'))).toEqual([]);
    expect(await rules(node, use('../../_lib/media', 'textOf'))).toEqual([]);
    // Tests and their harnesses may reach into src/ for fixtures and real services.
    expect(await rules('nodes/audio/fixture.test.ts', use('../../src/infra/db/index', 'createDb'))).toEqual([]);
    expect(await rules('nodes/_lib/fixture-harness.ts', use('../../src/storage/blob-store', 'LocalBlobStore'))).toEqual([]);
  }, 60_000);

  it('refuses a node importing another node folder, not _lib or its own files', async () => {
    expect(await rules('nodes/audio/fixture/index.ts', use('../../video/resize/index', 'videoResize'))).toEqual(['atelier/no-cross-node']);
    expect(await rules('nodes/audio/fixture/index.ts', use('../trim/index', 'audioTrim'))).toEqual(['atelier/no-cross-node']);
    expect(await rules('nodes/audio/fixture/index.ts', use('./helpers', 'h'))).toEqual([]);
    // A category's own files (its index, a shared helper beside the node folders) are no node.
    expect(await rules('nodes/audio/index.ts', use('./trim/index', 'audioTrim'))).toEqual([]);
    expect(await rules('nodes/social/fixture/index.ts', use('../platforms', 'PLATFORMS'))).toEqual([]);
  }, 60_000);

  it("keeps a node's workflow handler on the SDK's sandbox side", async () => {
    const handler = 'nodes/control/fixture/workflow.ts';
    expect(await rules(handler, use('../../../src/engine/node-sdk', 'NodeError'))).toEqual(['no-restricted-imports']);
    expect(await rules(handler, use('../../../src/engine/node-sdk/workflow', 'NodeError'))).toEqual([]);
  }, 60_000);

  it('refuses src/ importing nodes/, except the composition root', async () => {
    expect(await rules('src/engine/fixture.ts', use('../../nodes/index', 'nodeRegistry'))).toEqual(['atelier/no-nodes']);
    expect(await rules('src/engine/fixture.ts', "import type { NodeProviders } from '../../nodes/_lib/ai';\nexport type T = NodeProviders;\n")).toEqual(['atelier/no-nodes']);
    expect(await rules('src/main.ts', use('../nodes/index', 'nodeRegistry'))).toEqual([]);
  }, 60_000);
});
