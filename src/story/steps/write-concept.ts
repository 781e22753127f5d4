import { generateConcept } from '../concept';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { LEDGER_LABELS, STEP_CREDITS } from '../contract/pricing';
import type { StepKit } from './kit';

/** Step 1: charges, writes the concept (deterministic in the seed) and creates the story row. */
export async function writeConcept(kit: StepKit, input: Extract<StepActivityInput, { kind: 'concept' }>, expiresAtMs: number): Promise<StepOutcome> {
  const paid = await kit.charge(input, STEP_CREDITS.concept, LEDGER_LABELS.concept);
  const b = input.body;
  const c = generateConcept({ prompt: b.prompt, style: b.style, num_scenes: b.num_scenes, duration: b.duration, language: b.language, seed: b.seed });
  const params = { style: b.style, num_scenes: b.num_scenes, duration: b.duration, language: b.language, seed: b.seed, aspect_ratio: b.aspect_ratio };
  await kit.db
    .insertInto('stories')
    .values({
      id: input.storyId, account_id: input.accountId, sandbox: input.sandbox, prompt: b.prompt, params: JSON.stringify(params),
      concept: JSON.stringify(c), steps_done: JSON.stringify(['concept']), expires_at: new Date(expiresAtMs),
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ concept: JSON.stringify(c), params: JSON.stringify(params) }))
    .execute();
  return { credits_used: paid.credits_used, billing: paid.billing };
}
