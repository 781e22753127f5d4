import {
  ActivityFailure, allHandlersFinished, ApplicationFailure, condition, proxyActivities, proxyLocalActivities, setHandler, workflowInfo,
} from '@temporalio/workflow';
import type { StoryActivities } from '../activities/story';
import { STORY_ERROR_CODES, isStoryErrorCode } from '../src/story/contract/codes';
import { STEP_OWN_ATTEMPTS, STEP_WORKER_LOSS_ATTEMPTS, type PipelineInput, type StepActivityInput, type StepOutcome, type StepRequest, type StoryWorkflowInput } from '../src/story/contract/steps';
import { PIPELINE_SHARE } from '../src/story/contract/pricing';
import { storyStepUpdate } from './definitions';

/** Quick bookkeeping (events, slots, refunds): local activities, no task-queue round trip. */
const bookkeeping = proxyLocalActivities<StoryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 10 },
});

/**
 * One generation step, retried on anything but a story error. A final cut at 4k can take many
 * minutes, so the step heartbeats and a dead worker is noticed by the heartbeat timeout. A lost
 * worker costs an attempt too: the policy allows a few more than the step's own budget, which the
 * activity enforces for the step's failures (final at its last own attempt).
 */
const stepActivity = proxyActivities<StoryActivities>({
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: STEP_OWN_ATTEMPTS + STEP_WORKER_LOSS_ATTEMPTS, nonRetryableErrorTypes: STORY_ERROR_CODES },
  cancellationType: 'WAIT_CANCELLATION_COMPLETED' as never,
});

const STEPS = ['concept', 'characters', 'frames', 'videos', 'voiceover', 'final'] as const;

/**
 * A story: workflow id = story_id, alive for its TTL (24 h), then expired and
 * purged. Step endpoints drive it with the `storyStep` update (one step at a time, in arrival
 * order); POST /v1/story/generate starts it with a pipeline that runs all six steps.
 */
export async function story(input: StoryWorkflowInput): Promise<{ expired: boolean }> {
  const expiresAtMs = workflowInfo().startTime.getTime() + input.ttlSeconds * 1000;
  // Scene renders run longer than any step and heartbeat per scene; the timeout is configurable
  // (a killed worker is noticed this fast), so this proxy is built from the input.
  const renderActivity = proxyActivities<StoryActivities>({
    startToCloseTimeout: '2 hours',
    heartbeatTimeout: `${input.heartbeatSeconds} seconds`,
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5, nonRetryableErrorTypes: STORY_ERROR_CODES },
  });
  const ctx = { storyId: input.storyId, accountId: input.accountId, sandbox: input.sandbox };
  let abandoned = false;
  let closing = false;
  const background: Array<Promise<unknown>> = [];

  // Steps run one at a time, in arrival order.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn);
    chain = run.then(() => undefined, () => undefined);
    return run;
  };

  async function runStep(req: StepRequest, pipelineStep?: number): Promise<StepOutcome> {
    const act: StepActivityInput & { expiresAtMs: number } = { ...ctx, ...req, pipelineStep, expiresAtMs };
    try {
      return await stepActivity.storyStep(act);
    } catch (err) {
      throw await asStoryFailure(err, req.kind === 'videos' ? undefined : req.operationId, pipelineStep !== undefined);
    }
  }

  /** A story error passes through; anything else (retries exhausted) refunds and is generation_failed. */
  async function asStoryFailure(err: unknown, chargeOp: string | undefined, inPipeline: boolean): Promise<ApplicationFailure> {
    const cause = err instanceof ActivityFailure ? err.cause : err;
    if (cause instanceof ApplicationFailure && isStoryErrorCode(cause.type)) {
      return ApplicationFailure.create({ type: cause.type, message: cause.message, details: cause.details as unknown[], nonRetryable: true });
    }
    if (chargeOp && !inPipeline) {
      await bookkeeping.storyRefund({ accountId: ctx.accountId, sandbox: ctx.sandbox, chargeOperationId: chargeOp, operationId: `${chargeOp}:failed` });
    }
    const message = cause instanceof Error ? cause.message : String(cause);
    return ApplicationFailure.create({ type: 'generation_failed', message: `Generation failed; retrying the step is usually safe (${message})`, nonRetryable: true });
  }

  /** Step 4's renders after the update has answered: settle and release the slot when done. */
  async function renderAndSettle(req: StepRequest, scenes: number[], pipelineStep?: number) {
    let error: string | undefined;
    try {
      if (scenes.length) await renderActivity.storyRenderScenes({ ...ctx, operationId: req.operationId, scenes, pipelineStep });
    } catch (err) {
      const cause = err instanceof ActivityFailure ? err.cause : err;
      error = cause instanceof Error ? cause.message : String(cause);
    }
    return bookkeeping.storySettleVideos({ ...ctx, operationId: req.operationId, error, pipelineStep, charged: pipelineStep === undefined });
  }

  setHandler(
    storyStepUpdate,
    (req) =>
      serial(async () => {
        try {
          const outcome = await runStep(req);
          if (req.kind === 'videos') {
            background.push(
              renderAndSettle(req, outcome.scenes ?? []).finally(() => bookkeeping.storyReleaseSlot({ slotId: req.slotId })),
            );
          }
          return outcome;
        } catch (err) {
          if (req.kind === 'concept') abandoned = true;
          throw err;
        }
      }),
    {
      validator: (_req: StepRequest) => {
        if (closing) throw new Error('story expired');
      },
    },
  );

  async function pipeline(p: PipelineInput) {
    let refunded = 0;
    let done = 0;
    const body = p.body;
    const requests: StepRequest[] = [
      { kind: 'concept', body: { prompt: body.prompt, style: body.style, num_scenes: body.num_scenes, duration: body.duration, language: body.language, seed: body.seed, aspect_ratio: body.aspect_ratio }, operationId: `${p.chargeOperationId}:concept`, slotId: p.slotId },
      { kind: 'characters', body: { story_id: ctx.storyId, style: body.style }, operationId: `${p.chargeOperationId}:characters`, slotId: p.slotId },
      { kind: 'frames', body: { story_id: ctx.storyId, scene_overrides: [], resolution: body.resolution }, operationId: `${p.chargeOperationId}:frames`, slotId: p.slotId },
      { kind: 'videos', body: { story_id: ctx.storyId, video_model: body.video_model, motion_intensity: body.motion_intensity, fps: body.fps, duration_per_scene: body.duration_per_scene }, operationId: `${p.chargeOperationId}:videos`, slotId: p.slotId },
      { kind: 'voiceover', body: { story_id: ctx.storyId, voice: body.voice, language: body.language, speed: body.speed, narration_overrides: [] }, operationId: `${p.chargeOperationId}:voiceover`, slotId: p.slotId },
      {
        kind: 'final',
        body: {
          story_id: ctx.storyId, music_style: body.music_style, transition: body.transition, transition_duration: body.transition_duration,
          music_volume: body.music_volume, add_subtitles: body.add_subtitles, subtitle_style: body.subtitle_style, output_format: body.output_format, output_quality: body.resolution,
        },
        operationId: `${p.chargeOperationId}:final`, slotId: p.slotId,
      },
    ];
    const refund = async (credits: number, tag: string) => {
      if (credits <= 0) return 0;
      const r = await bookkeeping.storyRefund({ accountId: ctx.accountId, sandbox: ctx.sandbox, chargeOperationId: p.chargeOperationId, operationId: `${p.chargeOperationId}:refund:${tag}`, credits });
      refunded += r.credits;
      return r.refunded_usd;
    };
    try {
      for (const [i, req] of requests.entries()) {
        const step = i + 1;
        try {
          const outcome = await runStep(req, step);
          if (req.kind === 'videos') {
            const settled = await renderAndSettle(req, outcome.scenes ?? [], step);
            const notRendered = settled.requested - settled.rendered;
            const refundedUsd = await refund((PIPELINE_SHARE.videos * notRendered) / Math.max(1, settled.requested), 'videos');
            await bookkeeping.storyEmit({
              ...ctx, key: 'billing:videos', event: 'billing',
              data: { refunded_usd: refundedUsd, scenes_rendered: settled.rendered, scenes_requested: settled.requested },
            });
            if (!settled.anyRendered) throw ApplicationFailure.create({ type: 'generation_failed', message: 'No scene could be rendered', nonRetryable: true });
          }
          done = step;
        } catch (err) {
          const failure = err instanceof ApplicationFailure ? err : ApplicationFailure.create({ type: 'generation_failed', message: String(err) });
          // Steps that never completed are given back; a completed step 4 was settled above.
          const remaining = STEPS.slice(done).reduce((s, name) => s + PIPELINE_SHARE[name], 0);
          const refundedUsd = await refund(remaining, 'failed');
          await bookkeeping.storyEmit({
            ...ctx, key: `error:${step}`, event: 'error',
            data: { step, code: failure.type ?? 'generation_failed', message: failure.message, retry: failure.type !== 'insufficient_credits', refunded_usd: refundedUsd },
          });
          if (step === 1) abandoned = true;
          return;
        }
      }
      await bookkeeping.storyPipelineComplete({ ...ctx, creditsUsed: ctx.sandbox ? 0 : Math.round((30 - refunded) * 10_000) / 10_000, startedAtMs: p.startedAtMs });
    } finally {
      await bookkeeping.storyReleaseSlot({ slotId: p.slotId });
    }
  }

  if (input.pipeline) {
    const p = input.pipeline;
    background.push(serial(() => pipeline(p)));
  }

  const ended = await condition(() => abandoned, input.ttlSeconds * 1000);
  closing = true;
  if (!ended) await bookkeeping.storyExpire(ctx);
  await Promise.allSettled(background);
  await condition(allHandlersFinished);
  return { expired: !ended };
}
