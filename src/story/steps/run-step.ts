import { STEP_NAMES, type StepName } from '../catalog';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { conceptOf, findLiveStory, loadStoryParts, markStepDone } from '../store';
import { castCharacters } from './cast-characters';
import { composeFinalCut } from './compose-final-cut';
import { drawFrames } from './draw-frames';
import type { ActivityHandle, StepKit } from './kit';
import { recordVoiceover } from './record-voiceover';
import { regenerateCharacter } from './regenerate-character';
import { regenerateFrame } from './regenerate-frame';
import { submitVideos } from './submit-videos';
import { writeConcept } from './write-concept';

export const STEP_MESSAGES: Record<StepName, string> = {
  concept: 'Writing the concept',
  characters: 'Designing the characters',
  frames: 'Drawing the scene keyframes',
  videos: 'Rendering the scene clips',
  voiceover: 'Recording the voice-over',
  final: 'Composing the final video',
};

/** A finished step's section of the story, as the pipeline's `step_complete` event carries it. */
async function sectionView(kit: StepKit, kind: StepName, storyId: string, accountId: string): Promise<unknown> {
  const story = await findLiveStory(kit.db, accountId, storyId);
  if (!story) return null;
  const parts = await loadStoryParts(kit.db, storyId);
  const { views } = kit;
  switch (kind) {
    case 'concept': return conceptOf(story);
    case 'characters': return parts.characters.map((c) => views.character(c, story));
    case 'frames': return parts.frames.map((f) => views.frame(f, story));
    case 'videos': return { videos: parts.videos.map((v) => views.video(v, story)), ...views.pollSummary(parts.videos) };
    case 'voiceover': return views.voiceover(story);
    case 'final': return views.final(story);
  }
}

/**
 * One story step (or regeneration): dependency checks, charge, generation, projection, and in the
 * streamed pipeline its start and complete events.
 */
export async function runStoryStep(kit: StepKit, input: StepActivityInput & { expiresAtMs: number }, activity: ActivityHandle): Promise<StepOutcome> {
  const started = Date.now();
  const stepName: StepName | undefined = (STEP_NAMES as readonly string[]).includes(input.kind) ? (input.kind as StepName) : undefined;
  if (input.pipelineStep && stepName) {
    await kit.emit(input, `start:${input.pipelineStep}`, 'step_start', { step: input.pipelineStep, name: stepName, message: STEP_MESSAGES[stepName] });
  }
  // Long steps (the final cut at 4k) keep telling Temporal they are alive.
  const ticker = setInterval(() => activity.heartbeat(), 5000);
  let outcome: StepOutcome;
  try {
    switch (input.kind) {
      case 'concept': outcome = await writeConcept(kit, input, input.expiresAtMs); break;
      case 'characters': outcome = await castCharacters(kit, input); break;
      case 'frames': outcome = await drawFrames(kit, input); break;
      case 'videos': outcome = await submitVideos(kit, input); break;
      case 'voiceover': outcome = await recordVoiceover(kit, input); break;
      case 'final': outcome = await composeFinalCut(kit, input, started, activity.signal); break;
      case 'regenerate_character': outcome = await regenerateCharacter(kit, input); break;
      case 'regenerate_frame': outcome = await regenerateFrame(kit, input); break;
    }
  } finally {
    clearInterval(ticker);
  }
  if (stepName && stepName !== 'videos') await markStepDone(kit.db, input.storyId, stepName, Date.now() - started);
  else await markStepDone(kit.db, input.storyId, '_', Date.now() - started, false);
  if (input.pipelineStep && stepName && stepName !== 'videos') {
    await kit.emit(input, `complete:${input.pipelineStep}`, 'step_complete', { step: input.pipelineStep, name: stepName, result: await sectionView(kit, stepName, input.storyId, input.accountId) });
  }
  return outcome;
}
