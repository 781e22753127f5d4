import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { frameSize, type AspectRatio, type Style } from '../catalog';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { composeFinal, type ResolvedMusic } from '../media/compose';
import { thumbnailFrom } from '../media/thumbnail';
import { LEDGER_LABELS, STEP_CREDITS } from '../contract/pricing';
import { conceptOf, loadStoryParts, paramsOf, storyPrefix, type StoredFinal, type StoredVoiceover } from '../store';
import { fail, short, type StepKit } from './kit';

function resolveMusic(requested: string, style: Style, tone: string): ResolvedMusic {
  if (requested !== 'auto') return requested as ResolvedMusic;
  if (/tense|eerie|restless/.test(tone)) return 'dramatic';
  return ({ cinematic: 'epic', anime: 'upbeat', cartoon: 'upbeat', documentary: 'ambient', fantasy: 'epic', scifi: 'ambient' } as const)[style];
}

/**
 * Step 6: the rendered clips with their narration, transitions, music and subtitles as one file,
 * plus a thumbnail of the first scene. `started` is when the step began (for the generation time).
 */
export async function composeFinalCut(
  kit: StepKit,
  input: Extract<StepActivityInput, { kind: 'final' }>,
  started: number,
  signal: AbortSignal,
): Promise<StepOutcome> {
  const { db, blobs } = kit;
  const story = await kit.liveStory(input);
  kit.requireStep(story, 'final', 'voiceover');
  const parts = await loadStoryParts(db, story.id);
  if (parts.videos.some((v) => v.status === 'pending')) {
    throw fail('step_dependency', 'Scene renders are still pending; poll /v1/story/step/poll-videos until pending is 0', { step: 'final', required_step: 'videos' });
  }
  const paid = await kit.charge(input, STEP_CREDITS.final, LEDGER_LABELS.final);
  const b = input.body;
  const params = paramsOf(story);
  const vo = story.voiceover as unknown as StoredVoiceover;
  const rendered = parts.videos.filter((v) => v.status === 'rendered' && v.video_key);
  const { width, height } = frameSize(b.output_quality, params.aspect_ratio as AspectRatio);
  const music = resolveMusic(b.music_style, params.style as Style, conceptOf(story)?.tone ?? '');
  const dir = kit.workDir(story.id, input.operationId);
  await mkdir(dir, { recursive: true });
  const out = join(dir, `story.${b.output_format}`);
  await kit.progress(input, 'final:start', 10, 'Composing the final cut');
  // ffmpeg reads files: clips and narration come from the store (copied into the work dir when it is a bucket).
  const scenes = await Promise.all(rendered.map(async (v) => {
    const seg = vo.segments.find((s) => s.scene_index === v.scene_index);
    const clipPath = await blobs.localFile(v.video_key!, join(dir, 'in', `clip-${v.scene_index}.mp4`));
    const narration = seg ? { path: await blobs.localFile(seg.audio_key, join(dir, 'in', `voice-${v.scene_index}.wav`)), duration: seg.duration, text: seg.text } : undefined;
    return { clipPath, clipDuration: v.duration, narration };
  }));
  const timeline = await composeFinal(
    {
      scenes,
      width, height, fps: params.fps ?? 24, transition: b.transition, transitionDuration: b.transition_duration,
      music, musicVolume: b.music_volume, subtitles: b.add_subtitles ? b.subtitle_style : null, format: b.output_format,
      workDir: dir, outPath: out,
    },
    signal,
  );
  const prefix = storyPrefix(input.accountId, input.storyId);
  const videoKey = `${prefix}/final/story-${short(input.operationId)}.${b.output_format}`;
  const size = (await stat(out)).size;
  await blobs.putFile(videoKey, out);
  const firstFrame = parts.frames.find((f) => f.scene_index === rendered[0]?.scene_index) ?? parts.frames[0];
  const thumbKey = `${prefix}/final/thumbnail-${short(input.operationId)}.jpg`;
  if (firstFrame) await blobs.put(thumbKey, await thumbnailFrom(await blobs.readBuffer(firstFrame.image_key)));
  const elapsed = Date.now() - started;
  const stored: StoredFinal = {
    video_key: videoKey, thumbnail_key: thumbKey, duration: timeline.total, file_size_mb: Math.round((size / (1024 * 1024)) * 100) / 100,
    resolution: b.output_quality, width, height, format: b.output_format,
    metadata: {
      scenes_count: rendered.length, transition: b.transition, music_style: music, has_subtitles: b.add_subtitles,
      total_generation_time_ms: Number(story.generation_ms) + elapsed,
    },
  };
  await db.updateTable('stories').set({ final: JSON.stringify(stored) }).where('id', '=', input.storyId).execute();
  await rm(dir, { recursive: true, force: true });
  await kit.progress(input, 'final:done', 100, 'Final cut ready');
  return { credits_used: paid.credits_used, billing: paid.billing };
}
