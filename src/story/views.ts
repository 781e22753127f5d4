// What Story Studio answers: the story's parts (concept, characters, frames, scene videos,
// voice-over, final cut), each step's answer, and the free reads. URLs are signed and expire with
// the story; a part not made yet is null.
import { z } from 'zod';
import { isoTime, usd } from '../infra/http/views';
import { CHARACTER_ROLES } from './catalog';

export const ConceptView = z.object({
  title: z.string(),
  synopsis: z.string(),
  tone: z.string(),
  setting: z.string(),
  scenes: z.array(z.object({ index: z.number().int(), title: z.string(), description: z.string(), duration: z.number(), mood: z.string(), narration_text: z.string() })),
  characters_needed: z.array(z.object({ role: z.enum(CHARACTER_ROLES), description: z.string() })),
});

export const CharacterView = z.object({
  id: z.string(),
  role: z.string(),
  name: z.string(),
  description: z.string(),
  age: z.string().nullable(),
  gender: z.string().nullable(),
  reference_url: z.string().nullable(),
  consistency_embedding: z.array(z.number()),
  version: z.number().int().describe('Goes up by one on each regeneration'),
});

export const FrameView = z.object({
  scene_index: z.number().int(),
  frame_url: z.string().nullable(),
  composition_notes: z.string(),
  camera_direction: z.string(),
  description: z.string(),
  version: z.number().int().describe('Goes up by one on each regeneration'),
});

export const VideoView = z.object({
  scene_index: z.number().int(),
  status: z.enum(['pending', 'rendered', 'failed', 'refused']),
  video_url: z.string().nullable().describe('Set once the scene is rendered'),
  duration: z.number(),
  model_used: z.string(),
  model_requested: z.string(),
  error: z.string().optional(),
});

export const VideoCountsView = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  refused: z.number().int(),
  total: z.number().int(),
});

export const VoiceoverView = z.object({
  full_audio_url: z.string().nullable(),
  segments: z.array(z.object({ scene_index: z.number().int(), audio_url: z.string().nullable(), text: z.string(), start_time: z.number(), end_time: z.number(), duration: z.number() })),
  total_duration: z.number(),
  voice: z.string(),
  language: z.string(),
  speed: z.number(),
});

export const FinalView = z.object({
  video_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  duration: z.number(),
  file_size_mb: z.number(),
  resolution: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.string(),
  metadata: z.object({ scenes_count: z.number().int(), transition: z.string(), music_style: z.string(), has_subtitles: z.boolean(), total_generation_time_ms: z.number() }),
});

/** What a step cost: included credits, or the wallet once they are used up. */
const StepBilling = z.object({ method: z.enum(['credits', 'wallet']), usd_charged: usd, pln_charged: z.number() });
const charged = { credits_used: z.number(), billing: StepBilling };

export const ConceptStepView = z.object({ story_id: z.string(), concept: ConceptView, seed: z.number().int(), expires_at: isoTime, ...charged });
export const CharactersStepView = z.object({ story_id: z.string(), characters: z.array(CharacterView), ...charged });
export const FramesStepView = z.object({ story_id: z.string(), resolution: z.string().nullable(), frames: z.array(FrameView), ...charged });
export const VideosStepView = z.object({
  story_id: z.string(),
  video_model: z.string().optional().describe('The model asked for (absent when no scene was submitted)'),
  model_used: z.string().optional().describe('The model that renders (a retired model renders on the default one)'),
  videos: z.array(VideoView),
  ...VideoCountsView.omit({ refused: true }).shape,
  refused: z.array(z.object({ scene_index: z.number().int(), reason: z.string() })).describe('Scenes not submitted, and why (refunded)'),
  cost_usd: usd.describe('What the scene renders cost at the provider rate'),
  ...charged,
});
export const PollVideosView = z.object({
  story_id: z.string(),
  status: z.enum(['not_started', 'rendering', 'completed']),
  ...VideoCountsView.shape,
  videos: z.array(VideoView),
  credits_used: z.literal(0),
});
export const VoiceoverStepView = z.object({ story_id: z.string(), voiceover: VoiceoverView.nullable(), ...charged });
export const FinalStepView = z.object({ story_id: z.string(), final: FinalView.nullable(), ...charged });
export const RegeneratedCharacterView = z.object({ story_id: z.string(), character: CharacterView, ...charged });
export const RegeneratedFrameView = z.object({ story_id: z.string(), frame: FrameView, ...charged });

export const StoryView = z.object({
  story_id: z.string(),
  status: z.enum(['active', 'expired', 'failed']),
  prompt: z.string(),
  params: z.record(z.string(), z.unknown()).describe('style, num_scenes, duration, language, seed, aspect_ratio and the render options given'),
  steps_completed: z.array(z.string()),
  concept: ConceptView.nullable(),
  characters: z.array(CharacterView),
  frames: z.array(FrameView),
  videos: z.array(VideoView),
  video_status: VideoCountsView,
  voiceover: VoiceoverView.nullable(),
  final: FinalView.nullable(),
  created_at: isoTime,
  expires_at: isoTime,
});

export const StoryCreditsView = z.object({
  included_credits: z.number(),
  used_credits: z.number(),
  remaining_credits: z.number(),
  wallet_balance_usd: usd,
  usd_per_credit: usd,
  available_credits: z.number().describe('Included credits left plus what the wallet buys'),
  prices: z.object({
    generate: z.number(),
    concept: z.number(),
    characters: z.number(),
    frames: z.number(),
    videos: z.string().describe('Scene renders are priced per model and second'),
    voiceover: z.number(),
    final: z.number(),
    regenerate_character: z.number(),
    regenerate_frame: z.number(),
    poll_videos: z.number().describe('Polling is free'),
  }).describe('Credits per call'),
});

export const VideoModelsView = z.object({
  default: z.string(),
  models: z.array(z.object({
    id: z.string(),
    family: z.string(),
    max_seconds: z.number(),
    durations: z.array(z.number()).describe('The lengths it renders; a requested duration snaps down to one of them'),
    usd_per_second: usd,
    retired: z.boolean(),
    renders_on: z.string().optional().describe('A retired model renders on this one'),
    available: z.boolean(),
  })),
});
