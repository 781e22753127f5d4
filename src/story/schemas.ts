import { z } from 'zod';
import {
  AGES, ASPECT_RATIOS, CAMERA_DIRECTIONS, CHARACTER_ROLES, GENDERS, LANGUAGES, MOTION, MUSIC_STYLES, OUTPUT_FORMATS,
  RESOLUTIONS, STYLES, SUBTITLE_STYLES, TRANSITIONS, VOICE_PRESETS,
} from './catalog';
import { DEFAULT_VIDEO_MODEL, SELECTABLE_VIDEO_MODEL_IDS } from './video-models';

// Every body with its defaults and ranges. Enumerated strings are matched exactly.
const storyId = z.string().min(1).max(100);
const sceneIndex = z.number().int();
const seed = z.number().int().min(0).max(2 ** 31 - 1);
const videoModel = z.enum(SELECTABLE_VIDEO_MODEL_IDS as [string, ...string[]]);

export const conceptBody = z.object({
  prompt: z.string().trim().min(1).max(2000),
  style: z.enum(STYLES).default('cinematic'),
  num_scenes: z.number().int().min(2).max(8).default(4),
  duration: z.number().int().min(15).max(180).default(60),
  language: z.enum(LANGUAGES).default('en'),
  // Not in the step 1 table; accepted so step-by-step stories are reproducible like the pipeline.
  seed: seed.optional(),
  aspect_ratio: z.enum(ASPECT_RATIOS).default('16:9'),
});

export const charactersBody = z.object({
  story_id: storyId,
  characters: z
    .array(z.object({
      role: z.enum(CHARACTER_ROLES),
      description: z.string().trim().min(1).max(1000),
      age: z.enum(AGES).optional(),
      gender: z.enum(GENDERS).optional(),
      name: z.string().trim().min(1).max(60).optional(),
    }))
    .min(1)
    .max(8)
    .optional(),
  style: z.enum(STYLES).optional(),
});

export const framesBody = z.object({
  story_id: storyId,
  scene_overrides: z.array(z.object({ index: sceneIndex, description: z.string().trim().min(1).max(1000) })).max(8).default([]),
  resolution: z.enum(RESOLUTIONS).default('1080p'),
});

export const videosBody = z.object({
  story_id: storyId,
  video_model: z.string().default(DEFAULT_VIDEO_MODEL).pipe(videoModel),
  scene_indices: z.array(sceneIndex).min(1).max(8).optional(),
  motion_intensity: z.enum(MOTION).default('medium'),
  fps: z.union([z.literal(24), z.literal(30)]).default(24),
  duration_per_scene: z.number().int().min(1).max(180).optional(),
});

export const pollVideosBody = z.object({ story_id: storyId });

export const voiceoverBody = z.object({
  story_id: storyId,
  voice: z.enum(VOICE_PRESETS).default('narrator-male-1'),
  language: z.enum(LANGUAGES).default('en'),
  speed: z.number().min(0.75).max(1.5).default(1.0),
  narration_overrides: z.array(z.object({ scene_index: sceneIndex, text: z.string().trim().min(1).max(2000) })).max(8).default([]),
});

export const finalBody = z.object({
  story_id: storyId,
  music_style: z.enum(MUSIC_STYLES).default('auto'),
  transition: z.enum(TRANSITIONS).default('crossfade'),
  transition_duration: z.number().min(0.2).max(2.0).default(0.5),
  music_volume: z.number().min(0).max(1).default(0.3),
  add_subtitles: z.boolean().default(false),
  subtitle_style: z.enum(SUBTITLE_STYLES).default('minimal'),
  output_format: z.enum(OUTPUT_FORMATS).default('mp4'),
  output_quality: z.enum(RESOLUTIONS).default('1080p'),
});

export const regenerateCharacterBody = z.object({
  story_id: storyId,
  character_id: z.string().min(1).max(100),
  description: z.string().trim().min(1).max(1000).optional(),
  style_hints: z.string().trim().max(500).optional(),
});

export const regenerateFrameBody = z.object({
  story_id: storyId,
  scene_index: sceneIndex,
  description: z.string().trim().min(1).max(1000).optional(),
  camera_direction: z.enum(CAMERA_DIRECTIONS).optional(),
});

/** The full pipeline (table) plus the per-step options it passes down (our extension). */
export const generateBody = z.object({
  prompt: z.string().trim().min(1).max(2000),
  style: z.enum(STYLES).default('cinematic'),
  video_model: z.string().default(DEFAULT_VIDEO_MODEL).pipe(videoModel),
  num_scenes: z.number().int().min(2).max(8).default(4),
  duration: z.number().int().min(15).max(180).default(60),
  aspect_ratio: z.enum(ASPECT_RATIOS).default('16:9'),
  voice: z.enum(VOICE_PRESETS).default('narrator-male-1'),
  language: z.enum(LANGUAGES).default('en'),
  music_style: z.enum(MUSIC_STYLES).default('auto'),
  character_consistency: z.boolean().default(true),
  seed: seed.optional(),
  duration_per_scene: z.number().int().min(1).max(180).optional(),
  resolution: z.enum(RESOLUTIONS).default('1080p'),
  motion_intensity: z.enum(MOTION).default('medium'),
  fps: z.union([z.literal(24), z.literal(30)]).default(24),
  transition: z.enum(TRANSITIONS).default('crossfade'),
  transition_duration: z.number().min(0.2).max(2.0).default(0.5),
  music_volume: z.number().min(0).max(1).default(0.3),
  add_subtitles: z.boolean().default(false),
  subtitle_style: z.enum(SUBTITLE_STYLES).default('minimal'),
  output_format: z.enum(OUTPUT_FORMATS).default('mp4'),
  speed: z.number().min(0.75).max(1.5).default(1.0),
});

export type ConceptBody = z.output<typeof conceptBody> & { seed: number };
export type CharactersBody = z.output<typeof charactersBody>;
export type FramesBody = z.output<typeof framesBody>;
export type VideosBody = z.output<typeof videosBody>;
export type VoiceoverBody = z.output<typeof voiceoverBody>;
export type FinalBody = z.output<typeof finalBody>;
export type RegenerateCharacterBody = z.output<typeof regenerateCharacterBody>;
export type RegenerateFrameBody = z.output<typeof regenerateFrameBody>;
export type GenerateBody = z.output<typeof generateBody> & { seed: number };
