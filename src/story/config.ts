import { z } from 'zod';

/**
 * Story Studio settings (README configuration table). Read from the same environment as
 * `loadConfig`, so a test stack can inject a short story lifetime or a different allowance.
 */
const storyEnv = z.object({
  /** Story lifetime (24 hours); tests use seconds. */
  ATELIER_STORY_TTL_S: z.coerce.number().int().min(1).default(24 * 3600),
  /** Included credits per account, spent before the wallet. */
  ATELIER_INCLUDED_CREDITS: z.coerce.number().min(0).default(100),
  /** Stories with work in progress per account. */
  ATELIER_STORY_MAX_CONCURRENT: z.coerce.number().int().min(1).default(3),
  /** Per-account, per-minute caps. */
  ATELIER_STORY_GENERATE_PER_MIN: z.coerce.number().int().min(1).default(3),
  ATELIER_STORY_STEP_PER_MIN: z.coerce.number().int().min(1).default(10),
  /** Comma-separated video model ids an operator has taken down (503 model_unavailable). */
  ATELIER_STORY_UNAVAILABLE_MODELS: z.string().default(''),
  /** Heartbeat timeout of the scene-render activity, seconds. */
  ATELIER_STORY_HEARTBEAT_S: z.coerce.number().int().min(2).default(10),
});

/** The environment names this part of the configuration reads. */
export const STORY_SETTINGS: readonly string[] = Object.keys(storyEnv.shape);

export interface StoryConfig {
  ttlSeconds: number;
  includedCredits: number;
  maxConcurrent: number;
  generatePerMinute: number;
  stepPerMinute: number;
  unavailableModels: string[];
  heartbeatSeconds: number;
}

export function loadStoryConfig(source: NodeJS.ProcessEnv = process.env): StoryConfig {
  const e = storyEnv.parse(
    Object.fromEntries(Object.entries(source).filter(([k, v]) => k.startsWith('ATELIER_') && v !== undefined && v !== '')),
  );
  return {
    ttlSeconds: e.ATELIER_STORY_TTL_S,
    includedCredits: e.ATELIER_INCLUDED_CREDITS,
    maxConcurrent: e.ATELIER_STORY_MAX_CONCURRENT,
    generatePerMinute: e.ATELIER_STORY_GENERATE_PER_MIN,
    stepPerMinute: e.ATELIER_STORY_STEP_PER_MIN,
    unavailableModels: e.ATELIER_STORY_UNAVAILABLE_MODELS.split(',').map((s) => s.trim()).filter(Boolean),
    heartbeatSeconds: e.ATELIER_STORY_HEARTBEAT_S,
  };
}
