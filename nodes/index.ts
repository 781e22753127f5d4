// The node catalogue: every node type, registered explicitly. A test checks that every folder
// here is listed and that each `type@version` is unique.
import type { NodeDefinition, NodeRegistry } from '../src/engine/types';
import { aiChat } from './ai-chat/index';
import { codeJavascript } from './code-javascript/index';
import { controlApproval } from './control-approval/index';
import { controlDelay } from './control-delay/index';
import { controlWaitWebhook } from './control-wait-webhook/index';
import { httpRequest } from './http-request/index';
import { imageGenerate } from './image-generate/index';
import { ioSet } from './io-set/index';
import { logicIf } from './logic-if/index';
import { logicMerge } from './logic-merge/index';
import { logicStopAndError } from './logic-stop-and-error/index';
import { logicSwitch } from './logic-switch/index';
import { systemLog } from './system-log/index';
import { triggerManual } from './trigger-manual/index';

/** Folder name → definitions it provides (a folder per node type; later versions add entries). */
export const nodeModules: Record<string, NodeDefinition[]> = {
  'trigger-manual': [triggerManual],
  'io-set': [ioSet],
  'logic-if': [logicIf],
  'logic-switch': [logicSwitch],
  'logic-merge': [logicMerge],
  'logic-stop-and-error': [logicStopAndError],
  'control-delay': [controlDelay],
  'control-approval': [controlApproval],
  'control-wait-webhook': [controlWaitWebhook],
  'code-javascript': [codeJavascript],
  'http-request': [httpRequest],
  'system-log': [systemLog],
  'ai-chat': [aiChat],
  'image-generate': [imageGenerate],
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
