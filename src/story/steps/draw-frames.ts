import type { Story } from '../../infra/db/schema/index';
import { CAMERA_DIRECTIONS, frameSize, type AspectRatio, type CameraDirection, type Resolution, type Style } from '../catalog';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { LEDGER_LABELS, STEP_CREDITS } from '../contract/pricing';
import { rng } from '../../generation/prng';
import { conceptOf, paramsOf, storyPrefix } from '../store';
import { drawKeyframe } from './generate';
import { pool, short, type StepKit } from './kit';

/** Draws one scene's keyframe with the story's cast and stores it; shared with frame regeneration. */
export async function drawFrame(
  kit: StepKit,
  story: Story,
  opts: { sceneIndex: number; description: string; camera: CameraDirection; version: number; resolution: Resolution; op: string },
): Promise<{ key: string; notes: string }> {
  const params = paramsOf(story);
  const c = conceptOf(story)!;
  const scene = c.scenes[opts.sceneIndex]!;
  const cast = await kit.db.selectFrom('story_characters').select(['name', 'position']).where('story_id', '=', story.id).orderBy('position').execute();
  const consistent = params.character_consistency !== false;
  const shown = consistent ? cast : cast.filter((_, i) => (i + opts.sceneIndex) % 2 === 0);
  const { width, height } = frameSize(opts.resolution, params.aspect_ratio as AspectRatio);
  const png = await drawKeyframe(kit, story.sandbox, {
    style: params.style as Style, width, height, seed: params.seed, sceneIndex: opts.sceneIndex, title: scene.title,
    description: opts.description, camera: opts.camera, characters: shown, version: opts.version,
  });
  const key = `${storyPrefix(story.account_id, story.id)}/frames/scene-${opts.sceneIndex}-v${opts.version}-${short(opts.op)}.png`;
  await kit.blobs.put(key, png);
  const names = shown.map((s) => s.name);
  const notes = `${width}x${height}, ${scene.mood} mood; ${names.length ? `${names.join(', ')} on the lower third` : 'landscape only'}; horizon high, ${opts.camera} move planned.`;
  return { key, notes };
}

/** Step 3: one keyframe per scene (two drawn at a time), with its camera direction and notes. */
export async function drawFrames(kit: StepKit, input: Extract<StepActivityInput, { kind: 'frames' }>): Promise<StepOutcome> {
  const story = await kit.liveStory(input);
  kit.requireStep(story, 'frames', 'characters');
  const c = conceptOf(story)!;
  for (const o of input.body.scene_overrides) kit.checkScene(c, o.index, 'scene_overrides index');
  const paid = await kit.charge(input, STEP_CREDITS.frames, LEDGER_LABELS.frames);
  const seed = paramsOf(story).seed;
  const overrides = new Map(input.body.scene_overrides.map((o) => [o.index, o.description]));
  const rows: Array<{ scene_index: number; description: string; image_key: string; composition_notes: string; camera_direction: string }> = [];
  let done = 0;
  await pool(c.scenes, 2, async (scene) => {
    const camera = rng(seed * 7 + scene.index).pick(CAMERA_DIRECTIONS);
    const description = overrides.get(scene.index) ?? scene.description;
    const drawn = await drawFrame(kit, story, { sceneIndex: scene.index, description, camera, version: 1, resolution: input.body.resolution, op: input.operationId });
    rows.push({ scene_index: scene.index, description, image_key: drawn.key, composition_notes: drawn.notes, camera_direction: camera });
    done++;
    await kit.progress(input, `frame:${scene.index}`, (done / c.scenes.length) * 100, `Keyframe for scene ${scene.index} drawn`);
  });
  await kit.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('story_frames').where('story_id', '=', input.storyId).execute();
    await trx.insertInto('story_frames').values(rows.map((r) => ({ ...r, story_id: input.storyId, account_id: input.accountId, version: 1 }))).execute();
    await trx.updateTable('stories').set({ frames_resolution: input.body.resolution }).where('id', '=', input.storyId).execute();
  });
  return { credits_used: paid.credits_used, billing: paid.billing };
}
