// The node catalogue as the API shows it (GET /v1/nodes, GET /v1/nodes/{node_type}); parameter
// schemas are JSON Schema derived from each node's zod schema (input side: defaults not required).
import { z } from 'zod';
import type { NodeDefinition, NodeRegistry, PortSpec } from './types';

export interface NodeSummary {
  object: 'node_type';
  type: string;
  version: number;
  category: string;
  subcategory: string | null;
  name: string;
  description: string;
  tags: string[];
  inputs: PortSpec[];
  outputs: PortSpec[];
  /** `activity`, `local` or `workflow`: how the engine runs it. */
  execution: NodeDefinition['execution'];
}

export interface NodeDetail extends NodeSummary {
  params_schema: Record<string, unknown>;
}

const schemas = new WeakMap<NodeDefinition, Record<string, unknown>>();

export function paramsJsonSchema(def: NodeDefinition): Record<string, unknown> {
  let schema = schemas.get(def);
  if (!schema) {
    schema = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    schemas.set(def, schema);
  }
  return schema;
}

export function nodeSummary(def: NodeDefinition): NodeSummary {
  return {
    object: 'node_type',
    type: def.type,
    version: def.version,
    category: def.category,
    subcategory: def.subcategory ?? null,
    name: def.name,
    description: def.description,
    tags: def.tags ?? [],
    inputs: def.inputs,
    outputs: def.outputs,
    execution: def.execution,
  };
}

export function nodeDetail(def: NodeDefinition): NodeDetail {
  return { ...nodeSummary(def), params_schema: paramsJsonSchema(def) };
}

export function listNodes(registry: NodeRegistry, filter: { category?: string; subcategory?: string; tag?: string } = {}) {
  const data = registry
    .list()
    .filter((d) => filter.category === undefined || d.category === filter.category)
    .filter((d) => filter.subcategory === undefined || d.subcategory === filter.subcategory)
    .filter((d) => filter.tag === undefined || (d.tags ?? []).includes(filter.tag))
    .map(nodeSummary);
  return { object: 'list' as const, data, total: data.length, has_more: false };
}
