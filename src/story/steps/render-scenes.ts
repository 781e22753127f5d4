import { ApplicationFailure } from '@temporalio/common';
import type { CameraDirection, Motion } from '../catalog';
import type { StoryContext } from '../contract/steps';
import { findLiveStory, paramsOf, storyPrefix } from '../store';
import { renderSceneClip } from './generate';
import { pool, short, type ActivityHandle, type StepKit } from './kit';

export interface RenderScenesInput extends StoryContext {
  operationId: string;
  scenes: number[];
  pipelineStep?: number;
}

/**
 * Step 4's renders: scenes in parallel (two at a time), heartbeating per scene. A retry after a
 * crash skips every scene already rendered for this operation (heartbeat details and the
 * story's stored state), so finished scenes are never rendered twice.
 */
export async function renderScenes(kit: StepKit, input: RenderScenesInput, activity: ActivityHandle): Promise<{ rendered: number[] }> {
  const { db, blobs } = kit;
  const fromHeartbeat = (activity.checkpoint as { done?: number[] } | undefined)?.done ?? [];
  const done = new Set<number>(fromHeartbeat);
  const rows = await db.selectFrom('story_videos').selectAll().where('story_id', '=', input.storyId).where('operation_id', '=', input.operationId).execute();
  for (const r of rows) if (r.status === 'rendered') done.add(r.scene_index);
  const story = await findLiveStory(db, input.accountId, input.storyId);
  if (!story) return { rendered: [...done] };
  const params = paramsOf(story);
  const frames = await db.selectFrom('story_frames').selectAll().where('story_id', '=', input.storyId).execute();
  const todo = input.scenes.filter((i) => !done.has(i) && rows.some((r) => r.scene_index === i && r.status === 'pending'));
  const beat = () => activity.heartbeat({ done: [...done] });
  beat();
  const ticker = setInterval(beat, 1000);
  try {
    await pool(todo, 2, async (index) => {
      const row = rows.find((r) => r.scene_index === index)!;
      const frame = frames.find((f) => f.scene_index === index);
      if (!frame) throw ApplicationFailure.create({ type: 'generation_failed', message: `scene ${index} has no keyframe`, nonRetryable: true });
      const render = await db.insertInto('story_renders')
        .values({ story_id: input.storyId, account_id: input.accountId, operation_id: input.operationId, scene_index: index, attempt: activity.attempt, worker_pid: process.pid })
        .returning('id').executeTakeFirstOrThrow();
      // The clip animates the keyframe at its own size, on the scene's model.
      const clip = await renderSceneClip(kit, input.sandbox, {
        model: row.model_used, prompt: frame.description, keyframe: await blobs.readBuffer(frame.image_key), seconds: row.duration,
        fps: (params.fps ?? 24) as 24 | 30, motion: (params.motion_intensity ?? 'medium') as Motion, camera: frame.camera_direction as CameraDirection,
      }, activity.signal);
      const key = `${storyPrefix(input.accountId, input.storyId)}/videos/scene-${index}-${short(input.operationId)}.mp4`;
      await blobs.put(key, clip.data);
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
        await kit.emit(input, `progress:${input.pipelineStep}:scene:${index}`, 'step_progress', {
          step: input.pipelineStep, progress: Math.round((finished / total) * 100), message: `Scene ${index} rendered (${finished}/${total})`,
        });
      }
    });
  } finally {
    clearInterval(ticker);
  }
  return { rendered: [...done] };
}
