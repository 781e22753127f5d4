// Signals, queries and updates, declared once so the API and the workflows share them.
// (Capabilities add theirs here.)
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { EngineRunStatus } from '../src/engine/run-contract';

// engineRun (seed 002 §4.3 POST /v1/runs/{id}/signals/{approve|webhook|cancel}, body {payload}).
/** `payload.approved` true/false decides a waiting control.approval node; optional `payload.node_id` targets one. */
export const approveSignal = defineSignal<[payload: Record<string, unknown>]>('approve');
/** Resumes a waiting control.wait_webhook node with the payload; optional `payload.node_id` targets one. */
export const webhookSignal = defineSignal<[payload: Record<string, unknown>]>('webhook');
/** Cancels the run: in-flight nodes are cancelled and the run ends `cancelled`. */
export const cancelSignal = defineSignal<[payload?: Record<string, unknown>]>('cancel');
export const engineRunStatusQuery = defineQuery<EngineRunStatus>('status');
/** The signal names a run accepts, for the API's 400 on anything else. */
export const ENGINE_RUN_SIGNALS = ['approve', 'webhook', 'cancel'] as const;

// story (seed 001 §4.2): each step endpoint is one update; the HTTP call answers with its result.
import { defineUpdate } from '@temporalio/workflow';
import type { StepOutcome, StepRequest } from '../src/story/contract';
export const storyStepUpdate = defineUpdate<StepOutcome, [StepRequest]>('storyStep');
