// A queued ComfyUI prompt as a provider job. Submit is idempotent: the prompt id is derived from
// the Atelier job id, and a prompt already in the history or the queue under it is not queued
// again. Poll reads /history (then /queue); the output is the first file a node saved, fetched
// from /view on the configured host; cancel removes it from the queue or interrupts it.
import { createHash, randomUUID } from 'node:crypto';
import { ProviderError } from '../errors';
import type { CallContext, JobHandler, JobStatus, ProviderSettings, Usage } from '../types';
import { comfy } from './api';
import { fillWorkflow, loadWorkflow, type WorkflowInputs } from './workflows';

interface HistoryEntry {
  status?: { status_str?: string; completed?: boolean; messages?: Array<[string, Record<string, unknown>]> };
  outputs?: Record<string, Record<string, Array<{ filename?: string; subfolder?: string; type?: string }>>>;
}
interface Queue { queue_running?: unknown[][]; queue_pending?: unknown[][] }

/** A UUID-shaped id that is the same for the same Atelier job (ComfyUI takes the client's prompt_id). */
export function promptIdFor(jobId: string): string {
  const h = createHash('sha256').update(`atelier:${jobId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const inQueue = (q: Queue, id: string, which: 'queue_running' | 'queue_pending') => (q[which] ?? []).some((item) => item[1] === id);

/** Files ComfyUI nodes save, videos first (a video workflow may also save a preview image). */
function firstFile(outputs: HistoryEntry['outputs']): { filename: string; subfolder: string; type: string } | undefined {
  for (const kind of ['videos', 'gifs', 'audio', 'images', 'meshes']) {
    for (const node of Object.values(outputs ?? {})) {
      const f = node[kind]?.find((x) => x.filename && x.type !== 'temp');
      if (f?.filename) return { filename: f.filename, subfolder: f.subfolder ?? '', type: f.type ?? 'output' };
    }
  }
  return undefined;
}

export function promptJob<Req>(settings: ProviderSettings, inputs: (req: Req) => WorkflowInputs, usage: (req?: Req) => Usage): JobHandler<Req> {
  const history = async (id: string, ctx: CallContext) => (await comfy<Record<string, HistoryEntry>>(settings, ctx, `/history/${encodeURIComponent(id)}`))[id];
  return {
    async submit(req, ctx) {
      const graph = fillWorkflow(await loadWorkflow(settings, ctx.route.model), { ...inputs(req), ...(ctx.route.params as WorkflowInputs) });
      const promptId = ctx.job ? promptIdFor(ctx.job.id) : randomUUID();
      if (ctx.job) {
        // Queued before (a retry after a lost answer): the same prompt, not a second render.
        if (await history(promptId, ctx)) return { jobId: promptId };
        const q = await comfy<Queue>(settings, ctx, '/queue');
        if (inQueue(q, promptId, 'queue_running') || inQueue(q, promptId, 'queue_pending')) return { jobId: promptId };
      }
      const r = await comfy<{ prompt_id?: string; node_errors?: Record<string, unknown> }>(settings, ctx, '/prompt', { prompt: graph, client_id: 'atelier', prompt_id: promptId });
      if (!r.prompt_id) throw new ProviderError('retryable', 'comfyui: /prompt answered without a prompt_id', { provider: 'comfyui' });
      return { jobId: r.prompt_id };
    },
    async poll(jobId, ctx): Promise<JobStatus> {
      const h = await history(jobId, ctx);
      if (!h) {
        const q = await comfy<Queue>(settings, ctx, '/queue');
        if (inQueue(q, jobId, 'queue_running')) return { status: 'running' };
        if (inQueue(q, jobId, 'queue_pending')) return { status: 'queued' };
        // Neither done nor queued: ComfyUI restarted or the prompt was deleted.
        return { status: 'failed', error: { kind: 'retryable', message: 'comfyui: the prompt is no longer queued and has no result (was ComfyUI restarted?)' } };
      }
      // An interrupted prompt is recorded as an error whose messages say it was interrupted.
      if (h.status?.status_str === 'interrupted' || (h.status?.messages ?? []).some((m) => m[0] === 'execution_interrupted')) return { status: 'canceled' };
      if (h.status?.status_str === 'error') {
        const err = h.status.messages?.find((m) => m[0] === 'execution_error')?.[1] as { exception_message?: string; node_type?: string } | undefined;
        return { status: 'failed', error: { kind: 'client', message: `comfyui: ${err?.node_type ? `${err.node_type}: ` : ''}${err?.exception_message ?? 'the workflow failed'}`.slice(0, 500) } };
      }
      const file = firstFile(h.outputs);
      if (!file) return { status: 'failed', error: { kind: 'client', message: 'comfyui: the workflow finished without saving a file (add a Save node)' } };
      const q = new URLSearchParams(file);
      return { status: 'succeeded', output: { url: `${settings.baseUrl}/view?${q}` }, usage: usage() };
    },
    async cancel(jobId, ctx) {
      const q = await comfy<Queue>(settings, ctx, '/queue');
      if (inQueue(q, jobId, 'queue_pending')) await comfy(settings, ctx, '/queue', { delete: [jobId] });
      if (inQueue(q, jobId, 'queue_running')) await comfy(settings, ctx, '/interrupt', { prompt_id: jobId });
    },
  };
}
