import { ApiError } from '../http/errors';
import { STORY_ERROR_STATUS, type StoryErrorCode } from './codes';

export { isStoryErrorCode, type StoryErrorCode } from './codes';

/** Seed 001 §7: story errors are `{error:{code, message, ...context}}`. */
export function storyError(code: StoryErrorCode, message: string, context: Record<string, unknown> = {}, headers?: Record<string, string>): ApiError {
  return new ApiError(STORY_ERROR_STATUS[code], { error: { code, message, ...context } }, headers);
}

export const invalidStoryId = (storyId?: string) =>
  storyError('invalid_story_id', `Story ${storyId ?? ''} is unknown or has expired`.replace('  ', ' '), storyId ? { story_id: storyId } : {});
