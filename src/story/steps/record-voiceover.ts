import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../catalog';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { planTimeline } from '../media/compose';
import { layTrack, wavDuration } from '../media/voice';
import { LEDGER_LABELS, STEP_CREDITS } from '../contract/pricing';
import { conceptOf, loadStoryParts, storyPrefix, type StoredVoiceover } from '../store';
import { speakNarration } from './generate';
import { fail, pool, short, type StepKit } from './kit';

/** Step 5: speaks each rendered scene's narration and lays the full track on the scene timeline. */
export async function recordVoiceover(kit: StepKit, input: Extract<StepActivityInput, { kind: 'voiceover' }>): Promise<StepOutcome> {
  const { db, blobs } = kit;
  const story = await kit.liveStory(input);
  const parts = await loadStoryParts(db, story.id);
  if (parts.videos.some((v) => v.status === 'pending')) {
    throw fail('step_dependency', 'Scene renders are still pending; poll /v1/story/step/poll-videos until pending is 0', { step: 'voiceover', required_step: 'videos' });
  }
  kit.requireStep(story, 'voiceover', 'videos');
  const c = conceptOf(story)!;
  for (const o of input.body.narration_overrides) kit.checkScene(c, o.scene_index, 'narration_overrides scene_index');
  const paid = await kit.charge(input, STEP_CREDITS.voiceover, LEDGER_LABELS.voiceover);
  const overrides = new Map(input.body.narration_overrides.map((o) => [o.scene_index, o.text]));
  const rendered = parts.videos.filter((v) => v.status === 'rendered');
  const dir = kit.workDir(story.id, input.operationId);
  await mkdir(dir, { recursive: true });
  const prefix = storyPrefix(input.accountId, input.storyId);
  const speech = new Map<number, { key: string; duration: number; text: string }>();
  await pool(rendered, 2, async (v) => {
    const text = overrides.get(v.scene_index) ?? c.scenes[v.scene_index]!.narration_text;
    const wav = await speakNarration(kit, input.sandbox, text, { voice: input.body.voice, language: input.body.language as Language, speed: input.body.speed });
    const key = `${prefix}/voice/scene-${v.scene_index}-${short(input.operationId)}.wav`;
    await blobs.put(key, wav.data);
    speech.set(v.scene_index, { key, duration: Math.round(wavDuration(wav.data) * 1000) / 1000, text });
    await kit.progress(input, `voice:${v.scene_index}`, (speech.size / rendered.length) * 90, `Narration for scene ${v.scene_index} spoken`);
  });
  const timeline = planTimeline(rendered.map((v) => ({ clipDuration: v.duration, speech: speech.get(v.scene_index)?.duration })), 'cut', 0);
  const segments = rendered.map((v, i) => {
    const s = speech.get(v.scene_index)!;
    const start = Math.round(timeline.scenes[i]!.speechStart * 1000) / 1000;
    return { scene_index: v.scene_index, audio_key: s.key, text: s.text, start_time: start, end_time: Math.round((start + s.duration) * 1000) / 1000, duration: s.duration };
  });
  const fullTmp = join(dir, 'voiceover.wav');
  const tracks = await Promise.all(segments.map(async (s) => ({ path: await blobs.localFile(s.audio_key, join(dir, 'in', `voice-${s.scene_index}.wav`)), start: s.start_time })));
  await layTrack(tracks, timeline.total, fullTmp);
  const fullKey = `${prefix}/voice/voiceover-${short(input.operationId)}.wav`;
  await blobs.putFile(fullKey, fullTmp);
  const stored: StoredVoiceover = {
    voice: input.body.voice, language: input.body.language, speed: input.body.speed, full_audio_key: fullKey, total_duration: timeline.total, segments,
  };
  await db.updateTable('stories').set({ voiceover: JSON.stringify(stored) }).where('id', '=', input.storyId).execute();
  await rm(dir, { recursive: true, force: true });
  return { credits_used: paid.credits_used, billing: paid.billing };
}
