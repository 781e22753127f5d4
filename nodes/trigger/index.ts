// The `trigger` category: one folder per node type, each registered here as `trigger/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { triggerEvent } from './event/index';
import { triggerManual } from './manual/index';
import { triggerSchedule } from './schedule/index';
import { triggerWebhook } from './webhook/index';

export const triggerNodes: Record<string, NodeDefinition[]> = {
  'trigger/event': [triggerEvent],
  'trigger/manual': [triggerManual],
  'trigger/schedule': [triggerSchedule],
  'trigger/webhook': [triggerWebhook],
};
