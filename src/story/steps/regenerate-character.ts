import type { Style } from '../catalog';
import type { StepActivityInput, StepOutcome } from '../contract/steps';
import { LEDGER_LABELS, STEP_CREDITS } from '../contract/pricing';
import { hashString } from '../../generation/prng';
import { paramsOf, storyPrefix } from '../store';
import { drawPortrait } from './generate';
import { embedding, fail, short, type StepKit } from './kit';

/** Redraws one character's portrait as a new version (description and style hints applied). */
export async function regenerateCharacter(kit: StepKit, input: Extract<StepActivityInput, { kind: 'regenerate_character' }>): Promise<StepOutcome> {
  const { db, blobs } = kit;
  const story = await kit.liveStory(input);
  kit.requireStep(story, 'regenerate_character', 'characters');
  const ch = await db.selectFrom('story_characters').selectAll().where('story_id', '=', story.id).where('id', '=', input.body.character_id).executeTakeFirst();
  if (!ch) throw fail('invalid_request', `Character ${input.body.character_id} is not part of story ${story.id}`, { character_id: input.body.character_id });
  const paid = await kit.charge(input, STEP_CREDITS.regenerate_character, LEDGER_LABELS.regenerate_character);
  const version = ch.version + 1;
  const description = [input.body.description ?? ch.description, input.body.style_hints].filter(Boolean).join(' — ');
  const style = paramsOf(story).style as Style;
  const png = await drawPortrait(kit, input.sandbox, { style, width: 1024, height: 1024, seed: hashString(`${ch.id}:${version}`), name: ch.name, role: ch.role, description, version });
  const key = `${storyPrefix(input.accountId, input.storyId)}/characters/${ch.id}-v${version}-${short(input.operationId)}.png`;
  await blobs.put(key, png);
  await db.updateTable('story_characters')
    .set({ version, description, image_key: key, consistency_embedding: JSON.stringify(embedding(`${style}|${description}|${ch.name}`)) })
    .where('story_id', '=', story.id).where('id', '=', ch.id).where('version', '=', ch.version)
    .execute();
  return { credits_used: paid.credits_used, billing: paid.billing };
}
