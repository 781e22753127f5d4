// What every story step shares: the story lookup and dependency checks, the credit charge, events
// and progress, work directories, and the bounded pool that renders scenes two at a time. A step
// is a function of (kit, input); `activities/story.ts` only wires them into the activity set.
import { join } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import type { Deps } from '../../deps';
import type { Story } from '../../infra/db/schema/index';
import { creditBillingBlock, InsufficientCredits, roundCredits, spendCredits } from '../../platform/billing/credits';
import { STEP_NAMES, type StepName } from '../catalog';
import type { StoryErrorCode } from '../contract/codes';
import type { Concept } from '../concept';
import type { BillingBlock, StepActivityInput, StoryContext } from '../contract/steps';
import { insufficientCreditsDetail } from '../errors';
import { hashString, rng } from '../../generation/prng';
import { appendEvent, findLiveStory, StoryViews } from '../store';

/** What the steps need from the process (the composition root passes all of `Deps`). */
export type StoryStepDeps = Pick<Deps, 'db' | 'blobs' | 'config' | 'providers'>;

/**
 * The running activity as a step sees it (Temporal's Context, passed in so steps do not depend on
 * the activity runtime): heartbeats, the checkpoint a retry resumes from, cancellation.
 */
export interface ActivityHandle {
  attempt: number;
  /** The last heartbeat's details of a previous attempt. */
  checkpoint: unknown;
  heartbeat(details?: unknown): void;
  signal: AbortSignal;
}

/** A typed, non-retryable failure the workflow maps to the story error body (codes.ts). */
export const fail = (code: StoryErrorCode, message: string, details: Record<string, unknown> = {}) =>
  ApplicationFailure.create({ type: code, message, details: [details], nonRetryable: true });

export const zeroBilling: BillingBlock = { method: 'credits', usd_charged: 0, pln_charged: 0 };

/**
 * Runs `fn` over `items` with at most `limit` in flight (the machine has two cores). One item's
 * failure does not abandon the others mid-flight: everything finishes (and is checkpointed), then
 * the first error is thrown.
 */
export async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (err) {
        errors.push(err);
      }
    }
  });
  await Promise.all(workers);
  if (errors.length) throw errors[0];
}

/** A small deterministic "consistency embedding" of a character's look (unit vector, 16 dims). */
export function embedding(text: string): number[] {
  const r = rng(hashString(text));
  const v = Array.from({ length: 16 }, () => r.next() * 2 - 1);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => Math.round((x / norm) * 1e4) / 1e4);
}

/** A short, stable tag of an operation id for blob names. */
export const short = (op: string) => hashString(op).toString(16);

export interface Paid {
  credits_used: number;
  billing: BillingBlock;
  walletMicros: number;
}

export type StepKit = ReturnType<typeof createStepKit>;

export function createStepKit(deps: StoryStepDeps) {
  const { db, blobs } = deps;
  const views = new StoryViews(blobs);
  const allowance = () => deps.config.story.includedCredits;

  async function emit(ctx: StoryContext, key: string, event: string, data: Record<string, unknown>) {
    await appendEvent(db, { storyId: ctx.storyId, accountId: ctx.accountId, key, event, data });
  }

  return {
    deps,
    db,
    blobs,
    views,
    /** Scratch space of one operation on one story (removed when the step is done). */
    workDir: (storyId: string, op: string) => join(deps.config.dataDir, 'work', 'stories', storyId, op.replace(/[^A-Za-z0-9_-]/g, '_')),

    async liveStory(ctx: StoryContext): Promise<Story> {
      const story = await findLiveStory(db, ctx.accountId, ctx.storyId);
      if (!story) throw fail('invalid_story_id', `Story ${ctx.storyId} is unknown or has expired`, { story_id: ctx.storyId });
      return story;
    },

    /** `what` is a step name, or a regeneration (which needs the step that made the item). */
    requireStep(story: Story, what: StepName | 'regenerate_character' | 'regenerate_frame', needed: StepName) {
      if (!story.steps_done.includes(needed)) {
        const n = (name: StepName) => STEP_NAMES.indexOf(name) + 1;
        const subject = what.startsWith('regenerate_') ? what.replace('_', ' ') : `Step ${n(what as StepName)} (${what})`;
        throw fail('step_dependency', `${subject} needs step ${n(needed)} (${needed}) to be completed first`, { step: what, required_step: needed });
      }
    },

    checkScene(concept: Concept, index: number, field: string) {
      if (!Number.isInteger(index) || index < 0 || index >= concept.scenes.length) {
        throw fail('invalid_scene_index', `${field} ${index} is out of range: this story has scenes 0 to ${concept.scenes.length - 1}`, {
          scene_index: index, num_scenes: concept.scenes.length,
        });
      }
    },

    /** Credits first, then the wallet; the pipeline's steps are already paid for; sandbox never pays. */
    async charge(input: StepActivityInput, credits: number, label: string): Promise<Paid> {
      if (input.sandbox || input.pipelineStep) return { credits_used: 0, billing: zeroBilling, walletMicros: 0 };
      try {
        const spend = await spendCredits(db, {
          accountId: input.accountId, credits, operationId: input.operationId, operation: label, label, allowance: allowance(),
          metadata: { story_id: input.storyId },
        });
        return { credits_used: roundCredits(spend.credits), billing: creditBillingBlock(spend), walletMicros: spend.walletMicros };
      } catch (err) {
        if (err instanceof InsufficientCredits) {
          const { message, context } = insufficientCreditsDetail(err);
          throw fail('insufficient_credits', message, { ...context, required_credits: roundCredits(credits) });
        }
        throw err;
      }
    },

    emit,

    /** A `step_progress` event, only in the streamed pipeline. */
    async progress(input: StepActivityInput, key: string, pct: number, message: string) {
      if (!input.pipelineStep) return;
      await emit(input, `progress:${input.pipelineStep}:${key}`, 'step_progress', { step: input.pipelineStep, progress: Math.round(pct), message });
    },
  };
}
