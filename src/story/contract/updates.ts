// The story workflow's update, declared once: the workflow handles it and the API sends it.
import { defineUpdate } from '@temporalio/workflow';
import type { StepOutcome, StepRequest } from './steps';

// Each step endpoint is one update; the HTTP call answers with its result.
export const storyStepUpdate = defineUpdate<StepOutcome, [StepRequest]>('storyStep');
