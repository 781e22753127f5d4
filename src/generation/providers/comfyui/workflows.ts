// The operator's workflows: `<ATELIER_COMFYUI_WORKFLOWS_DIR>/<name>.json`, exported from ComfyUI
// with "Save (API Format)", picked by the public model id `comfyui/<name>`. Inputs are named by
// placeholders in the file: a value "{{prompt}}" (or "{{negative_prompt}}", "{{seed}}",
// "{{width}}", "{{height}}", "{{duration}}", "{{frames}}", "{{fps}}") is replaced by the request's
// value — a whole-string placeholder takes the value's own type (a number stays a number).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ProviderError } from '../errors';
import type { ProviderSettings } from '../types';
import { COMFYUI_WORKFLOWS_DIR } from './api';

export type WorkflowInputs = Partial<Record<'prompt' | 'negative_prompt' | 'seed' | 'width' | 'height' | 'duration' | 'frames' | 'fps', string | number>>;

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The workflow file of `name`, parsed (a name outside the directory, or unknown, is a client fault). */
export async function loadWorkflow(settings: ProviderSettings, name: string): Promise<Record<string, unknown>> {
  const dir = settings.extra[COMFYUI_WORKFLOWS_DIR];
  if (!dir) throw new ProviderError('unavailable', `comfyui: ${COMFYUI_WORKFLOWS_DIR} is not set, so no workflow can be run`, { provider: 'comfyui' });
  if (!NAME.test(name) || name.includes('..')) throw new ProviderError('client', `comfyui: '${name}' is not a workflow name (letters, digits, . _ -)`, { provider: 'comfyui' });
  let text: string;
  try {
    text = await readFile(join(dir, `${name}.json`), 'utf8');
  } catch {
    throw new ProviderError('client', `comfyui: there is no workflow named '${name}' (no ${name}.json in the workflows directory)`, { provider: 'comfyui' });
  }
  try {
    const graph = JSON.parse(text) as Record<string, unknown>;
    // A file saved in the UI format (nodes/links) rather than the API format cannot be queued.
    if (Array.isArray((graph as { nodes?: unknown }).nodes)) throw new Error('saved in the UI format; export it with "Save (API Format)"');
    return graph;
  } catch (err) {
    throw new ProviderError('unavailable', `comfyui: workflow '${name}' is not a usable API-format JSON: ${(err as Error).message}`, { provider: 'comfyui' });
  }
}

/** The graph with every placeholder replaced; a placeholder the request has no value for is an error. */
export function fillWorkflow(graph: unknown, inputs: WorkflowInputs): unknown {
  if (typeof graph === 'string') {
    const whole = /^\{\{\s*([a-z_]+)\s*\}\}$/.exec(graph);
    if (whole) return valueOf(whole[1]!, inputs);
    return graph.replace(PLACEHOLDER, (_m, name: string) => String(valueOf(name, inputs)));
  }
  if (Array.isArray(graph)) return graph.map((g) => fillWorkflow(g, inputs));
  if (graph && typeof graph === 'object') return Object.fromEntries(Object.entries(graph).map(([k, v]) => [k, fillWorkflow(v, inputs)]));
  return graph;
}

function valueOf(name: string, inputs: WorkflowInputs): string | number {
  const v = inputs[name as keyof WorkflowInputs];
  if (v === undefined) throw new ProviderError('client', `comfyui: the workflow needs '${name}', which this request does not give`, { provider: 'comfyui' });
  return v;
}
