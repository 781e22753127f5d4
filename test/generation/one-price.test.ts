// One price per operation, wherever it is called: the platform's generation route, an engine node
// and a Story Studio step charge the same ledger amount for the same operation, and that amount is
// the one GET /v1/pricing publishes. Story steps reach the provider layer, so ATELIER_PROVIDERS
// decides who renders their scenes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, operationCostMicros } from '../../src/generation/operations';
import { startStack, type TestStack } from '../helpers/stack';
import { pollJob } from '../platform/billing/helpers';
import { createWorkflow, spec, startRun, waitForRun } from '../engine/runs/helpers';
import { waitForVideos } from '../story/helpers';

let stack: TestStack;
beforeAll(async () => {
  // No included credits: a story step's charge is all wallet, so it shows in the USD ledger.
  stack = await startStack({ ATELIER_INCLUDED_CREDITS: '0', ATELIER_STORY_STEP_PER_MIN: '1000' });
});
afterAll(async () => {
  await stack?.close();
});

const db = () => stack.atelier.deps.db;

/** The charge (a positive number of micro-USD) booked under `operationId`, net of refunds. */
async function charged(where: { operationId?: string; label?: string }): Promise<number> {
  let q = db().selectFrom('ledger_entries').select(['amount_micros', 'kind']).where('account_id', '=', stack.accountId).where('kind', '=', 'charge');
  if (where.operationId) q = q.where('operation_id', '=', where.operationId);
  if (where.label) q = q.where('label', '=', where.label);
  const rows = await q.execute();
  expect(rows, JSON.stringify(where)).toHaveLength(1);
  return -rows[0]!.amount_micros;
}

async function publishedRateMicros(type: string, model: string): Promise<number> {
  const pricing = await stack.api('GET', '/v1/pricing');
  expect(pricing.status).toBe(200);
  const rows: any[] = pricing.body.operations;
  const row = rows.find((p) => p.type === type && p.model === model);
  expect(row, `${type}/${model} in GET /v1/pricing`).toBeDefined();
  return Math.round(row.legs[0].rate_usd * 1_000_000);
}

describe('one price per operation', () => {
  it('an image costs the same through POST /v1/ai/generate/image and an image.generate node', async () => {
    const api = await stack.api('POST', '/v1/ai/generate/image', { body: { prompt: 'a lighthouse at dawn', width: 256, height: 256 } });
    expect(api.status).toBe(200);
    const viaRoute = await charged({ operationId: `gen:${api.body.job_id}` });

    const wf = await createWorkflow(stack, spec(
      [{ id: 'start', type: 'trigger.manual' }, { id: 'img', type: 'image.generate', params: { prompt: 'a lighthouse at dawn', width: 256, height: 256 } }],
      [['start', 'img']],
    ));
    const { run_id } = await startRun(stack, wf);
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.img.output.main.model).toBe('atelier-image-v1');
    const viaNode = await charged({ operationId: `run:${run_id}:node:img` });

    expect(viaNode).toBe(viaRoute);
    expect(viaRoute).toBe(operationCostMicros(operation('image', 'atelier-image-v1')));
    expect(viaRoute).toBe(await publishedRateMicros('image', 'atelier-image-v1'));
    expect(run.usd_charged).toBe(api.body.billing.cost_usd);
  });

  it('a scene clip costs the same through POST /v1/ai/generate/video and story step 4', async () => {
    // Five seconds on seedance-1-pro, one of the story's scene models.
    const api = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'seedance-1-pro', prompt: 'waves on a pier', seconds: 5 } });
    expect(api.status).toBe(202);
    const viaRoute = await charged({ operationId: `gen:${api.body.job_id}` });
    expect((await pollJob(stack.api, api.body.job_id)).body.status).toBe('completed');

    const post = (path: string, body: unknown) => stack.api('POST', `/v1/story/${path}`, { body });
    const concept = await post('step/concept', { prompt: 'Waves on a quiet pier', num_scenes: 2, duration: 15 });
    expect(concept.status).toBe(200);
    const id = concept.body.story_id;
    expect((await post('step/characters', { story_id: id })).status).toBe(200);
    expect((await post('step/frames', { story_id: id, resolution: '720p' })).status).toBe(200);
    const videos = await post('step/videos', { story_id: id, video_model: 'seedance-1-pro', scene_indices: [0], duration_per_scene: 5 });
    expect(videos.status).toBe(200);
    expect(videos.body.refused).toEqual([]);
    const viaStory = await charged({ label: 'story_step_videos:seedance-1-pro' });

    expect(viaStory).toBe(viaRoute);
    expect(viaRoute).toBe(5 * (await publishedRateMicros('video', 'seedance-1-pro')));
    expect(videos.body.cost_usd).toBe(api.body.billing.cost_usd);
    expect(await waitForVideos(stack, id)).toMatchObject({ completed: 1, pending: 0 });
  });
});
