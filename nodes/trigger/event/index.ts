import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { conditionSchema, test } from '../../_lib/conditions';
import { getPath } from '../../_lib/items';
import { runTriggerInfo } from '../../_lib/run-info';

const params = z.object({
  event: z.string().max(200).default('').describe('Event name this workflow handles (`order.created`); when set, the run input\'s `event_field` must equal it (`*` suffix matches a prefix: `order.*`).'),
  event_field: z.string().max(200).default('event').describe('Where the event name sits in the run input.'),
  conditions: z.array(conditionSchema).max(20).default([]).describe('Further conditions on the run input, all of which must hold.'),
});

function nameMatches(pattern: string, name: unknown): boolean {
  if (!pattern) return true;
  if (typeof name !== 'string') return false;
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

/** Entry point for event-driven runs: passes the event on `main` only when it is one this workflow handles. */
export const triggerEvent: NodeDefinition<typeof params> = {
  type: 'trigger.event',
  version: 1,
  category: 'trigger',
  subcategory: 'events',
  name: 'Event trigger',
  description: 'Starts runs from an event delivered as the run input (`{event: "order.created", data: …}` from a hook or another workflow): `main` = the input when the event name and conditions match, else the input goes to `ignored` and the branch after `main` is skipped. `trigger` = {type, run_id, workflow_id, created_at, sandbox, event}.',
  tags: ['trigger', 'start', 'event'],
  params,
  inputs: [],
  outputs: [
    { name: 'main', description: 'The event (run input) when it matches.' },
    { name: 'ignored', description: 'The event when it does not match.' },
    { name: 'trigger', description: 'What started the run.' },
  ],
  execution: 'local',
  reads: ['runInput'],
  async execute(ctx, { params: p }) {
    const input = ctx.runInput ?? {};
    const name = getPath(input, p.event_field);
    const matches = nameMatches(p.event, name) && p.conditions.every((c) => test(input, c));
    const trigger = { ...(await runTriggerInfo(ctx)), event: typeof name === 'string' ? name : null };
    return { output: matches ? { main: input, trigger } : { ignored: input, trigger } };
  },
};
