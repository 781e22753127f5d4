import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { runTriggerInfo } from '../../_lib/run-info';

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const params = z.object({
  cron: z.string().max(200).default('').describe('The cron expression this workflow is meant to run on, for readers of the spec; the schedule itself is created with POST /engine/v1/v1/schedules (workflow_id, cron, timezone, input).'),
  timezone: z.string().max(64).default('UTC').refine(validZone, 'unknown IANA time zone').describe('IANA time zone in which `fired_local` is reported.'),
});

/** Entry point of scheduled runs: the schedule's input plus when it fired, in the schedule's zone. */
export const triggerSchedule: NodeDefinition<typeof params> = {
  type: 'trigger.schedule',
  version: 1,
  category: 'trigger',
  subcategory: 'time',
  name: 'Schedule trigger',
  description: 'Starts runs fired by a schedule (cron): `main` = the schedule\'s input; `trigger` = {type, run_id, workflow_id, created_at, sandbox, cron, timezone, fired_at, fired_local}. Also runs when the workflow is started by hand, with type `manual`.',
  tags: ['trigger', 'start', 'cron', 'schedule'],
  params,
  inputs: [],
  outputs: [{ name: 'main', description: 'The run input (the schedule\'s `input`).' }, { name: 'trigger', description: 'What fired the run and when.' }],
  execution: 'local',
  reads: ['runInput'],
  async execute(ctx, { params: p }) {
    const info = await runTriggerInfo(ctx);
    const fired = info.created_at ? new Date(info.created_at) : new Date();
    const fired_local = new Intl.DateTimeFormat('sv-SE', { timeZone: p.timezone, dateStyle: 'short', timeStyle: 'medium' }).format(fired);
    return {
      output: {
        main: ctx.runInput ?? {},
        trigger: { ...info, cron: p.cron || null, timezone: p.timezone, fired_at: fired.toISOString(), fired_local },
      },
    };
  },
};
