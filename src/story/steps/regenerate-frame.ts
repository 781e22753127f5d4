import type { CameraDirection, Resolution } from '../catalog';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { LEDGER_LABELS, STEP_CREDITS } from '../contract/pricing';
import { conceptOf } from '../store';
import { drawFrame } from './draw-frames';
import type { StepKit } from './kit';

/** Redraws one scene's keyframe as a new version (description and camera direction applied). */
export async function regenerateFrame(kit: StepKit, input: Extract<StepActivityInput, { kind: 'regenerate_frame' }>): Promise<StepOutcome> {
  const { db } = kit;
  const story = await kit.liveStory(input);
  kit.requireStep(story, 'regenerate_frame', 'frames');
  kit.checkScene(conceptOf(story)!, input.body.scene_index, 'scene_index');
  const frame = await db.selectFrom('story_frames').selectAll().where('story_id', '=', story.id).where('scene_index', '=', input.body.scene_index).executeTakeFirstOrThrow();
  const paid = await kit.charge(input, STEP_CREDITS.regenerate_frame, LEDGER_LABELS.regenerate_frame);
  const version = frame.version + 1;
  const description = input.body.description ?? frame.description;
  const camera = (input.body.camera_direction ?? frame.camera_direction) as CameraDirection;
  const drawn = await drawFrame(kit, story, { sceneIndex: frame.scene_index, description, camera, version, resolution: (story.frames_resolution ?? '1080p') as Resolution, op: input.operationId });
  await db.updateTable('story_frames')
    .set({ version, description, camera_direction: camera, image_key: drawn.key, composition_notes: drawn.notes })
    .where('story_id', '=', story.id).where('scene_index', '=', frame.scene_index).where('version', '=', frame.version)
    .execute();
  return { credits_used: paid.credits_used, billing: paid.billing };
}
