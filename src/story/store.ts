import { sql } from 'kysely';
import type { z } from 'zod';
import type { BlobStore } from '../storage/blob-store';
import type { Database } from '../infra/db/index';
import type { Story, StoryCharacter, StoryFrame, StoryVideo } from '../infra/db/schema/index';
import type { Concept } from './concept';
import type { CharacterView, FinalView, FrameView, StoryView, VideoCountsView, VideoView, VoiceoverView } from './views';

/** Blob keys of a story live under one prefix, so expiry purges them at once. */
export const storyPrefix = (accountId: string, storyId: string) => `${accountId}/stories/${storyId}`;

export interface StoredVoiceover {
  voice: string;
  language: string;
  speed: number;
  full_audio_key: string;
  total_duration: number;
  segments: Array<{ scene_index: number; audio_key: string; text: string; start_time: number; end_time: number; duration: number }>;
}

export interface StoredFinal {
  video_key: string;
  thumbnail_key: string;
  duration: number;
  file_size_mb: number;
  resolution: string;
  width: number;
  height: number;
  format: string;
  metadata: { scenes_count: number; transition: string; music_style: string; has_subtitles: boolean; total_generation_time_ms: number };
}

export interface StoryParams {
  style: string;
  num_scenes: number;
  duration: number;
  language: string;
  seed: number;
  aspect_ratio: string;
  fps?: number;
  video_model?: string;
  motion_intensity?: string;
  character_consistency?: boolean;
}

/** The story, if it belongs to the account and has not expired. */
export async function findLiveStory(db: Database, accountId: string, storyId: string): Promise<Story | undefined> {
  return db
    .selectFrom('stories')
    .selectAll()
    .where('id', '=', storyId)
    .where('account_id', '=', accountId)
    .where('status', '=', 'active')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export const conceptOf = (story: Story) => story.concept as unknown as Concept | null;
export const paramsOf = (story: Story) => story.params as unknown as StoryParams;

export async function loadStoryParts(db: Database, storyId: string) {
  const [characters, frames, videos] = await Promise.all([
    db.selectFrom('story_characters').selectAll().where('story_id', '=', storyId).orderBy('position').execute(),
    db.selectFrom('story_frames').selectAll().where('story_id', '=', storyId).orderBy('scene_index').execute(),
    db.selectFrom('story_videos').selectAll().where('story_id', '=', storyId).orderBy('scene_index').execute(),
  ]);
  return { characters, frames, videos };
}

export async function markStepDone(db: Database, storyId: string, step: string, elapsedMs: number, done = true): Promise<void> {
  await db
    .updateTable('stories')
    .set({
      steps_done: done
        ? sql`(select coalesce(jsonb_agg(distinct s), '[]'::jsonb) from jsonb_array_elements_text(steps_done || ${JSON.stringify([step])}::jsonb) s)`
        : sql`coalesce((select jsonb_agg(s) from jsonb_array_elements_text(steps_done) s where s <> ${step}), '[]'::jsonb)`,
      generation_ms: sql`generation_ms + ${Math.round(elapsedMs)}`,
      updated_at: new Date(),
    })
    .where('id', '=', storyId)
    .execute();
}

export async function appendEvent(db: Database, e: { storyId: string; accountId: string; key: string; event: string; data: Record<string, unknown> }): Promise<void> {
  await db
    .insertInto('story_events')
    .values({ story_id: e.storyId, account_id: e.accountId, key: e.key, event: e.event, data: JSON.stringify(e.data) })
    .onConflict((oc) => oc.columns(['story_id', 'key']).doNothing())
    .execute();
}

/** Signs blob keys into expiring URLs; a URL never outlives its story. */
export class StoryViews {
  constructor(private readonly blobs: BlobStore) {}

  url(key: string | null | undefined, story: Pick<Story, 'expires_at'>): string | null {
    if (!key) return null;
    const ttl = Math.max(60, Math.floor((story.expires_at.getTime() - Date.now()) / 1000));
    return this.blobs.signedUrl(key, ttl).url;
  }

  character(c: StoryCharacter, story: Story): z.output<typeof CharacterView> {
    return {
      id: c.id, role: c.role, name: c.name, description: c.description, age: c.age, gender: c.gender,
      reference_url: this.url(c.image_key, story), consistency_embedding: c.consistency_embedding, version: c.version,
    };
  }

  frame(f: StoryFrame, story: Story): z.output<typeof FrameView> {
    return {
      scene_index: f.scene_index, frame_url: this.url(f.image_key, story), composition_notes: f.composition_notes,
      camera_direction: f.camera_direction, description: f.description, version: f.version,
    };
  }

  video(v: StoryVideo, story: Story): z.output<typeof VideoView> {
    return {
      scene_index: v.scene_index, status: v.status, video_url: v.status === 'rendered' ? this.url(v.video_key, story) : null,
      duration: v.duration, model_used: v.model_used, model_requested: v.model_requested,
      ...(v.error ? { error: v.error } : {}),
    };
  }

  voiceover(story: Story): z.output<typeof VoiceoverView> | null {
    const vo = story.voiceover as unknown as StoredVoiceover | null;
    if (!vo) return null;
    return {
      full_audio_url: this.url(vo.full_audio_key, story),
      segments: vo.segments.map((s) => ({
        scene_index: s.scene_index, audio_url: this.url(s.audio_key, story), text: s.text,
        start_time: s.start_time, end_time: s.end_time, duration: s.duration,
      })),
      total_duration: vo.total_duration, voice: vo.voice, language: vo.language, speed: vo.speed,
    };
  }

  final(story: Story): z.output<typeof FinalView> | null {
    const f = story.final as unknown as StoredFinal | null;
    if (!f) return null;
    return {
      video_url: this.url(f.video_key, story), thumbnail_url: this.url(f.thumbnail_key, story), duration: f.duration,
      file_size_mb: f.file_size_mb, resolution: f.resolution, width: f.width, height: f.height, format: f.format, metadata: f.metadata,
    };
  }

  pollSummary(videos: StoryVideo[]): z.output<typeof VideoCountsView> {
    const count = (s: StoryVideo['status']) => videos.filter((v) => v.status === s).length;
    return { pending: count('pending'), completed: count('rendered'), failed: count('failed'), refused: count('refused'), total: videos.length };
  }

  async full(db: Database, story: Story): Promise<z.output<typeof StoryView>> {
    const parts = await loadStoryParts(db, story.id);
    return {
      story_id: story.id,
      status: story.status,
      prompt: story.prompt,
      params: story.params,
      steps_completed: story.steps_done,
      concept: conceptOf(story),
      characters: parts.characters.map((c) => this.character(c, story)),
      frames: parts.frames.map((f) => this.frame(f, story)),
      videos: parts.videos.map((v) => this.video(v, story)),
      video_status: this.pollSummary(parts.videos),
      voiceover: this.voiceover(story),
      final: this.final(story),
      created_at: story.created_at.toISOString(),
      expires_at: story.expires_at.toISOString(),
    };
  }
}
