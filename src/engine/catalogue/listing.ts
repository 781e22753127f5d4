// The node catalogue as the API shows it (GET /v1/nodes, GET /v1/nodes/{node_type}); parameter
// schemas are JSON Schema derived from each node's zod schema (input side: defaults not required).
import { z } from 'zod';
import { listOf } from '../../infra/http/views';
import type { NodeDefinition, NodeExecution, NodeRegistry, PortSpec } from '../contract/types';

const PortView = z.object({ name: z.string(), description: z.string().optional() }) satisfies z.ZodType<PortSpec>;
export const NodeSummary = z.object({
  object: z.literal('node_type'),
  type: z.string(),
  version: z.number().int(),
  category: z.string(),
  subcategory: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  inputs: z.array(PortView),
  outputs: z.array(PortView).describe('Static output ports (a switch node adds its cases)'),
  execution: z.enum(['activity', 'local', 'workflow']).describe('How the engine runs it') satisfies z.ZodType<NodeExecution>,
});
export type NodeSummary = z.output<typeof NodeSummary>;
export const NodeDetail = NodeSummary.extend({ params_schema: z.record(z.string(), z.unknown()).describe("JSON Schema of the node's params") });
export type NodeDetail = z.output<typeof NodeDetail>;
export const NodeListView = listOf(NodeSummary, { total: z.number().int(), has_more: z.boolean() });

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
