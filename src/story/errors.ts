import { creditsAsUsd, type InsufficientCredits } from '../platform/billing/credits';
import { microsToUsd } from '../platform/billing/money';
import { ApiError } from '../infra/http/errors';
import { STORY_ERROR_STATUS, type StoryErrorCode } from './contract/codes';

export { isStoryErrorCode, type StoryErrorCode } from './contract/codes';

/** Story errors are `{error:{code, message, ...context}}`. */
export function storyError(code: StoryErrorCode, message: string, context: Record<string, unknown> = {}, headers?: Record<string, string>): ApiError {
  return new ApiError(STORY_ERROR_STATUS[code], { error: { code, message, ...context } }, headers);
}

export const invalidStoryId = (storyId?: string) =>
  storyError('invalid_story_id', `Story ${storyId ?? ''} is unknown or has expired`.replace('  ', ' '), storyId ? { story_id: storyId } : {});

/** 402 `insufficient_credits` message and context (required_credits, current_balance). */
export function insufficientCreditsDetail(err: InsufficientCredits) {
  return {
    message: `This call needs ${err.requiredCredits} credits; ${err.balance.available} are available (included credits plus wallet at ${creditsAsUsd(1)} per credit)`,
    context: {
      required_credits: err.requiredCredits, current_balance: err.balance.available,
      included_credits_remaining: err.balance.remaining, wallet_balance_usd: microsToUsd(err.balance.walletMicros),
    },
  };
}
