// The node catalogue as src/ sees it. src/ never imports nodes/: the composition root (src/main.ts
// through startAtelier's `nodes` option, the test setup, the worker scripts) installs the registry
// nodes/index.ts builds, once, before anything plans a workflow or lists node types.
import type { NodeDefinition, NodeRegistry } from '../contract/types';

/** A registry that also knows past versions of a node type (what the executor runs a pinned plan with). */
export type VersionedNodeRegistry = NodeRegistry & { getVersion?(type: string, version: number): NodeDefinition | undefined };

let installed: VersionedNodeRegistry | undefined;

/** Makes `registry` the process's node catalogue (a second install replaces the first). */
export function installNodeRegistry(registry: VersionedNodeRegistry): void {
  installed = registry;
}

function current(): VersionedNodeRegistry {
  if (!installed) throw new Error('no node registry installed: the composition root passes nodes/index.ts\'s nodeRegistry to startAtelier (option `nodes`) or installNodeRegistry');
  return installed;
}

/** The catalogue `registry` stands for: the installed one for `nodeRegistry` (what a cache of plans keys on), else itself. */
export function resolvedRegistry(registry: NodeRegistry): NodeRegistry {
  return registry === nodeRegistry ? current() : registry;
}

/** The installed catalogue, read at each call. */
export const nodeRegistry: VersionedNodeRegistry = {
  get: (type) => current().get(type),
  getVersion: (type, version) => { const r = current(); return r.getVersion ? r.getVersion(type, version) : undefined; },
  list: () => current().list(),
};
