// The story workflow's small activities around the steps: refunds of pipeline shares, slots,
// events, the pipeline's `complete` event and expiry.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { creditsToMicros, refundCredits } from '../../platform/billing/credits';
import { microsToUsd } from '../../platform/billing/money';
import type { StoryContext } from '../contract/steps';
import { conceptOf, findLiveStory, loadStoryParts, paramsOf, storyPrefix } from '../store';
import type { StepKit } from './kit';

/** Gives back part of a credit spend (pipeline shares, failed steps). */
export async function refundStoryCredits(kit: StepKit, input: { accountId: string; sandbox: boolean; chargeOperationId: string; operationId: string; credits?: number }) {
  if (input.sandbox) return { credits: 0, refunded_usd: 0 };
  const exists = await kit.db.selectFrom('credit_ledger').select('id').where('account_id', '=', input.accountId).where('operation_id', '=', input.chargeOperationId).executeTakeFirst();
  if (!exists) return { credits: 0, refunded_usd: 0 };
  const r = await refundCredits(kit.db, input);
  return { credits: r.credits, refunded_usd: microsToUsd(creditsToMicros(r.credits)) };
}

export async function releaseSlot(kit: StepKit, input: { slotId: string }) {
  await kit.db.deleteFrom('story_slots').where('operation_id', '=', input.slotId).execute();
}

/** The pipeline's `complete` event, with signed URLs. */
export async function emitPipelineComplete(kit: StepKit, input: StoryContext & { creditsUsed: number; startedAtMs: number }) {
  const { db, views } = kit;
  const story = await findLiveStory(db, input.accountId, input.storyId);
  if (!story) return;
  const parts = await loadStoryParts(db, story.id);
  const fin = views.final(story);
  const params = paramsOf(story);
  const c = conceptOf(story)!;
  await kit.emit(input, 'complete', 'complete', {
    story_id: story.id, video_url: fin?.video_url ?? null, thumbnail_url: fin?.thumbnail_url ?? null,
    credits_used: input.creditsUsed, duration: fin?.duration ?? 0,
    scenes: c.scenes.map((s) => {
      const v = parts.videos.find((x) => x.scene_index === s.index);
      const f = parts.frames.find((x) => x.scene_index === s.index);
      return { ...s, frame_url: f ? views.url(f.image_key, story) : null, video_url: v?.status === 'rendered' ? views.url(v.video_key, story) : null, video_status: v?.status ?? null };
    }),
    characters: parts.characters.map((ch) => views.character(ch, story)),
    metadata: { style: params.style, video_model: params.video_model, aspect_ratio: params.aspect_ratio, seed: params.seed, generation_time_ms: Date.now() - input.startedAtMs },
  });
}

/** 24 hours are up (or the test's TTL): the story expires and its files are purged. */
export async function expireStory(kit: StepKit, input: StoryContext) {
  const { db } = kit;
  await db.updateTable('stories').set({ status: 'expired', updated_at: new Date() }).where('id', '=', input.storyId).where('account_id', '=', input.accountId).execute();
  await db.deleteFrom('story_slots').where('story_id', '=', input.storyId).execute();
  await kit.blobs.deletePrefix(storyPrefix(input.accountId, input.storyId));
  await rm(join(kit.deps.config.dataDir, 'work', 'stories', input.storyId), { recursive: true, force: true });
}
