import type { Style } from '../catalog';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { LEDGER_LABELS, STEP_CREDITS } from '../contract/pricing';
import { hashString, rng } from '../../generation/prng';
import { conceptOf, paramsOf, storyPrefix } from '../store';
import { drawPortrait } from './generate';
import { embedding, short, type StepKit } from './kit';

const NAMES = {
  female: ['Ada', 'Mira', 'Lena', 'Yuki', 'Sofia', 'Nora', 'Iris', 'Zofia'],
  male: ['Bram', 'Kai', 'Tomas', 'Leo', 'Marek', 'Hugo', 'Ren', 'Elias'],
  'non-binary': ['Robin', 'Sky', 'Quinn', 'Ash', 'Noa', 'Sasha', 'River', 'Kit'],
};

/** Step 2: names the cast (requested or the concept's), draws a reference portrait of each. */
export async function castCharacters(kit: StepKit, input: Extract<StepActivityInput, { kind: 'characters' }>): Promise<StepOutcome> {
  const { db, blobs } = kit;
  const story = await kit.liveStory(input);
  kit.requireStep(story, 'characters', 'concept');
  const c = conceptOf(story)!;
  const params = paramsOf(story);
  const paid = await kit.charge(input, STEP_CREDITS.characters, LEDGER_LABELS.characters);
  const style = (input.body.style ?? params.style) as Style;
  const wanted = input.body.characters ?? c.characters_needed.map((n) => ({ role: n.role, description: n.description, age: undefined, gender: undefined, name: undefined }));
  const r = rng(params.seed * 17 + 3);
  const rows = await Promise.all(wanted.map(async (w, position) => {
    const gender = w.gender ?? r.pick(['female', 'male', 'non-binary'] as const);
    const name = w.name ?? r.pick(NAMES[gender]);
    const id = `chr_${short(`${input.operationId}:${position}`)}${position}`;
    const png = await drawPortrait(kit, input.sandbox, { style, width: 1024, height: 1024, seed: hashString(id), name, role: w.role, description: w.description, version: 1 });
    const key = `${storyPrefix(input.accountId, input.storyId)}/characters/${id}-v1.png`;
    await blobs.put(key, png);
    await kit.progress(input, `char:${position}`, ((position + 1) / wanted.length) * 100, `Character ${name} drawn`);
    return {
      id, story_id: input.storyId, account_id: input.accountId, position, role: w.role, name, description: w.description,
      age: w.age ?? null, gender, image_key: key, consistency_embedding: JSON.stringify(embedding(`${style}|${w.description}|${name}`)), version: 1,
    };
  }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('story_characters').where('story_id', '=', input.storyId).execute();
    await trx.insertInto('story_characters').values(rows).execute();
  });
  if (style !== params.style) {
    await db.updateTable('stories').set({ params: JSON.stringify({ ...params, style }) }).where('id', '=', input.storyId).execute();
  }
  return { credits_used: paid.credits_used, billing: paid.billing };
}
