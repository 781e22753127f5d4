// What the API, the story workflow and its activities exchange: types and plain constants (the
// workflow bundle imports nothing with side effects from here).
import type {
  CharactersBody, ConceptBody, FinalBody, FramesBody, GenerateBody, RegenerateCharacterBody, RegenerateFrameBody,
  VideosBody, VoiceoverBody,
} from '../schemas';

export type StepCall =
  | { kind: 'concept'; body: ConceptBody }
  | { kind: 'characters'; body: CharactersBody }
  | { kind: 'frames'; body: FramesBody }
  | { kind: 'videos'; body: VideosBody }
  | { kind: 'voiceover'; body: VoiceoverBody }
  | { kind: 'final'; body: FinalBody }
  | { kind: 'regenerate_character'; body: RegenerateCharacterBody }
  | { kind: 'regenerate_frame'; body: RegenerateFrameBody };

export type StepKind = StepCall['kind'];

/** One step request as the update carries it. */
export type StepRequest = StepCall & {
  /** Idempotency key of this call's charge and events. */
  operationId: string;
  /** Concurrency slot held for this call (released by the workflow for background renders). */
  slotId: string;
};

export interface BillingBlock {
  method: 'credits' | 'wallet';
  usd_charged: number;
  pln_charged: number;
}

export interface StepOutcome {
  credits_used: number;
  billing: BillingBlock;
  /** Step 4 only. */
  cost_usd?: number;
  refused?: Array<{ scene_index: number; reason: string }>;
  /** Step 4: scenes submitted for rendering. */
  scenes?: number[];
}

export interface StoryContext {
  storyId: string;
  accountId: string;
  sandbox: boolean;
}

export interface PipelineInput {
  body: GenerateBody;
  chargeOperationId: string;
  slotId: string;
  startedAtMs: number;
}

export interface StoryWorkflowInput extends StoryContext {
  ttlSeconds: number;
  heartbeatSeconds: number;
  pipeline?: PipelineInput;
}

/** Step activity input: the call plus its story and, in the pipeline, the step number to report. */
export type StepActivityInput = StoryContext & StepRequest & { pipelineStep?: number };

/**
 * A story step's own attempts (its generation failing) before the step fails, and the extra
 * attempts it may spend on workers lost mid-step (SIGKILL, OOM, a lost host): the activity's retry
 * policy allows both, and the activity makes a failure at its last own attempt final, so a step on a
 * worker killed again and again is not failed for it (the chaos batch saw 2 of 6 stories fail so).
 */
export const STEP_OWN_ATTEMPTS = 3;
export const STEP_WORKER_LOSS_ATTEMPTS = 3;
