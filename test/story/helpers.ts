import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { TestStack } from '../helpers/stack';

const run = promisify(execFile);

export interface SseEvent {
  event: string;
  data: any;
}

/** POSTs and reads a text/event-stream to its end (or until `stopAfter` says so, then disconnects). */
export async function postSse(
  stack: TestStack,
  path: string,
  body: unknown,
  opts: { key?: string; stopAfter?: (e: SseEvent, all: SseEvent[]) => boolean } = {},
): Promise<{ status: number; contentType: string | null; events: SseEvent[]; storyId: string | null; json?: any }> {
  const controller = new AbortController();
  const res = await fetch(stack.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.key ?? stack.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) {
    return { status: res.status, contentType, events: [], storyId: null, json: await res.json() };
  }
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let idx: number;
      while ((idx = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (!data.length) continue;
        const e = { event, data: JSON.parse(data.join('\n')) };
        events.push(e);
        if (opts.stopAfter?.(e, events)) {
          controller.abort();
          return { status: res.status, contentType, events, storyId: res.headers.get('x-story-id') };
        }
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  }
  return { status: res.status, contentType, events, storyId: res.headers.get('x-story-id') };
}

/** Downloads a signed URL into a temp file. */
export async function download(url: string, ext: string): Promise<string> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`download ${url}: ${res.status}`);
  const path = join(tmpdir(), `story-${randomBytes(6).toString('hex')}.${ext}`);
  writeFileSync(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

export interface Probe {
  duration: number;
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
}

export async function ffprobe(path: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height', '-of', 'json', path]);
  const j = JSON.parse(stdout);
  return { duration: Number(j.format.duration), streams: j.streams };
}

export async function waitForVideos(stack: TestStack, storyId: string, key?: string, timeoutMs = 120_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await stack.api('POST', '/v1/story/step/poll-videos', { body: { story_id: storyId }, key });
    if (r.status !== 200) throw new Error(`poll-videos ${r.status} ${r.text}`);
    if (r.body.pending === 0) return r.body;
    if (Date.now() > deadline) throw new Error('renders did not finish');
    await new Promise((res) => setTimeout(res, 300));
  }
}
