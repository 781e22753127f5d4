// sora-2 through OpenAI's videos API as a durable provider job: its adapter hands the video back
// as bytes, which the poll step stores itself — a clip larger than a Temporal payload (2 MB) never
// travels through workflow history — and the client gets an Atelier URL serving it unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { MP4 } from './fake-replicate';

const CLIP = Buffer.concat([MP4, randomBytes(3 * 1024 * 1024)]);
let server: Server;
let stack: TestStack;
const calls: string[] = [];
let polls = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      const video = (status: string) => ({ id: 'video_1', object: 'video', model: 'sora-2', status, progress: status === 'completed' ? 100 : 30, seconds: '4', size: '1280x720', created_at: 1, completed_at: null, error: null, expires_at: null, prompt: 'p', remixed_from_video_id: null });
      const json = (v: unknown) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
      if (req.method === 'POST' && req.url === '/v1/videos') return json(video('queued'));
      if (req.method === 'GET' && req.url === '/v1/videos/video_1') return json(video(++polls < 2 ? 'in_progress' : 'completed'));
      if (req.method === 'GET' && req.url?.startsWith('/v1/videos/video_1/content')) { res.writeHead(200, { 'content-type': 'video/mp4' }); return res.end(CLIP); }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = await startStack({ ATELIER_OPENAI_API_KEY: 'sk-test', ATELIER_OPENAI_BASE_URL: `${url}/v1` });
});
afterAll(async () => {
  await stack?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('sora-2 as a durable provider job', () => {
  it('submits once, stores the 3 MB clip from the poll step and serves it from Atelier', { timeout: 60_000 }, async () => {
    const res = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'sora-2', prompt: 'waves', seconds: 4 } });
    expect(res.status, res.text).toBe(202);
    const jobId = res.body.job_id as string;
    let job = res.body;
    const until = Date.now() + 40_000;
    while (job.status === 'processing' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await stack.api('GET', `/v1/jobs/${jobId}`)).body;
    }
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(calls.filter((c) => c === 'POST /v1/videos')).toHaveLength(1);
    const row = await stack.atelier.deps.db.selectFrom('generation_jobs').select('request').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row.request.provider_job).toMatchObject({ provider: 'openai', id: 'video_1' });
    expect(job.url.startsWith(stack.url)).toBe(true);
    expect(Buffer.from(await (await fetch(job.url)).arrayBuffer()).equals(CLIP)).toBe(true);
  });
});
