// The engine run's signals and query, declared once: the workflow handles them (through
// workflows/definitions.ts) and the API sends them. Pure definitions, safe in workflow code.
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { EngineRunStatus } from './run-contract';

// POST /v1/runs/{id}/signals/{approve|webhook|cancel}, body {payload}.
/** `payload.approved` true/false decides a waiting control.approval node; optional `payload.node_id` targets one. */
export const approveSignal = defineSignal<[payload: Record<string, unknown>]>('approve');
/** Resumes a waiting control.wait_webhook node with the payload; optional `payload.node_id` targets one. */
export const webhookSignal = defineSignal<[payload: Record<string, unknown>]>('webhook');
/** Cancels the run: in-flight nodes are cancelled and the run ends `cancelled`. */
export const cancelSignal = defineSignal<[payload?: Record<string, unknown>]>('cancel');
export const engineRunStatusQuery = defineQuery<EngineRunStatus>('status');
/** The signal names a run accepts, for the API's 400 on anything else. */
export const ENGINE_RUN_SIGNALS = ['approve', 'webhook', 'cancel'] as const;
