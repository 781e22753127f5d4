// The ComfyUI adapter against a loopback ComfyUI speaking its HTTP API (POST /prompt, GET
// /history/{id}, GET /queue, POST /queue {delete}, POST /interrupt, GET /view): the operator's
// workflow file with its placeholders filled, idempotent submit, errors, cancel, a missing
// workflow; then POST /v1/ai/generate/video {model: comfyui/txt2vid} as a durable job and
// POST /v1/ai/generate/image {model: comfyui/txt2img} in the call.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comfyuiAdapter } from '../../../src/generation/providers/comfyui/index';
import { promptIdFor } from '../../../src/generation/providers/comfyui/prompts';
import { ProviderError } from '../../../src/generation/providers/errors';
import { isJobHandler, type CallContext, type JobHandler, type VideoRequest } from '../../../src/generation/providers/types';
import { startStack, type TestStack } from '../../helpers/stack';
import { MP4 } from '../provider-jobs/fake-replicate';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4d80000000049454e44ae426082', 'hex');
const TXT2VID = {
  '3': { class_type: 'KSampler', inputs: { seed: '{{seed}}', steps: 20, model: ['4', 0] } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}, cinematic', clip: ['4', 1] } },
  '8': { class_type: 'EmptyHunyuanLatentVideo', inputs: { width: '{{width}}', height: '{{height}}', length: '{{frames}}' } },
  '9': { class_type: 'SaveWEBM', inputs: { filename_prefix: 'atelier', fps: '{{fps}}', images: ['3', 0] } },
};
const TXT2IMG = {
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'atelier' } },
};

interface Prompt { id: string; graph: Record<string, { inputs: Record<string, unknown> }>; state: 'pending' | 'running' | 'done' | 'error' | 'interrupted'; video: boolean }
let server: Server;
let base = '';
let dir = '';
const prompts: Prompt[] = [];
const posts: string[] = [];
let finishAfterReads = 1;
const reads = new Map<string, number>();
let stack: TestStack;
let video: JobHandler<VideoRequest>;

const read = (req: IncomingMessage) => new Promise<string>((r) => { const c: Buffer[] = []; req.on('data', (d: Buffer) => c.push(d)); req.on('end', () => r(Buffer.concat(c).toString())); });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'comfy-workflows-'));
  writeFileSync(join(dir, 'txt2vid.json'), JSON.stringify(TXT2VID));
  writeFileSync(join(dir, 'txt2img.json'), JSON.stringify(TXT2IMG));
  writeFileSync(join(dir, 'ui-format.json'), JSON.stringify({ nodes: [], links: [] }));
  server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, v: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    if (req.method === 'POST') posts.push(url.pathname);
    if (req.method === 'POST' && url.pathname === '/prompt') {
      const data = JSON.parse(body) as { prompt: Prompt['graph']; prompt_id?: string };
      if (!data.prompt['9']) return json(400, { error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs' }, node_errors: {} });
      if (data.prompt['3']?.inputs.steps === 999) return json(400, { error: { message: 'Prompt outputs failed validation' }, node_errors: { '3': { errors: [{ message: 'Value too big', details: 'steps: 999 > 100' }] } } });
      const p: Prompt = { id: data.prompt_id ?? crypto.randomUUID(), graph: data.prompt, state: 'pending', video: data.prompt['9'].inputs.fps !== undefined };
      prompts.push(p);
      return json(200, { prompt_id: p.id, number: prompts.length, node_errors: {} });
    }
    if (url.pathname === '/queue' && req.method === 'GET') {
      const item = (p: Prompt) => [prompts.indexOf(p), p.id, p.graph, {}, ['9']];
      return json(200, { queue_running: prompts.filter((p) => p.state === 'running').map(item), queue_pending: prompts.filter((p) => p.state === 'pending').map(item) });
    }
    if (url.pathname === '/queue' && req.method === 'POST') {
      const del = (JSON.parse(body) as { delete?: string[] }).delete ?? [];
      for (const p of prompts) if (del.includes(p.id) && p.state === 'pending') prompts.splice(prompts.indexOf(p), 1);
      return json(200, {});
    }
    if (url.pathname === '/interrupt') {
      const id = (JSON.parse(body || '{}') as { prompt_id?: string }).prompt_id;
      for (const p of prompts) if (p.state === 'running' && (!id || p.id === id)) p.state = 'interrupted';
      return json(200, {});
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/history\/(.+)$/.exec(url.pathname))) {
      const p = prompts.find((x) => x.id === m![1]);
      if (!p) return json(200, {});
      const n = (reads.get(p.id) ?? 0) + 1;
      reads.set(p.id, n);
      if (p.state === 'pending' || p.state === 'running') {
        if (n > finishAfterReads) p.state = 'done';
        else { p.state = 'running'; return json(200, {}); }
      }
      if (p.state === 'interrupted') return json(200, { [p.id]: { outputs: {}, status: { status_str: 'error', completed: false, messages: [['execution_interrupted', { node_id: '3' }]] } } });
      if (p.state === 'error') return json(200, { [p.id]: { outputs: {}, status: { status_str: 'error', completed: false, messages: [['execution_error', { node_type: 'KSampler', exception_message: 'CUDA out of memory' }]] } } });
      const files = p.video ? { gifs: [{ filename: 'atelier_00001.webm', subfolder: '', type: 'output' }], images: [{ filename: 'preview.png', subfolder: '', type: 'temp' }] } : { images: [{ filename: 'atelier_00001_.png', subfolder: 'sub', type: 'output' }] };
      return json(200, { [p.id]: { prompt: [0, p.id, p.graph], outputs: { '9': files }, status: { status_str: 'success', completed: true, messages: [] } } });
    }
    if (url.pathname === '/view') {
      const name = url.searchParams.get('filename') ?? '';
      res.writeHead(200, { 'content-type': name.endsWith('.png') ? 'image/png' : 'video/webm' });
      return res.end(name.endsWith('.png') ? PNG : MP4);
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const v = comfyuiAdapter.create({ baseUrl: base, extra: { ATELIER_COMFYUI_WORKFLOWS_DIR: dir }, timeoutMs: 2000 }).capabilities.video!;
  if (!isJobHandler(v)) throw new Error('video must be a job');
  video = v;
  stack = await startStack({ ATELIER_COMFYUI_BASE_URL: base, ATELIER_COMFYUI_WORKFLOWS_DIR: dir });
});
afterAll(async () => {
  await stack?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const ctx = (model: string, over: Partial<CallContext> = {}): CallContext => ({ route: { provider: 'comfyui', model, params: {}, cost: {} }, timeoutMs: 2000, ...over });
const caught = async (p: Promise<unknown>): Promise<ProviderError> => {
  try {
    await p;
  } catch (err) {
    return err as ProviderError;
  }
  throw new Error('expected a rejection');
};

describe('comfyui adapter', () => {
  it('queues the workflow with its named inputs filled (numbers stay numbers) and reads the saved video from /view', async () => {
    finishAfterReads = 1;
    const { jobId } = await video.submit({ model: 'comfyui/txt2vid', prompt: 'a fox', seconds: 2, width: 640, height: 360 }, ctx('txt2vid', { job: { id: 'job_a' } }));
    expect(jobId).toBe(promptIdFor('job_a'));
    const p = prompts.find((x) => x.id === jobId)!;
    expect(p.graph['6']!.inputs.text).toBe('a fox, cinematic');
    expect(p.graph['8']!.inputs).toEqual({ width: 640, height: 360, length: 48 });
    expect(p.graph['9']!.inputs.fps).toBe(24);
    expect(typeof p.graph['3']!.inputs.seed).toBe('number');
    expect((await video.poll(jobId, ctx('txt2vid'))).status).toBe('running');
    const done = await video.poll(jobId, ctx('txt2vid'));
    expect(done).toMatchObject({ status: 'succeeded', output: { url: `${base}/view?filename=atelier_00001.webm&subfolder=&type=output` } });
  });

  it('a second submit for the same job finds the queued prompt instead of queuing another', async () => {
    finishAfterReads = Infinity;
    const before = prompts.length;
    const first = await video.submit({ model: 'm', prompt: 'again' }, ctx('txt2vid', { job: { id: 'job_b' } }));
    const second = await video.submit({ model: 'm', prompt: 'again' }, ctx('txt2vid', { job: { id: 'job_b' } }));
    expect(second.jobId).toBe(first.jobId);
    expect(prompts.length - before).toBe(1);
    // Cancel: the running prompt is interrupted and reads as canceled; a pending one is deleted.
    expect(prompts.find((x) => x.id === first.jobId)!.state).toBe('running');
    await video.cancel(first.jobId, ctx('txt2vid'));
    expect(prompts.find((x) => x.id === first.jobId)!.state).toBe('interrupted');
    expect((await video.poll(first.jobId, ctx('txt2vid'))).status).toBe('canceled');
    const pending = await video.submit({ model: 'm', prompt: 'queued' }, ctx('txt2vid'));
    await video.cancel(pending.jobId, ctx('txt2vid'));
    expect(prompts.find((x) => x.id === pending.jobId)).toBeUndefined();
    expect(posts.filter((p) => p === '/interrupt')).toHaveLength(1);
    finishAfterReads = 1;
  });

  it('errors: validation (400 with node errors) is a client fault, a failed run reads as failed, an unknown or UI-format workflow is refused, an unreachable ComfyUI is unavailable', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...TXT2VID, '3': { class_type: 'KSampler', inputs: { steps: 999 } } }));
    const bad = await caught(video.submit({ model: 'm', prompt: 'x' }, ctx('bad')));
    expect(bad.kind).toBe('client');
    expect(bad.message).toContain('node 3: Value too big steps: 999 > 100');
    const { jobId } = await video.submit({ model: 'm', prompt: 'x' }, ctx('txt2vid'));
    prompts.find((x) => x.id === jobId)!.state = 'error';
    expect(await video.poll(jobId, ctx('txt2vid'))).toMatchObject({ status: 'failed', error: { kind: 'client', message: 'comfyui: KSampler: CUDA out of memory' } });
    expect((await caught(video.submit({ model: 'm', prompt: 'x' }, ctx('nosuch')))).message).toMatch(/no workflow named 'nosuch'/);
    expect((await caught(video.submit({ model: 'm', prompt: 'x' }, ctx('../etc/passwd')))).kind).toBe('client');
    expect((await caught(video.submit({ model: 'm', prompt: 'x' }, ctx('ui-format')))).message).toMatch(/API Format/);
    const offline = comfyuiAdapter.create({ baseUrl: 'http://127.0.0.1:1', extra: { ATELIER_COMFYUI_WORKFLOWS_DIR: dir }, timeoutMs: 1000 }).capabilities.video as JobHandler<VideoRequest>;
    expect((await caught(offline.submit({ model: 'm', prompt: 'x' }, ctx('txt2vid')))).kind).toBe('unavailable');
  });
});

describe('comfyui through the API', () => {
  it('POST /v1/ai/generate/video {model: comfyui/txt2vid} renders on ComfyUI as a durable job', { timeout: 60_000 }, async () => {
    finishAfterReads = 1;
    const res = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'comfyui/txt2vid', prompt: 'a red fox', seconds: 3 } });
    expect(res.status, res.text).toBe(202);
    const jobId = res.body.job_id as string;
    let job = res.body;
    const until = Date.now() + 40_000;
    while (job.status === 'processing' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await stack.api('GET', `/v1/jobs/${jobId}`)).body;
    }
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(prompts.filter((p) => p.id === promptIdFor(jobId))).toHaveLength(1);
    expect(job.url.startsWith(stack.url)).toBe(true);
    expect(Buffer.from(await (await fetch(job.url)).arrayBuffer()).equals(MP4)).toBe(true);
  });

  it('POST /v1/ai/generate/image {model: comfyui/txt2img} renders on ComfyUI in the call; an unknown workflow is a clear error', async () => {
    const res = await stack.api('POST', '/v1/ai/generate/image', { body: { model: 'comfyui/txt2img', prompt: 'a red fox' }, headers: { accept: 'application/json' } });
    expect(res.status, res.text).toBe(200);
    expect(Buffer.from(await (await fetch(res.body.url)).arrayBuffer()).equals(PNG)).toBe(true);
    const missing = await stack.api('POST', '/v1/ai/generate/image', { body: { model: 'comfyui/nosuch', prompt: 'x' } });
    expect(missing.status, missing.text).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
  });
});
