import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { waitForVideos } from './helpers';

let stack: TestStack;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  // API only: the scene renders run in worker processes this test starts and kills.
  stack = await startStack({ ATELIER_ROLE: 'api', ATELIER_STORY_HEARTBEAT_S: '3', ATELIER_STORY_STEP_PER_MIN: '1000' });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await stack?.close();
});

function startWorker(): Promise<ChildProcess> {
  const c = stack.config;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/story/story-worker.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ATELIER_ROLE: 'worker',
      DATABASE_URL: c.databaseUrl!,
      TEMPORAL_ADDRESS: c.temporal.address,
      TEMPORAL_TASK_QUEUE: c.temporal.taskQueue,
      ATELIER_DATA_DIR: c.dataDir,
      ATELIER_BOOTSTRAP_KEY: stack.adminKey,
      ATELIER_STORY_HEARTBEAT_S: '3',
      PUBLIC_BASE_URL: stack.url,
      STORY_TEST_BUNDLE: inject('workflowBundlePath'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready')) resolve(child);
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited early (${code}): ${err.slice(-2000)}`)));
  });
}

describe('Step 4 survives a worker crash (checkpoints)', () => {
  it('finishes after a SIGKILL mid-render without re-rendering finished scenes', async () => {
    const first = await startWorker();
    const post = (path: string, body: unknown) => stack.api('POST', `/v1/story/${path}`, { body });
    const c = await post('step/concept', { prompt: 'A clockmaker repairs time itself', num_scenes: 4, duration: 60, seed: 99 });
    expect(c.status).toBe(200);
    const id = c.body.story_id;
    expect((await post('step/characters', { story_id: id })).status).toBe(200);
    expect((await post('step/frames', { story_id: id, resolution: '1080p' })).status).toBe(200);
    const v = await post('step/videos', { story_id: id, fps: 30 });
    expect(v.status).toBe(200);
    expect(v.body.pending).toBe(4);

    const db = stack.atelier.deps.db;
    const finished = async () =>
      (await db.selectFrom('story_renders').select(['scene_index']).where('story_id', '=', id).where('finished_at', 'is not', null).execute()).map((r) => r.scene_index);
    const deadline = Date.now() + 60_000;
    while ((await finished()).length === 0) {
      if (Date.now() > deadline) throw new Error('no scene finished');
      await new Promise((r) => setTimeout(r, 50));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const doneAtKill = await finished();
    expect(doneAtKill.length).toBeLessThan(4);

    await startWorker();
    const polled = await waitForVideos(stack, id, undefined, 120_000);
    expect(polled).toMatchObject({ pending: 0, completed: 4, failed: 0 });

    const renders = await db.selectFrom('story_renders').selectAll().where('story_id', '=', id).orderBy('id').execute();
    for (const scene of doneAtKill) {
      expect(renders.filter((r) => r.scene_index === scene), `scene ${scene} rendered once`).toHaveLength(1);
    }
    // The retry (attempt 2, on the new worker) rendered only what was missing.
    const retried = renders.filter((r) => r.attempt > 1);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((r) => !doneAtKill.includes(r.scene_index))).toBe(true);
    expect(new Set(renders.filter((r) => r.finished_at).map((r) => r.scene_index))).toEqual(new Set([0, 1, 2, 3]));
  }, 240_000); // a cold worker process and four renders: over a minute on a loaded 2-core machine
});
