import type { StepName } from '../catalog';

/** Credits per call. Step 4 is priced per model and second (video-models.ts). */
export const STEP_CREDITS = {
  generate: 30,
  concept: 3,
  characters: 5,
  frames: 5,
  voiceover: 3,
  final: 4,
  regenerate_character: 3,
  regenerate_frame: 3,
} as const;

/**
 * How the full pipeline's 30 credits split across its steps — what is refunded when a step never
 * runs or a scene is refused. The videos share is spread evenly over the requested scenes.
 */
export const PIPELINE_SHARE: Record<StepName, number> = {
  concept: 3, characters: 5, frames: 5, videos: 10, voiceover: 3, final: 4,
};

export const LEDGER_LABELS = {
  generate: 'story_generate',
  concept: 'story_step_concept',
  characters: 'story_step_characters',
  frames: 'story_step_frames',
  voiceover: 'story_step_voiceover',
  final: 'story_step_final',
  regenerate_character: 'story_regenerate_character',
  regenerate_frame: 'story_regenerate_frame',
  videos: (model: string) => `story_step_videos:${model}`,
} as const;
