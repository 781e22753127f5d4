import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Context, activityInfo, ApplicationFailure } from '@temporalio/activity';
import type { Deps } from '../src/deps';
import { creditBillingBlock, creditsToMicros, InsufficientCredits, refundCredits, roundCredits, spendCredits, USD_MICROS_PER_CREDIT } from '../src/billing/credits';
import { microsToUsd } from '../src/billing/money';
import { CAMERA_DIRECTIONS, frameSize, STEP_NAMES, type AspectRatio, type CameraDirection, type Language, type Motion, type Resolution, type StepName, type Style } from '../src/story/catalog';
import type { StoryErrorCode } from '../src/story/codes';
import { insufficientCreditsDetail } from '../src/story/errors';
import { generateConcept, type Concept } from '../src/story/concept';
import type { BillingBlock, StepActivityInput, StepOutcome, StoryContext } from '../src/story/contract';
import { renderClip } from '../src/story/media/clip';
import { composeFinal, planTimeline, type ResolvedMusic } from '../src/story/media/compose';
import { renderKeyframe, renderPortrait, thumbnailFrom } from '../src/story/media/images';
import { layTrack, speak } from '../src/story/media/voice';
import { LEDGER_LABELS, STEP_CREDITS } from '../src/story/pricing';
import { hashString, rng } from '../src/story/prng';
import { renderRefusal } from '../src/story/content-policy';
import type { Story } from '../src/db/schema/index';
import {
  appendEvent, conceptOf, findLiveStory, loadStoryParts, markStepDone, paramsOf, storyPrefix, StoryViews,
  type StoredFinal, type StoredVoiceover,
} from '../src/story/store';
import { clipCostMicros, resolveVideoModel, snapDuration } from '../src/story/video-models';

const fail = (code: StoryErrorCode, message: string, details: Record<string, unknown> = {}) =>
  ApplicationFailure.create({ type: code, message, details: [details], nonRetryable: true });

const NAMES = {
  female: ['Ada', 'Mira', 'Lena', 'Yuki', 'Sofia', 'Nora', 'Iris', 'Zofia'],
  male: ['Bram', 'Kai', 'Tomas', 'Leo', 'Marek', 'Hugo', 'Ren', 'Elias'],
  'non-binary': ['Robin', 'Sky', 'Quinn', 'Ash', 'Noa', 'Sasha', 'River', 'Kit'],
};

/**
 * Runs `fn` over `items` with at most `limit` in flight (the machine has two cores). One item's
 * failure does not abandon the others mid-flight: everything finishes (and is checkpointed), then
 * the first error is thrown.
 */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (err) {
        errors.push(err);
      }
    }
  });
  await Promise.all(workers);
  if (errors.length) throw errors[0];
}

const zeroBilling: BillingBlock = { method: 'credits', usd_charged: 0, pln_charged: 0 };

let warmed: Promise<unknown> | undefined;

/**
 * The first SVG with text pays for fontconfig and librsvg start-up (about a second); a worker
 * pays it when it starts rather than inside the first story.
 */
function warmUpRenderer() {
  warmed ??= renderPortrait({ style: 'cinematic', width: 64, height: 64, seed: 1, name: 'warm', role: 'up', description: 'warm up', version: 1 }).catch(() => undefined);
  return warmed;
}

export function createStoryActivities(deps: Deps) {
  void warmUpRenderer();
  const { db, blobs } = deps;
  const views = new StoryViews(blobs);
  const allowance = () => deps.config.story.includedCredits;
  const workDir = (storyId: string, op: string) => join(deps.config.dataDir, 'work', 'stories', storyId, op.replace(/[^A-Za-z0-9_-]/g, '_'));
  const short = (op: string) => hashString(op).toString(16);

  async function liveStory(ctx: StoryContext): Promise<Story> {
    const story = await findLiveStory(db, ctx.accountId, ctx.storyId);
    if (!story) throw fail('invalid_story_id', `Story ${ctx.storyId} is unknown or has expired`, { story_id: ctx.storyId });
    return story;
  }

  /** `what` is a step name, or a regeneration (which needs the step that made the item). */
  function requireStep(story: Story, what: StepName | 'regenerate_character' | 'regenerate_frame', needed: StepName) {
    if (!story.steps_done.includes(needed)) {
      const n = (name: StepName) => STEP_NAMES.indexOf(name) + 1;
      const subject = what.startsWith('regenerate_') ? what.replace('_', ' ') : `Step ${n(what as StepName)} (${what})`;
      throw fail('step_dependency', `${subject} needs step ${n(needed)} (${needed}) to be completed first`, { step: what, required_step: needed });
    }
  }

  function checkScene(concept: Concept, index: number, field: string) {
    if (!Number.isInteger(index) || index < 0 || index >= concept.scenes.length) {
      throw fail('invalid_scene_index', `${field} ${index} is out of range: this story has scenes 0 to ${concept.scenes.length - 1}`, {
        scene_index: index, num_scenes: concept.scenes.length,
      });
    }
  }

  /** Credits first, then the wallet; the pipeline's steps are already paid for; sandbox never pays. */
  async function charge(input: StepActivityInput, credits: number, label: string): Promise<{ credits_used: number; billing: BillingBlock; walletMicros: number }> {
    if (input.sandbox || input.pipelineStep) return { credits_used: 0, billing: zeroBilling, walletMicros: 0 };
    try {
      const spend = await spendCredits(db, {
        accountId: input.accountId, credits, operationId: input.operationId, operation: label, label, allowance: allowance(),
        metadata: { story_id: input.storyId },
      });
      return { credits_used: roundCredits(spend.credits), billing: creditBillingBlock(spend), walletMicros: spend.walletMicros };
    } catch (err) {
      if (err instanceof InsufficientCredits) {
        const { message, context } = insufficientCreditsDetail(err);
        throw fail('insufficient_credits', message, { ...context, required_credits: roundCredits(credits) });
      }
      throw err;
    }
  }

  async function emit(ctx: StoryContext, key: string, event: string, data: Record<string, unknown>) {
    await appendEvent(db, { storyId: ctx.storyId, accountId: ctx.accountId, key, event, data });
  }

  async function progress(input: StepActivityInput, key: string, pct: number, message: string) {
    if (!input.pipelineStep) return;
    await emit(input, `progress:${input.pipelineStep}:${key}`, 'step_progress', { step: input.pipelineStep, progress: Math.round(pct), message });
  }

  async function sectionView(kind: StepName, storyId: string, accountId: string): Promise<unknown> {
    const story = await findLiveStory(db, accountId, storyId);
    if (!story) return null;
    const parts = await loadStoryParts(db, storyId);
    switch (kind) {
      case 'concept': return conceptOf(story);
      case 'characters': return parts.characters.map((c) => views.character(c, story));
      case 'frames': return parts.frames.map((f) => views.frame(f, story));
      case 'videos': return { videos: parts.videos.map((v) => views.video(v, story)), ...views.pollSummary(parts.videos) };
      case 'voiceover': return views.voiceover(story);
      case 'final': return views.final(story);
    }
  }

  // ---------------------------------------------------------------- steps
  async function concept(input: Extract<StepActivityInput, { kind: 'concept' }>, expiresAtMs: number): Promise<StepOutcome> {
    const paid = await charge(input, STEP_CREDITS.concept, LEDGER_LABELS.concept);
    const b = input.body;
    const c = generateConcept({ prompt: b.prompt, style: b.style, num_scenes: b.num_scenes, duration: b.duration, language: b.language, seed: b.seed });
    const params = { style: b.style, num_scenes: b.num_scenes, duration: b.duration, language: b.language, seed: b.seed, aspect_ratio: b.aspect_ratio };
    await db
      .insertInto('stories')
      .values({
        id: input.storyId, account_id: input.accountId, sandbox: input.sandbox, prompt: b.prompt, params: JSON.stringify(params),
        concept: JSON.stringify(c), steps_done: JSON.stringify(['concept']), expires_at: new Date(expiresAtMs),
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ concept: JSON.stringify(c), params: JSON.stringify(params) }))
      .execute();
    return { credits_used: paid.credits_used, billing: paid.billing };
  }

  async function characters(input: Extract<StepActivityInput, { kind: 'characters' }>): Promise<StepOutcome> {
    const story = await liveStory(input);
    requireStep(story, 'characters', 'concept');
    const c = conceptOf(story)!;
    const params = paramsOf(story);
    const paid = await charge(input, STEP_CREDITS.characters, LEDGER_LABELS.characters);
    const style = (input.body.style ?? params.style) as Style;
    const wanted = input.body.characters ?? c.characters_needed.map((n) => ({ role: n.role, description: n.description, age: undefined, gender: undefined, name: undefined }));
    const r = rng(params.seed * 17 + 3);
    const rows = await Promise.all(wanted.map(async (w, position) => {
      const gender = w.gender ?? r.pick(['female', 'male', 'non-binary'] as const);
      const name = w.name ?? r.pick(NAMES[gender]);
      const id = `chr_${short(`${input.operationId}:${position}`)}${position}`;
      const png = await renderPortrait({ style, width: 1024, height: 1024, seed: hashString(id), name, role: w.role, description: w.description, version: 1 });
      const key = `${storyPrefix(input.accountId, input.storyId)}/characters/${id}-v1.png`;
      await blobs.put(key, png);
      await progress(input, `char:${position}`, ((position + 1) / wanted.length) * 100, `Character ${name} drawn`);
      return {
        id, story_id: input.storyId, account_id: input.accountId, position, role: w.role, name, description: w.description,
        age: w.age ?? null, gender, image_key: key, consistency_embedding: JSON.stringify(embedding(`${style}|${w.description}|${name}`)), version: 1,
      };
    }));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('story_characters').where('story_id', '=', input.storyId).execute();
      await trx.insertInto('story_characters').values(rows).execute();
    });
    if (style !== params.style) {
      await db.updateTable('stories').set({ params: JSON.stringify({ ...params, style }) }).where('id', '=', input.storyId).execute();
    }
    return { credits_used: paid.credits_used, billing: paid.billing };
  }

  async function drawFrame(story: Story, opts: { sceneIndex: number; description: string; camera: CameraDirection; version: number; resolution: Resolution; op: string }) {
    const params = paramsOf(story);
    const c = conceptOf(story)!;
    const scene = c.scenes[opts.sceneIndex]!;
    const cast = await db.selectFrom('story_characters').select(['name', 'position']).where('story_id', '=', story.id).orderBy('position').execute();
    const consistent = params.character_consistency !== false;
    const shown = consistent ? cast : cast.filter((_, i) => (i + opts.sceneIndex) % 2 === 0);
    const { width, height } = frameSize(opts.resolution, params.aspect_ratio as AspectRatio);
    const png = await renderKeyframe({
      style: params.style as Style, width, height, seed: params.seed, sceneIndex: opts.sceneIndex, title: scene.title,
      description: opts.description, camera: opts.camera, characters: shown, version: opts.version,
    });
    const key = `${storyPrefix(story.account_id, story.id)}/frames/scene-${opts.sceneIndex}-v${opts.version}-${short(opts.op)}.png`;
    await blobs.put(key, png);
    const names = shown.map((s) => s.name);
    const notes = `${width}x${height}, ${scene.mood} mood; ${names.length ? `${names.join(', ')} on the lower third` : 'landscape only'}; horizon high, ${opts.camera} move planned.`;
    return { key, notes };
  }

  async function frames(input: Extract<StepActivityInput, { kind: 'frames' }>): Promise<StepOutcome> {
    const story = await liveStory(input);
    requireStep(story, 'frames', 'characters');
    const c = conceptOf(story)!;
    for (const o of input.body.scene_overrides) checkScene(c, o.index, 'scene_overrides index');
    const paid = await charge(input, STEP_CREDITS.frames, LEDGER_LABELS.frames);
    const seed = paramsOf(story).seed;
    const overrides = new Map(input.body.scene_overrides.map((o) => [o.index, o.description]));
    const rows: Array<{ scene_index: number; description: string; image_key: string; composition_notes: string; camera_direction: string }> = [];
    let done = 0;
    await pool(c.scenes, 2, async (scene) => {
      const camera = rng(seed * 7 + scene.index).pick(CAMERA_DIRECTIONS);
      const description = overrides.get(scene.index) ?? scene.description;
      const drawn = await drawFrame(story, { sceneIndex: scene.index, description, camera, version: 1, resolution: input.body.resolution, op: input.operationId });
      rows.push({ scene_index: scene.index, description, image_key: drawn.key, composition_notes: drawn.notes, camera_direction: camera });
      done++;
      await progress(input, `frame:${scene.index}`, (done / c.scenes.length) * 100, `Keyframe for scene ${scene.index} drawn`);
    });
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('story_frames').where('story_id', '=', input.storyId).execute();
      await trx.insertInto('story_frames').values(rows.map((r) => ({ ...r, story_id: input.storyId, account_id: input.accountId, version: 1 }))).execute();
      await trx.updateTable('stories').set({ frames_resolution: input.body.resolution }).where('id', '=', input.storyId).execute();
    });
    return { credits_used: paid.credits_used, billing: paid.billing };
  }

  async function videos(input: Extract<StepActivityInput, { kind: 'videos' }>): Promise<StepOutcome> {
    const story = await liveStory(input);
    requireStep(story, 'videos', 'frames');
    const c = conceptOf(story)!;
    const b = input.body;
    const indices = b.scene_indices ?? c.scenes.map((s) => s.index);
    for (const i of indices) checkScene(c, i, 'scene_indices entry');
    const unique = [...new Set(indices)].sort((a, z) => a - z);
    const { requested, used } = resolveVideoModel(b.video_model);
    const down = deps.config.story.unavailableModels;
    if (down.includes(requested.id) || down.includes(used.id)) {
      throw fail('model_unavailable', `Video model ${used.id} is temporarily unavailable; retry later or choose another model`, { video_model: used.id });
    }
    const parts = await loadStoryParts(db, story.id);
    if (parts.videos.some((v) => v.status === 'pending')) {
      throw fail('step_dependency', 'Scene renders from an earlier step 4 call are still pending; poll /v1/story/step/poll-videos until pending is 0', { step: 'videos' });
    }
    const plan = unique.map((i) => {
      const frame = parts.frames.find((f) => f.scene_index === i);
      const scene = c.scenes[i]!;
      const seconds = snapDuration(used, b.duration_per_scene ?? scene.duration);
      const reason = !frame ? 'keyframe missing' : renderRefusal(`${frame.description} ${scene.description}`);
      return { index: i, frame, seconds, costMicros: clipCostMicros(used, seconds), refusal: reason ? `declined by ${used.id}: ${reason}` : undefined };
    });
    const label = LEDGER_LABELS.videos(used.id);
    // A scene whose keyframe is missing is never submitted nor charged; the model's refusals are
    // charged with the call and refunded against the same operation before the step returns.
    const billable = plan.filter((p) => p.frame);
    const totalMicros = billable.reduce((s, p) => s + p.costMicros, 0);
    const paid = await charge(input, totalMicros / USD_MICROS_PER_CREDIT, label);
    const refusedMicros = plan.filter((p) => p.frame && p.refusal).reduce((s, p) => s + p.costMicros, 0);
    let refundedWallet = 0;
    let refundedCredits = 0;
    if (refusedMicros > 0 && !input.sandbox && !input.pipelineStep) {
      const refund = await refundCredits(db, {
        accountId: input.accountId, chargeOperationId: input.operationId, operationId: `${input.operationId}:refused`,
        credits: refusedMicros / USD_MICROS_PER_CREDIT,
      });
      refundedWallet = refund.walletMicros;
      refundedCredits = refund.credits;
    }
    await db.transaction().execute(async (trx) => {
      for (const p of plan) {
        const row = {
          story_id: input.storyId, scene_index: p.index, account_id: input.accountId, operation_id: input.operationId,
          status: p.refusal ? ('refused' as const) : ('pending' as const), video_key: null, duration: p.seconds,
          model_requested: requested.id, model_used: used.id, frame_version: p.frame?.version ?? 0, error: p.refusal ?? null, updated_at: new Date(),
        };
        await trx.insertInto('story_videos').values(row).onConflict((oc) => oc.columns(['story_id', 'scene_index']).doUpdateSet(row)).execute();
      }
      const params = paramsOf(story);
      await trx.updateTable('stories')
        .set({ params: JSON.stringify({ ...params, fps: b.fps, motion_intensity: b.motion_intensity, video_model: requested.id }) })
        .where('id', '=', input.storyId).execute();
    });
    await markStepDone(db, input.storyId, 'videos', 0, false);
    const sandboxOrPipeline = input.sandbox || Boolean(input.pipelineStep);
    const netMicros = sandboxOrPipeline ? 0 : totalMicros - refusedMicros;
    const netWallet = paid.walletMicros - refundedWallet;
    return {
      credits_used: sandboxOrPipeline ? 0 : roundCredits(paid.credits_used - refundedCredits),
      billing: sandboxOrPipeline ? zeroBilling : { method: paid.billing.method, usd_charged: microsToUsd(netWallet), pln_charged: microsToUsd(netWallet) },
      cost_usd: microsToUsd(netMicros),
      refused: plan.filter((p) => p.refusal).map((p) => ({ scene_index: p.index, reason: p.refusal! })),
      scenes: plan.filter((p) => !p.refusal).map((p) => p.index),
    };
  }

  async function voiceover(input: Extract<StepActivityInput, { kind: 'voiceover' }>): Promise<StepOutcome> {
    const story = await liveStory(input);
    const parts = await loadStoryParts(db, story.id);
    if (parts.videos.some((v) => v.status === 'pending')) {
      throw fail('step_dependency', 'Scene renders are still pending; poll /v1/story/step/poll-videos until pending is 0', { step: 'voiceover', required_step: 'videos' });
    }
    requireStep(story, 'voiceover', 'videos');
    const c = conceptOf(story)!;
    for (const o of input.body.narration_overrides) checkScene(c, o.scene_index, 'narration_overrides scene_index');
    const paid = await charge(input, STEP_CREDITS.voiceover, LEDGER_LABELS.voiceover);
    const overrides = new Map(input.body.narration_overrides.map((o) => [o.scene_index, o.text]));
    const rendered = parts.videos.filter((v) => v.status === 'rendered');
    const dir = workDir(story.id, input.operationId);
    await mkdir(dir, { recursive: true });
    const prefix = storyPrefix(input.accountId, input.storyId);
    const speech = new Map<number, { key: string; duration: number; text: string }>();
    await pool(rendered, 2, async (v) => {
      const text = overrides.get(v.scene_index) ?? c.scenes[v.scene_index]!.narration_text;
      const tmp = join(dir, `scene-${v.scene_index}.wav`);
      const s = await speak(text, { voice: input.body.voice, language: input.body.language as Language, speed: input.body.speed, outPath: tmp });
      const key = `${prefix}/voice/scene-${v.scene_index}-${short(input.operationId)}.wav`;
      await blobs.putFile(key, tmp);
      speech.set(v.scene_index, { key, duration: Math.round(s.duration * 1000) / 1000, text });
      await progress(input, `voice:${v.scene_index}`, (speech.size / rendered.length) * 90, `Narration for scene ${v.scene_index} spoken`);
    });
    const timeline = planTimeline(rendered.map((v) => ({ clipDuration: v.duration, speech: speech.get(v.scene_index)?.duration })), 'cut', 0);
    const segments = rendered.map((v, i) => {
      const s = speech.get(v.scene_index)!;
      const start = Math.round(timeline.scenes[i]!.speechStart * 1000) / 1000;
      return { scene_index: v.scene_index, audio_key: s.key, text: s.text, start_time: start, end_time: Math.round((start + s.duration) * 1000) / 1000, duration: s.duration };
    });
    const fullTmp = join(dir, 'voiceover.wav');
    await layTrack(segments.map((s) => ({ path: blobs.pathOf(s.audio_key), start: s.start_time })), timeline.total, fullTmp);
    const fullKey = `${prefix}/voice/voiceover-${short(input.operationId)}.wav`;
    await blobs.putFile(fullKey, fullTmp);
    const stored: StoredVoiceover = {
      voice: input.body.voice, language: input.body.language, speed: input.body.speed, full_audio_key: fullKey, total_duration: timeline.total, segments,
    };
    await db.updateTable('stories').set({ voiceover: JSON.stringify(stored) }).where('id', '=', input.storyId).execute();
    await rm(dir, { recursive: true, force: true });
    return { credits_used: paid.credits_used, billing: paid.billing };
  }

  async function final(input: Extract<StepActivityInput, { kind: 'final' }>, started: number): Promise<StepOutcome> {
    const story = await liveStory(input);
    requireStep(story, 'final', 'voiceover');
    const parts = await loadStoryParts(db, story.id);
    if (parts.videos.some((v) => v.status === 'pending')) {
      throw fail('step_dependency', 'Scene renders are still pending; poll /v1/story/step/poll-videos until pending is 0', { step: 'final', required_step: 'videos' });
    }
    const paid = await charge(input, STEP_CREDITS.final, LEDGER_LABELS.final);
    const b = input.body;
    const params = paramsOf(story);
    const vo = story.voiceover as unknown as StoredVoiceover;
    const rendered = parts.videos.filter((v) => v.status === 'rendered' && v.video_key);
    const { width, height } = frameSize(b.output_quality, params.aspect_ratio as AspectRatio);
    const music = resolveMusic(b.music_style, params.style as Style, conceptOf(story)?.tone ?? '');
    const dir = workDir(story.id, input.operationId);
    await mkdir(dir, { recursive: true });
    const out = join(dir, `story.${b.output_format}`);
    await progress(input, 'final:start', 10, 'Composing the final cut');
    const timeline = await composeFinal(
      {
        scenes: rendered.map((v) => {
          const seg = vo.segments.find((s) => s.scene_index === v.scene_index);
          return { clipPath: blobs.pathOf(v.video_key!), clipDuration: v.duration, narration: seg ? { path: blobs.pathOf(seg.audio_key), duration: seg.duration, text: seg.text } : undefined };
        }),
        width, height, fps: params.fps ?? 24, transition: b.transition, transitionDuration: b.transition_duration,
        music, musicVolume: b.music_volume, subtitles: b.add_subtitles ? b.subtitle_style : null, format: b.output_format,
        workDir: dir, outPath: out,
      },
      Context.current().cancellationSignal,
    );
    const prefix = storyPrefix(input.accountId, input.storyId);
    const videoKey = `${prefix}/final/story-${short(input.operationId)}.${b.output_format}`;
    const size = (await stat(out)).size;
    await blobs.putFile(videoKey, out);
    const firstFrame = parts.frames.find((f) => f.scene_index === rendered[0]?.scene_index) ?? parts.frames[0];
    const thumbKey = `${prefix}/final/thumbnail-${short(input.operationId)}.jpg`;
    if (firstFrame) await blobs.put(thumbKey, await thumbnailFrom(await readBlob(firstFrame.image_key)));
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
    await progress(input, 'final:done', 100, 'Final cut ready');
    return { credits_used: paid.credits_used, billing: paid.billing };
  }

  async function readBlob(key: string): Promise<Buffer> {
    const { readFile } = await import('node:fs/promises');
    return readFile(blobs.pathOf(key));
  }

  async function regenerateCharacter(input: Extract<StepActivityInput, { kind: 'regenerate_character' }>): Promise<StepOutcome> {
    const story = await liveStory(input);
    requireStep(story, 'regenerate_character', 'characters');
    const ch = await db.selectFrom('story_characters').selectAll().where('story_id', '=', story.id).where('id', '=', input.body.character_id).executeTakeFirst();
    if (!ch) throw fail('invalid_request', `Character ${input.body.character_id} is not part of story ${story.id}`, { character_id: input.body.character_id });
    const paid = await charge(input, STEP_CREDITS.regenerate_character, LEDGER_LABELS.regenerate_character);
    const version = ch.version + 1;
    const description = [input.body.description ?? ch.description, input.body.style_hints].filter(Boolean).join(' — ');
    const style = paramsOf(story).style as Style;
    const png = await renderPortrait({ style, width: 1024, height: 1024, seed: hashString(`${ch.id}:${version}`), name: ch.name, role: ch.role, description, version });
    const key = `${storyPrefix(input.accountId, input.storyId)}/characters/${ch.id}-v${version}-${short(input.operationId)}.png`;
    await blobs.put(key, png);
    await db.updateTable('story_characters')
      .set({ version, description, image_key: key, consistency_embedding: JSON.stringify(embedding(`${style}|${description}|${ch.name}`)) })
      .where('story_id', '=', story.id).where('id', '=', ch.id).where('version', '=', ch.version)
      .execute();
    return { credits_used: paid.credits_used, billing: paid.billing };
  }

  async function regenerateFrame(input: Extract<StepActivityInput, { kind: 'regenerate_frame' }>): Promise<StepOutcome> {
    const story = await liveStory(input);
    requireStep(story, 'regenerate_frame', 'frames');
    checkScene(conceptOf(story)!, input.body.scene_index, 'scene_index');
    const frame = await db.selectFrom('story_frames').selectAll().where('story_id', '=', story.id).where('scene_index', '=', input.body.scene_index).executeTakeFirstOrThrow();
    const paid = await charge(input, STEP_CREDITS.regenerate_frame, LEDGER_LABELS.regenerate_frame);
    const version = frame.version + 1;
    const description = input.body.description ?? frame.description;
    const camera = (input.body.camera_direction ?? frame.camera_direction) as CameraDirection;
    const drawn = await drawFrame(story, { sceneIndex: frame.scene_index, description, camera, version, resolution: (story.frames_resolution ?? '1080p') as Resolution, op: input.operationId });
    await db.updateTable('story_frames')
      .set({ version, description, camera_direction: camera, image_key: drawn.key, composition_notes: drawn.notes })
      .where('story_id', '=', story.id).where('scene_index', '=', frame.scene_index).where('version', '=', frame.version)
      .execute();
    return { credits_used: paid.credits_used, billing: paid.billing };
  }

  return {
    /** One story step (or regeneration): dependency checks, charge, generation, projection. */
    async storyStep(input: StepActivityInput & { expiresAtMs: number }): Promise<StepOutcome> {
      const started = Date.now();
      const stepName: StepName | undefined = (STEP_NAMES as readonly string[]).includes(input.kind) ? (input.kind as StepName) : undefined;
      if (input.pipelineStep && stepName) {
        await emit(input, `start:${input.pipelineStep}`, 'step_start', { step: input.pipelineStep, name: stepName, message: STEP_MESSAGES[stepName] });
      }
      // Long steps (the final cut at 4k) keep telling Temporal they are alive.
      const ctx = Context.current();
      const ticker = setInterval(() => ctx.heartbeat(), 5000);
      let outcome: StepOutcome;
      try {
        switch (input.kind) {
          case 'concept': outcome = await concept(input, input.expiresAtMs); break;
          case 'characters': outcome = await characters(input); break;
          case 'frames': outcome = await frames(input); break;
          case 'videos': outcome = await videos(input); break;
          case 'voiceover': outcome = await voiceover(input); break;
          case 'final': outcome = await final(input, started); break;
          case 'regenerate_character': outcome = await regenerateCharacter(input); break;
          case 'regenerate_frame': outcome = await regenerateFrame(input); break;
        }
      } finally {
        clearInterval(ticker);
      }
      if (stepName && stepName !== 'videos') await markStepDone(db, input.storyId, stepName, Date.now() - started);
      else await markStepDone(db, input.storyId, '_', Date.now() - started, false);
      if (input.pipelineStep && stepName && stepName !== 'videos') {
        await emit(input, `complete:${input.pipelineStep}`, 'step_complete', { step: input.pipelineStep, name: stepName, result: await sectionView(stepName, input.storyId, input.accountId) });
      }
      return outcome;
    },

    /**
     * Step 4's renders: scenes in parallel (two at a time), heartbeating per scene. A retry after a
     * crash skips every scene already rendered for this operation (heartbeat details and the
     * story's stored state), so finished scenes are never rendered twice.
     */
    async storyRenderScenes(input: StoryContext & { operationId: string; scenes: number[]; pipelineStep?: number }): Promise<{ rendered: number[] }> {
      const info = activityInfo();
      const ctx = Context.current();
      const fromHeartbeat = (info.heartbeatDetails as { done?: number[] } | undefined)?.done ?? [];
      const done = new Set<number>(fromHeartbeat);
      const rows = await db.selectFrom('story_videos').selectAll().where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).execute();
      for (const r of rows) if (r.status === 'rendered') done.add(r.scene_index);
      const story = await findLiveStory(db, input.accountId, input.storyId);
      if (!story) return { rendered: [...done] };
      const params = paramsOf(story);
      const frames = await db.selectFrom('story_frames').selectAll().where('story_id', '=', input.storyId).execute();
      const todo = input.scenes.filter((i) => !done.has(i) && rows.some((r) => r.scene_index === i && r.status === 'pending'));
      const beat = () => ctx.heartbeat({ done: [...done] });
      beat();
      const ticker = setInterval(beat, 1000);
      const dir = workDir(input.storyId, input.operationId);
      await mkdir(dir, { recursive: true });
      try {
        await pool(todo, 2, async (index) => {
          const row = rows.find((r) => r.scene_index === index)!;
          const frame = frames.find((f) => f.scene_index === index);
          if (!frame) throw ApplicationFailure.create({ type: 'generation_failed', message: `scene ${index} has no keyframe`, nonRetryable: true });
          const render = await db.insertInto('story_renders')
            .values({ story_id: input.storyId, account_id: input.accountId, operation_id: input.operationId, scene_index: index, attempt: info.attempt, worker_pid: process.pid })
            .returning('id').executeTakeFirstOrThrow();
          const image = await import('sharp').then((m) => m.default(blobs.pathOf(frame.image_key)).metadata());
          const tmp = join(dir, `scene-${index}-${info.attempt}-${process.pid}.mp4`);
          await renderClip({
            framePath: blobs.pathOf(frame.image_key), outPath: tmp, width: image.width ?? 1280, height: image.height ?? 720,
            duration: row.duration, fps: (params.fps ?? 24) as 24 | 30, motion: (params.motion_intensity ?? 'medium') as Motion,
            camera: frame.camera_direction as CameraDirection,
          }, ctx.cancellationSignal);
          const key = `${storyPrefix(input.accountId, input.storyId)}/videos/scene-${index}-${short(input.operationId)}.mp4`;
          await blobs.putFile(key, tmp);
          // The scene's state and its render record change together: a crash between two
          // separate writes would leave a rendered scene whose render never finished.
          await db.transaction().execute(async (trx) => {
            await trx.updateTable('story_videos').set({ status: 'rendered', video_key: key, updated_at: new Date() })
              .where('story_id', '=', input.storyId).where('scene_index', '=', index).where('operation_id', '=', input.operationId).execute();
            await trx.updateTable('story_renders').set({ finished_at: new Date() }).where('id', '=', render.id).execute();
          });
          done.add(index);
          beat();
          if (input.pipelineStep) {
            const total = input.scenes.length;
            const finished = input.scenes.filter((i) => done.has(i)).length;
            await emit(input, `progress:${input.pipelineStep}:scene:${index}`, 'step_progress', {
              step: input.pipelineStep, progress: Math.round((finished / total) * 100), message: `Scene ${index} rendered (${finished}/${total})`,
            });
          }
        });
      } finally {
        clearInterval(ticker);
      }
      await rm(dir, { recursive: true, force: true });
      return { rendered: [...done] };
    },

    /** After the renders: scenes still pending failed; refund them; step 4 is done when none is pending. */
    async storySettleVideos(input: StoryContext & { operationId: string; error?: string; pipelineStep?: number; charged: boolean }) {
      const rows = await db.selectFrom('story_videos').selectAll().where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).execute();
      const stuck = rows.filter((r) => r.status === 'pending');
      if (stuck.length) {
        await db.updateTable('story_videos').set({ status: 'failed', error: input.error ?? 'render failed', updated_at: new Date() })
          .where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).where('status', '=', 'pending').execute();
        if (input.charged && !input.sandbox) {
          const micros = stuck.reduce((s, r) => s + clipCostMicros(resolveVideoModel(r.model_used).used, r.duration), 0);
          await refundCredits(db, {
            accountId: input.accountId, chargeOperationId: input.operationId, operationId: `${input.operationId}:failed`, credits: micros / USD_MICROS_PER_CREDIT,
          });
        }
      }
      const all = await db.selectFrom('story_videos').select(['status']).where('story_id', '=', input.storyId).execute();
      const rendered = all.filter((r) => r.status === 'rendered').length;
      if (rendered > 0 && !all.some((r) => r.status === 'pending')) await markStepDone(db, input.storyId, 'videos', 0);
      const requested = rows.length;
      const renderedNow = rows.filter((r) => r.status === 'rendered').length + 0;
      if (input.pipelineStep) {
        const story = await findLiveStory(db, input.accountId, input.storyId);
        if (story) {
          const parts = await loadStoryParts(db, input.storyId);
          await emit(input, `complete:${input.pipelineStep}`, 'step_complete', {
            step: input.pipelineStep, name: 'videos', result: { videos: parts.videos.map((v) => views.video(v, story)), ...views.pollSummary(parts.videos) },
          });
        }
      }
      const fresh = await db.selectFrom('story_videos').select(['status']).where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).execute();
      return { requested, rendered: fresh.filter((r) => r.status === 'rendered').length || renderedNow, failed: stuck.length, anyRendered: rendered > 0 };
    },

    /** Gives back part of a credit spend (pipeline shares, failed steps). */
    async storyRefund(input: { accountId: string; sandbox: boolean; chargeOperationId: string; operationId: string; credits?: number }) {
      if (input.sandbox) return { credits: 0, refunded_usd: 0 };
      const exists = await db.selectFrom('credit_ledger').select('id').where('account_id', '=', input.accountId).where('operation_id', '=', input.chargeOperationId).executeTakeFirst();
      if (!exists) return { credits: 0, refunded_usd: 0 };
      const r = await refundCredits(db, input);
      return { credits: r.credits, refunded_usd: microsToUsd(creditsToMicros(r.credits)) };
    },

    async storyReleaseSlot(input: { slotId: string }) {
      await db.deleteFrom('story_slots').where('operation_id', '=', input.slotId).execute();
    },

    async storyEmit(input: StoryContext & { key: string; event: string; data: Record<string, unknown> }) {
      await emit(input, input.key, input.event, input.data);
    },

    /** The pipeline's `complete` event (seed 001 §6), with signed URLs. */
    async storyPipelineComplete(input: StoryContext & { creditsUsed: number; startedAtMs: number }) {
      const story = await findLiveStory(db, input.accountId, input.storyId);
      if (!story) return;
      const parts = await loadStoryParts(db, story.id);
      const fin = views.final(story);
      const params = paramsOf(story);
      const c = conceptOf(story)!;
      await emit(input, 'complete', 'complete', {
        story_id: story.id, video_url: fin?.video_url ?? null, thumbnail_url: fin?.thumbnail_url ?? null,
        credits_used: input.creditsUsed, duration: fin?.duration ?? 0,
        scenes: c.scenes.map((s) => {
          const v = parts.videos.find((x) => x.scene_index === s.index);
          const f = parts.frames.find((x) => x.scene_index === s.index);
          return { ...s, frame_url: f ? views.url(f.image_key, story) : null, video_url: v?.status === 'rendered' ? views.url(v.video_key, story) : null, video_status: v?.status ?? null };
        }),
        characters: parts.characters.map((ch) => views.character(ch, story)),
        metadata: { style: params.style, video_model: params.video_model, aspect_ratio: params.aspect_ratio, seed: params.seed, generation_time_ms: Date.now() - input.startedAtMs },
      });
    },

    /** 24 hours are up (or the test's TTL): the story expires and its files are purged. */
    async storyExpire(input: StoryContext) {
      await db.updateTable('stories').set({ status: 'expired', updated_at: new Date() }).where('id', '=', input.storyId).where('account_id', '=', input.accountId).execute();
      await db.deleteFrom('story_slots').where('story_id', '=', input.storyId).execute();
      await blobs.deletePrefix(storyPrefix(input.accountId, input.storyId));
      await rm(join(deps.config.dataDir, 'work', 'stories', input.storyId), { recursive: true, force: true });
    },
  };
}

export const STEP_MESSAGES: Record<StepName, string> = {
  concept: 'Writing the concept',
  characters: 'Designing the characters',
  frames: 'Drawing the scene keyframes',
  videos: 'Rendering the scene clips',
  voiceover: 'Recording the voice-over',
  final: 'Composing the final video',
};

function resolveMusic(requested: string, style: Style, tone: string): ResolvedMusic {
  if (requested !== 'auto') return requested as ResolvedMusic;
  if (/tense|eerie|restless/.test(tone)) return 'dramatic';
  return ({ cinematic: 'epic', anime: 'upbeat', cartoon: 'upbeat', documentary: 'ambient', fantasy: 'epic', scifi: 'ambient' } as const)[style];
}

/** A small deterministic "consistency embedding" of a character's look (unit vector, 16 dims). */
function embedding(text: string): number[] {
  const r = rng(hashString(text));
  const v = Array.from({ length: 16 }, () => r.next() * 2 - 1);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => Math.round((x / norm) * 1e4) / 1e4);
}

export type StoryActivities = ReturnType<typeof createStoryActivities>;
