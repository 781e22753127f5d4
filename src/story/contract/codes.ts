// Story error codes and their HTTP status. Pure data, shared by the API, the
// activities (ApplicationFailure types) and the workflow.
export const STORY_ERROR_STATUS = {
  invalid_request: 400,
  insufficient_credits: 402,
  invalid_story_id: 404,
  step_dependency: 400,
  generation_failed: 500,
  model_unavailable: 503,
  rate_limited: 429,
  invalid_scene_index: 400,
  content_filtered: 400,
} as const;

export type StoryErrorCode = keyof typeof STORY_ERROR_STATUS;
export const STORY_ERROR_CODES = Object.keys(STORY_ERROR_STATUS) as StoryErrorCode[];

export const isStoryErrorCode = (code: unknown): code is StoryErrorCode =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(STORY_ERROR_STATUS, code);
