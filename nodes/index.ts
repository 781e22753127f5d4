// The node catalogue: every node type, registered explicitly through its category's index
// (nodes/<category>/index.ts). A test checks that every folder is listed and each `type@version` is unique.
import type { NodeDefinition, NodeRegistry } from '../src/engine/node-sdk';
import { agentNodes } from './agent/index';
import { controlNodes } from './control/index';
import { shortsNodes } from './shorts/index';
import { ugcNodes } from './ugc/index';
import { creativeNodes } from './creative/index';
import { creativeAiNodes } from './creative-ai/index';
import { imageNodes } from './image/index';
import { videoNodes } from './video/index';
import { audioNodes } from './audio/index';
import { voiceNodes } from './voice/index';
import { brandNodes } from './brand/index';
import { aiNodes } from './ai/index';
import { knowledgeNodes } from './knowledge/index';
import { socialNodes } from './social/index';
import { integrationNodes } from './integration/index';
import { storageNodes } from './storage/index';
import { logicNodes } from './logic/index';
import { triggerNodes } from './trigger/index';
import { ioNodes } from './io/index';
import { codeNodes } from './code/index';
import { httpNodes } from './http/index';
import { systemNodes } from './system/index';
import { developerNodes } from './developer/index';

/** `<category>/<name>` folder → definitions it provides (a folder per node type; later versions add entries). */
export const nodeModules: Record<string, NodeDefinition[]> = {
  ...agentNodes,
  ...controlNodes,
  ...shortsNodes,
  ...ugcNodes,
  ...creativeNodes,
  ...creativeAiNodes,
  ...imageNodes,
  ...videoNodes,
  ...audioNodes,
  ...voiceNodes,
  ...brandNodes,
  ...aiNodes,
  ...knowledgeNodes,
  ...socialNodes,
  ...integrationNodes,
  ...storageNodes,
  ...logicNodes,
  ...triggerNodes,
  ...ioNodes,
  ...codeNodes,
  ...httpNodes,
  ...systemNodes,
  ...developerNodes,
};

export const allNodeDefinitions: NodeDefinition[] = Object.values(nodeModules).flat();

/** Builds a registry; the latest version of each type wins `get(type)`. */
export function createNodeRegistry(definitions: NodeDefinition[]): NodeRegistry & { getVersion(type: string, version: number): NodeDefinition | undefined } {
  const latest = new Map<string, NodeDefinition>();
  const versions = new Map<string, NodeDefinition>();
  for (const def of definitions) {
    const key = `${def.type}@${def.version}`;
    if (versions.has(key)) throw new Error(`duplicate node type ${key}`);
    versions.set(key, def);
    const current = latest.get(def.type);
    if (!current || current.version < def.version) latest.set(def.type, def);
  }
  const list = [...latest.values()].sort((a, b) => a.type.localeCompare(b.type));
  return {
    get: (type) => latest.get(type),
    getVersion: (type, version) => versions.get(`${type}@${version}`),
    list: () => list,
  };
}

export const nodeRegistry = createNodeRegistry(allNodeDefinitions);

/** The current definition of a node type, or undefined. */
export function getNode(type: string): NodeDefinition | undefined {
  return nodeRegistry.get(type);
}
