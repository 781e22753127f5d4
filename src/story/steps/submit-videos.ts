import { refundCredits, roundCredits, USD_MICROS_PER_CREDIT } from '../../platform/billing/credits';
import { microsToUsd } from '../../platform/billing/money';
import { renderRefusal } from '../content-policy';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { LEDGER_LABELS } from '../contract/pricing';
import { conceptOf, loadStoryParts, markStepDone, paramsOf } from '../store';
import { clipCostMicros, resolveVideoModel, snapDuration } from '../video-models';
import { fail, zeroBilling, type StepKit } from './kit';

/**
 * Step 4's call: checks the model and scenes, charges per model, second and scene, refunds the
 * model's refusals on the same operation, and records each scene as pending (or refused). The
 * renders themselves run afterwards (render-scenes.ts), outside the call.
 */
export async function submitVideos(kit: StepKit, input: Extract<StepActivityInput, { kind: 'videos' }>): Promise<StepOutcome> {
  const { db } = kit;
  const story = await kit.liveStory(input);
  kit.requireStep(story, 'videos', 'frames');
  const c = conceptOf(story)!;
  const b = input.body;
  const indices = b.scene_indices ?? c.scenes.map((s) => s.index);
  for (const i of indices) kit.checkScene(c, i, 'scene_indices entry');
  const unique = [...new Set(indices)].sort((a, z) => a - z);
  const { requested, used } = resolveVideoModel(b.video_model);
  const down = kit.deps.config.story.unavailableModels;
  if (down.includes(requested.id) || down.includes(used.id)) {
    throw fail('model_unavailable', `Video model ${used.id} is temporarily unavailable; retry later or choose another model`, { video_model: used.id });
  }
  const parts = await loadStoryParts(db, story.id);
  if (parts.videos.some((v) => v.status === 'pending')) {
    throw fail('step_dependency', 'Scene renders from an earlier step 4 call are still pending; poll /v1/story/step/poll-videos until pending is 0', { step: 'videos' });
  }
  const plan = unique.map((i) => {
    const frame = parts.frames.find((f) => f.scene_index === i);
    const scene = c.scenes[i]!;
    const seconds = snapDuration(used, b.duration_per_scene ?? scene.duration);
    const reason = !frame ? 'keyframe missing' : renderRefusal(`${frame.description} ${scene.description}`);
    return { index: i, frame, seconds, costMicros: clipCostMicros(used, seconds), refusal: reason ? `declined by ${used.id}: ${reason}` : undefined };
  });
  const label = LEDGER_LABELS.videos(used.id);
  // A scene whose keyframe is missing is never submitted nor charged; the model's refusals are
  // charged with the call and refunded against the same operation before the step returns.
  const billable = plan.filter((p) => p.frame);
  const totalMicros = billable.reduce((s, p) => s + p.costMicros, 0);
  const paid = await kit.charge(input, totalMicros / USD_MICROS_PER_CREDIT, label);
  const refusedMicros = plan.filter((p) => p.frame && p.refusal).reduce((s, p) => s + p.costMicros, 0);
  let refundedWallet = 0;
  let refundedCredits = 0;
  if (refusedMicros > 0 && !input.sandbox && !input.pipelineStep) {
    const refund = await refundCredits(db, {
      accountId: input.accountId, chargeOperationId: input.operationId, operationId: `${input.operationId}:refused`,
      credits: refusedMicros / USD_MICROS_PER_CREDIT,
    });
    refundedWallet = refund.walletMicros;
    refundedCredits = refund.credits;
  }
  await db.transaction().execute(async (trx) => {
    for (const p of plan) {
      const row = {
        story_id: input.storyId, scene_index: p.index, account_id: input.accountId, operation_id: input.operationId,
        status: p.refusal ? ('refused' as const) : ('pending' as const), video_key: null, duration: p.seconds,
        model_requested: requested.id, model_used: used.id, frame_version: p.frame?.version ?? 0, error: p.refusal ?? null, updated_at: new Date(),
      };
      await trx.insertInto('story_videos').values(row).onConflict((oc) => oc.columns(['story_id', 'scene_index']).doUpdateSet(row)).execute();
    }
    const params = paramsOf(story);
    await trx.updateTable('stories')
      .set({ params: JSON.stringify({ ...params, fps: b.fps, motion_intensity: b.motion_intensity, video_model: requested.id }) })
      .where('id', '=', input.storyId).execute();
  });
  await markStepDone(db, input.storyId, 'videos', 0, false);
  const sandboxOrPipeline = input.sandbox || Boolean(input.pipelineStep);
  const netMicros = sandboxOrPipeline ? 0 : totalMicros - refusedMicros;
  const netWallet = paid.walletMicros - refundedWallet;
  return {
    credits_used: sandboxOrPipeline ? 0 : roundCredits(paid.credits_used - refundedCredits),
    billing: sandboxOrPipeline ? zeroBilling : { method: paid.billing.method, usd_charged: microsToUsd(netWallet), pln_charged: microsToUsd(netWallet) },
    cost_usd: microsToUsd(netMicros),
    refused: plan.filter((p) => p.refusal).map((p) => ({ scene_index: p.index, reason: p.refusal! })),
    scenes: plan.filter((p) => !p.refusal).map((p) => p.index),
  };
}
