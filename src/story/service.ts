import { randomBytes, randomInt } from 'node:crypto';
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { sql } from 'kysely';
import { creditBalance, InsufficientCredits, refundCredits, spendCredits, USD_PER_CREDIT } from '../platform/billing/credits';
import { microsToUsd } from '../platform/billing/money';
import type { Deps } from '../deps';
import { saAccountId, saKind } from '../infra/temporal/search-attributes';
import { workflowRef } from '../infra/temporal/workflow-ref';
import { storyStepUpdate } from './contract/updates';
import type { AuthContext } from '../platform/auth/context';
import type { StepCall, StepOutcome, StoryWorkflowInput } from './contract/steps';
import { insufficientCreditsDetail, isStoryErrorCode, storyError, invalidStoryId } from './errors';
import { LEDGER_LABELS, STEP_CREDITS } from './contract/pricing';
import type { GenerateBody } from './schemas';
import { findLiveStory } from './store';

/** The story workflow (workflows/story.ts), started by reference. */
export const storyWorkflow = workflowRef<(input: StoryWorkflowInput) => Promise<{ expired: boolean }>>('story');

export const newStoryId = () => `story_${randomBytes(12).toString('hex')}`;
export const newSeed = () => randomInt(0, 2 ** 31 - 1);

/** Stories with work in progress hold a slot; slots older than this are considered abandoned. */
const SLOT_STALE = '3 hours';

export class StoryService {
  constructor(private readonly deps: Deps) {}

  private get cfg() {
    return this.deps.config.story;
  }

  /**
   * At most N stories with work in progress per account (a running step, pending
   * scene renders or a streamed pipeline). Serialised per account by an advisory lock.
   */
  async acquireSlot(accountId: string, storyId: string): Promise<string> {
    const slotId = `slot_${randomBytes(10).toString('hex')}`;
    await this.deps.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${'story-slots:' + accountId}))`.execute(trx);
      const busy = await trx
        .selectFrom('story_slots')
        .select(sql<number>`count(distinct story_id)`.as('n'))
        .where('account_id', '=', accountId)
        .where('story_id', '<>', storyId)
        .where('created_at', '>', sql<Date>`now() - ${SLOT_STALE}::interval`)
        .executeTakeFirstOrThrow();
      if (Number(busy.n) >= this.cfg.maxConcurrent) {
        throw storyError('rate_limited', `Too many concurrent stories: at most ${this.cfg.maxConcurrent} per account may be generating at once`, {
          limit: this.cfg.maxConcurrent, scope: 'concurrent_stories',
        }, { 'Retry-After': '10' });
      }
      await trx.insertInto('story_slots').values({ operation_id: slotId, account_id: accountId, story_id: storyId }).execute();
    });
    return slotId;
  }

  async releaseSlot(slotId: string): Promise<void> {
    await this.deps.db.deleteFrom('story_slots').where('operation_id', '=', slotId).execute();
  }

  async requireStory(auth: AuthContext, storyId: string) {
    const story = await findLiveStory(this.deps.db, auth.accountId, storyId);
    if (!story) throw invalidStoryId(storyId);
    return story;
  }

  private workflowInput(auth: AuthContext, storyId: string): StoryWorkflowInput {
    return { storyId, accountId: auth.accountId, sandbox: auth.sandbox, ttlSeconds: this.cfg.ttlSeconds, heartbeatSeconds: this.cfg.heartbeatSeconds };
  }

  private startWorkflow(input: StoryWorkflowInput) {
    return this.deps.temporal.workflow.start(storyWorkflow, {
      taskQueue: this.deps.taskQueue,
      workflowId: input.storyId,
      args: [input],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [
        { key: saAccountId, value: input.accountId },
        { key: saKind, value: 'story' },
      ],
    });
  }

  /** Runs one step through the story workflow's update and answers with its outcome. */
  async runStep(auth: AuthContext, storyId: string, call: StepCall): Promise<StepOutcome> {
    const slotId = await this.acquireSlot(auth.accountId, storyId);
    let keepSlot = false;
    try {
      const operationId = `story:${storyId}:${call.kind}:${randomBytes(6).toString('hex')}`;
      const handle = call.kind === 'concept'
        ? await this.startWorkflow(this.workflowInput(auth, storyId))
        : this.deps.temporal.workflow.getHandle(storyId);
      const outcome = await handle.executeUpdate(storyStepUpdate, { args: [{ ...call, operationId, slotId } as never] });
      // Step 4 answers once its scenes are submitted; the workflow frees the slot after the renders.
      keepSlot = call.kind === 'videos';
      return outcome;
    } catch (err) {
      throw this.mapFailure(err, storyId);
    } finally {
      if (!keepSlot) await this.releaseSlot(slotId);
    }
  }

  mapFailure(err: unknown, storyId: string): unknown {
    if (err instanceof WorkflowNotFoundError) return invalidStoryId(storyId);
    if (err instanceof WorkflowUpdateFailedError) {
      const cause = err.cause;
      if (cause instanceof ApplicationFailure && isStoryErrorCode(cause.type)) {
        const ctx = (cause.details?.[0] ?? {}) as Record<string, unknown>;
        return storyError(cause.type, cause.message, cause.type === 'generation_failed' ? { story_id: storyId, retry: true, ...ctx } : ctx);
      }
      if (cause && /expired/.test(cause.message)) return invalidStoryId(storyId);
      return storyError('generation_failed', 'The step failed; retrying is usually safe', { story_id: storyId });
    }
    const msg = err instanceof Error ? err.message : '';
    if (/workflow execution already completed|not found/i.test(msg)) return invalidStoryId(storyId);
    return err;
  }

  /**
   * The streamed pipeline: charges its estimate up front (402 before anything is generated) and
   * starts the story workflow with all six steps. Returns once the workflow runs; the route then
   * streams the story's events.
   */
  async startPipeline(auth: AuthContext, body: GenerateBody): Promise<{ storyId: string }> {
    const storyId = newStoryId();
    const slotId = await this.acquireSlot(auth.accountId, storyId);
    const chargeOperationId = `story:${storyId}:generate`;
    let charged = false;
    try {
      if (!auth.sandbox) {
        try {
          await spendCredits(this.deps.db, {
            accountId: auth.accountId, credits: STEP_CREDITS.generate, operationId: chargeOperationId, operation: LEDGER_LABELS.generate,
            allowance: this.cfg.includedCredits, metadata: { story_id: storyId },
          });
          charged = true;
        } catch (err) {
          if (err instanceof InsufficientCredits) throw insufficientCredits(err);
          throw err;
        }
      }
      await this.startWorkflow({ ...this.workflowInput(auth, storyId), pipeline: { body, chargeOperationId, slotId, startedAtMs: Date.now() } });
      return { storyId };
    } catch (err) {
      await this.releaseSlot(slotId);
      if (charged) {
        await refundCredits(this.deps.db, { accountId: auth.accountId, chargeOperationId, operationId: `${chargeOperationId}:not-started` });
      }
      throw err;
    }
  }

  async credits(auth: AuthContext) {
    const b = await creditBalance(this.deps.db, auth.accountId, this.cfg.includedCredits);
    return {
      included_credits: b.included, used_credits: b.used, remaining_credits: b.remaining,
      wallet_balance_usd: microsToUsd(b.walletMicros), usd_per_credit: USD_PER_CREDIT, available_credits: b.available,
      prices: {
        generate: STEP_CREDITS.generate, concept: STEP_CREDITS.concept, characters: STEP_CREDITS.characters, frames: STEP_CREDITS.frames,
        videos: 'per model, per second (see /v1/story/video-models)', voiceover: STEP_CREDITS.voiceover, final: STEP_CREDITS.final,
        regenerate_character: STEP_CREDITS.regenerate_character, regenerate_frame: STEP_CREDITS.regenerate_frame, poll_videos: 0,
      },
    };
  }
}

export function insufficientCredits(err: InsufficientCredits) {
  const { message, context } = insufficientCreditsDetail(err);
  return storyError('insufficient_credits', message, context);
}
