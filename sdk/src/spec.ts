// The workflow spec as an author writes it. The server documents the planner's WorkflowSpec schema
// in what it answers (the `spec` of POST /engine/v1/v1/workflows/validate: every default filled
// in); its request bodies take the spec as any JSON, because the planner — not the body parser —
// reports every issue at once under `body.spec`. So the SDK types what it sends from that
// documented schema, with the fields the planner defaults made optional.
import type { paths } from './schema.js';

/** The spec the planner stores: every field present, defaults filled in. */
export type StoredWorkflowSpec = paths['/engine/v1/v1/workflows/validate']['post']['responses'][200]['content']['application/json']['spec'];
type StoredNode = StoredWorkflowSpec['nodes'][number];
type StoredEdge = StoredWorkflowSpec['edges'][number];

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** One node: `id`, `type` and `position` (canvas coordinates) required, the rest defaulted. */
export type WorkflowNode = Optional<StoredNode, 'params' | 'credentials' | 'retry' | 'timeout_s' | 'continue_on_error' | 'disabled' | 'notes'>;
/** One edge: ports default to `main`. */
export type WorkflowEdge = Optional<StoredEdge, 'animated' | 'source_port' | 'target_port'>;

/** A workflow spec as sent to create, update, validate and simulate. */
export type WorkflowSpec = Optional<Omit<StoredWorkflowSpec, 'nodes' | 'edges' | 'trigger'>, 'error_handler' | 'max_execution_time_s' | 'max_steps' | 'usd_cap' | 'variables'> & {
  /** The spec's own name (the workflow's name is the create body's). */
  name?: string;
  trigger: Optional<StoredWorkflowSpec['trigger'], 'config'>;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
};
