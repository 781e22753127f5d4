import { z } from 'zod';
import { contentWords, type NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  goal: z.string().max(10_000).optional().describe('What should be achieved; when omitted, the text arriving on the input.'),
  context: z.string().max(20_000).default('').describe('Facts, constraints and resources the plan should respect.'),
  max_steps: z.number().int().min(2).max(20).default(6).describe('Most steps in the plan.'),
  model: modelParam(),
});

const Step = z.object({ title: z.string().min(1), detail: z.string().default(''), done_when: z.string().default('') });
const Answer = z.object({ steps: z.array(Step).min(1) });

const VERB = /^(write|create|make|build|find|get|send|publish|record|edit|draft|research|design|render|post|upload|review|collect|list|plan|test|fix|add|update|prepare|schedule|generate|translate|summari[sz]e)\b/i;

/** Splits a goal into its action clauses ("research X, then write Y and publish Z"). */
export function localPlan(goal: string, max: number): z.output<typeof Step>[] {
  const clauses = goal
    .split(/\s*(?:;|\.|,?\s+then\s+|,\s*and\s+|\s+and\s+(?=(?:write|create|make|build|find|get|send|publish|record|edit|draft|research|design|render|post|upload|review|collect|list|test|fix|add|update|prepare|schedule|generate|translate|summari[sz]e)\b)|,\s+(?=[a-z]+\s))\s*/i)
    .map((c) => c.trim().replace(/^(?:first|next|finally|and)\s+/i, ''))
    .filter((c) => c.length > 2);
  const actions = clauses.filter((c) => VERB.test(c));
  const core = (actions.length ? actions : clauses).map((c) => c.charAt(0).toUpperCase() + c.slice(1));
  const topic = contentWords(goal).slice(0, 3).join(' ');
  const steps = [
    { title: `Clarify the goal and constraints for ${topic || 'the task'}`, detail: 'Restate the outcome, audience and limits; list what is already available.', done_when: 'The outcome and constraints are written down.' },
    ...core.map((c) => ({ title: c, detail: `Do: ${c.toLowerCase()}.`, done_when: `"${c}" is finished and its result is saved.` })),
    { title: 'Review the result against the goal', detail: 'Check every requirement of the goal; fix what is missing.', done_when: 'Every requirement is met.' },
  ];
  return steps.length > max ? [...steps.slice(0, max - 1), steps[steps.length - 1]!] : steps;
}

/** Decomposes a goal into ordered steps with the chat model. */
export const agentPlan: NodeDefinition<typeof params> = {
  type: 'agent.plan',
  version: 1,
  category: 'agent',
  subcategory: 'reasoning',
  name: 'Plan steps',
  description: 'Breaks a goal into at most `max_steps` ordered steps, each with a title, detail and a "done when" check, by asking the chat model for JSON (charged one chat call). When the answer is not usable the goal is split into its action clauses between a clarify step and a review step (`method: local`). `main` = {goal, steps: [{n, title, detail, done_when}], method}; `steps` emits the list alone (for loops).',
  tags: ['agent', 'ai', 'planning', 'decomposition', 'reasoning'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{goal, steps, method, model}' }, { name: 'steps', description: 'The steps array' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const goal = pickText(p.goal, inputs, 'goal');
    const r = await structuredTask(
      ctx,
      'agent.plan',
      { model: p.model, system: `You plan work. Break the goal into at most ${p.max_steps} ordered, concrete steps. JSON: {"steps":[{"title":"…","detail":"…","done_when":"…"}]}.${p.context ? `\nContext:\n${p.context}` : ''}`, prompt: goal, temperature: 0.2 },
      Answer,
      () => ({ steps: localPlan(goal, p.max_steps) }),
    );
    const steps = r.result.steps.slice(0, p.max_steps).map((s, i) => ({ n: i + 1, ...s }));
    return { output: { main: { goal, steps, method: r.method, model: r.model }, steps } };
  },
};
