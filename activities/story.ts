// The story workflow's activities: wiring of the story steps (src/story/steps/) into the activity
// set, with Temporal's activity context handed to the steps that heartbeat or can be cancelled.
import { ApplicationFailure } from '@temporalio/common';
import { Context, activityInfo } from '@temporalio/activity';
import type { Deps } from '../src/deps';
import { STEP_OWN_ATTEMPTS, type StepActivityInput, type StoryContext } from '../src/story/contract/steps';
import { createLocalProviders } from '../src/generation/providers/index';
import { PALETTES } from '../src/story/catalog';
import { emitPipelineComplete, expireStory, refundStoryCredits, releaseSlot } from '../src/story/steps/bookkeeping';
import { createStepKit, type ActivityHandle } from '../src/story/steps/kit';
import { renderScenes, type RenderScenesInput } from '../src/story/steps/render-scenes';
import { runStoryStep } from '../src/story/steps/run-step';
import { settleVideos, type SettleVideosInput } from '../src/story/steps/settle-videos';

let warmed: Promise<unknown> | undefined;

/**
 * The first SVG with text pays for fontconfig and librsvg start-up (about a second); a worker
 * pays it when it starts rather than inside the first story.
 */
function warmUpRenderer() {
  warmed ??= createLocalProviders()
    .image({ model: 'atelier-image-v1', prompt: 'warm up', width: 64, height: 64, composition: { kind: 'portrait', palette: PALETTES.cinematic, seed: 1, name: 'warm', role: 'up', description: 'warm up', version: 1 } })
    .catch(() => undefined);
  return warmed;
}

/** The running activity, as the steps see it. */
function currentActivity(): ActivityHandle {
  const ctx = Context.current();
  const info = activityInfo();
  return { attempt: info.attempt, checkpoint: info.heartbeatDetails, heartbeat: (details) => ctx.heartbeat(details), signal: ctx.cancellationSignal };
}

/**
 * The step's own failure at its last own attempt is final (STEP_OWN_ATTEMPTS): the retry policy's
 * further attempts are for workers lost mid-step, not for more tries of a failing generation.
 */
function finalAtLastOwnAttempt(err: unknown, attempt: number): unknown {
  if (attempt < STEP_OWN_ATTEMPTS || (err instanceof ApplicationFailure && err.nonRetryable)) return err;
  if (err instanceof ApplicationFailure) return ApplicationFailure.create({ type: err.type ?? undefined, message: err.message, details: err.details as unknown[], nonRetryable: true, cause: err });
  const message = err instanceof Error ? err.message : String(err);
  return ApplicationFailure.create({ type: err instanceof Error ? err.name : 'Error', message, nonRetryable: true, cause: err instanceof Error ? err : undefined });
}

export function createStoryActivities(deps: Deps) {
  void warmUpRenderer();
  const kit = createStepKit(deps);
  return {
    /** One story step (or regeneration): dependency checks, charge, generation, projection. */
    storyStep: async (input: StepActivityInput & { expiresAtMs: number }) => {
      const activity = currentActivity();
      try {
        return await runStoryStep(kit, input, activity);
      } catch (err) {
        throw finalAtLastOwnAttempt(err, activity.attempt);
      }
    },
    /** Step 4's renders, two scenes at a time, resumable from the last heartbeat. */
    storyRenderScenes: (input: RenderScenesInput) => renderScenes(kit, input, currentActivity()),
    /** After the renders: failed scenes are refunded; step 4 is done when none is pending. */
    storySettleVideos: (input: SettleVideosInput) => settleVideos(kit, input),
    /** Gives back part of a credit spend (pipeline shares, failed steps). */
    storyRefund: (input: { accountId: string; sandbox: boolean; chargeOperationId: string; operationId: string; credits?: number }) => refundStoryCredits(kit, input),
    storyReleaseSlot: (input: { slotId: string }) => releaseSlot(kit, input),
    storyEmit: (input: StoryContext & { key: string; event: string; data: Record<string, unknown> }) => kit.emit(input, input.key, input.event, input.data),
    /** The pipeline's `complete` event, with signed URLs. */
    storyPipelineComplete: (input: StoryContext & { creditsUsed: number; startedAtMs: number }) => emitPipelineComplete(kit, input),
    /** 24 hours are up (or the test's TTL): the story expires and its files are purged. */
    storyExpire: (input: StoryContext) => expireStory(kit, input),
  };
}

export type StoryActivities = ReturnType<typeof createStoryActivities>;
