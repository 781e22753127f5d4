import { refundCredits, USD_MICROS_PER_CREDIT } from '../../platform/billing/credits';
import type { StoryContext } from '../contract/steps';
import { findLiveStory, loadStoryParts, markStepDone } from '../store';
import { clipCostMicros, resolveVideoModel } from '../video-models';
import type { StepKit } from './kit';

export interface SettleVideosInput extends StoryContext {
  operationId: string;
  error?: string;
  pipelineStep?: number;
  charged: boolean;
}

/** After the renders: scenes still pending failed; refund them; step 4 is done when none is pending. */
export async function settleVideos(kit: StepKit, input: SettleVideosInput) {
  const { db, views } = kit;
  const rows = await db.selectFrom('story_videos').selectAll().where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).execute();
  const stuck = rows.filter((r) => r.status === 'pending');
  if (stuck.length) {
    // The refund comes first (idempotent on its operation id, so a retried settle never pays
    // twice): whoever sees a scene `failed` can already see its money back.
    if (input.charged && !input.sandbox) {
      const micros = stuck.reduce((s, r) => s + clipCostMicros(resolveVideoModel(r.model_used).used, r.duration), 0);
      await refundCredits(db, {
        accountId: input.accountId, chargeOperationId: input.operationId, operationId: `${input.operationId}:failed`, credits: micros / USD_MICROS_PER_CREDIT,
      });
    }
    await db.updateTable('story_videos').set({ status: 'failed', error: input.error ?? 'render failed', updated_at: new Date() })
      .where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).where('status', '=', 'pending').execute();
  }
  const all = await db.selectFrom('story_videos').select(['status']).where('story_id', '=', input.storyId).execute();
  const rendered = all.filter((r) => r.status === 'rendered').length;
  if (rendered > 0 && !all.some((r) => r.status === 'pending')) await markStepDone(db, input.storyId, 'videos', 0);
  const requested = rows.length;
  const renderedNow = rows.filter((r) => r.status === 'rendered').length + 0;
  if (input.pipelineStep) {
    const story = await findLiveStory(db, input.accountId, input.storyId);
    if (story) {
      const parts = await loadStoryParts(db, input.storyId);
      await kit.emit(input, `complete:${input.pipelineStep}`, 'step_complete', {
        step: input.pipelineStep, name: 'videos', result: { videos: parts.videos.map((v) => views.video(v, story)), ...views.pollSummary(parts.videos) },
      });
    }
  }
  const fresh = await db.selectFrom('story_videos').select(['status']).where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).execute();
  return { requested, rendered: fresh.filter((r) => r.status === 'rendered').length || renderedNow, failed: stuck.length, anyRendered: rendered > 0 };
}
