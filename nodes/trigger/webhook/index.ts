import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { getPath } from '../../_lib/items';
import { runTriggerInfo } from '../../_lib/run-info';

const params = z.object({
  required_fields: z.array(z.string().min(1)).max(100).default([]).describe('Field paths the request body must carry; a body without one of them fails the run at its first node with a clear message.'),
});

/** Entry point of runs started by a hook call (POST /hooks/{id}): the body is the run input. */
export const triggerWebhook: NodeDefinition<typeof params> = {
  type: 'trigger.webhook',
  version: 1,
  category: 'trigger',
  subcategory: 'http',
  name: 'Webhook trigger',
  description: 'Starts runs from an incoming hook call (a hook created with POST /engine/v1/v1/hooks, signed with x-fh-timestamp and x-fh-signature when it has a secret): `main` = the request body (the run input), checked for `required_fields`; `trigger` = {type, run_id, workflow_id, created_at, sandbox}.',
  tags: ['trigger', 'start', 'webhook', 'http'],
  params,
  inputs: [],
  outputs: [{ name: 'main', description: 'The hook\'s request body.' }, { name: 'trigger', description: 'What started the run.' }],
  execution: 'local',
  reads: ['runInput'],
  async execute(ctx, { params: p }) {
    const body = ctx.runInput ?? {};
    const missing = p.required_fields.filter((f) => getPath(body, f) === undefined);
    if (missing.length) throw new NodeError(`the webhook body lacks required field(s): ${missing.join(', ')}`, { type: 'invalid_input' });
    return { output: { main: body, trigger: await runTriggerInfo(ctx) } };
  },
};
