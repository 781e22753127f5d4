import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';
import { isUniqueViolation } from '../../infra/db/index';
import type { OutputRule } from '../../infra/db/schema/index';
import { coded, notFound } from '../../infra/http/errors';
import { assertDestinationOwned } from './destinations';
import { validatePathTemplate } from './path-template';
import { orNotFound } from '../../infra/db/or-not-found';
import { z } from 'zod';
import { isoTime } from '../../infra/http/views';

export const MAX_RULES_PER_KEY = 25;

const newRuleId = () => `rule_${randomBytes(10).toString('hex')}`;

/** Routing rule. */
export const RuleView = z.object({
  id: z.string(),
  object: z.literal('output_rule'),
  key_id: z.string(),
  model_pattern: z.string(),
  destination_id: z.string(),
  path_template: z.string().nullable(),
  priority: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});

export function ruleView(r: OutputRule): z.output<typeof RuleView> {
  return {
    id: r.id,
    object: 'output_rule',
    key_id: r.key_id,
    model_pattern: r.model_pattern,
    destination_id: r.destination_id,
    path_template: r.path_template,
    priority: r.priority,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const duplicate = (pattern: string) =>
  coded(409, 'pattern_already_routed', `A routing rule for model pattern '${pattern}' already exists on this key.`, { model_pattern: pattern });

export async function assertKeyOwned(db: Database, accountId: string, keyId: string): Promise<void> {
  await orNotFound(db.selectFrom('api_keys').select('id').where('id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst());
}

/** Rules of a key in evaluation order: lowest priority number first, then oldest. */
export function listRules(db: Database, accountId: string, keyId: string): Promise<OutputRule[]> {
  return db
    .selectFrom('output_rules')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('key_id', '=', keyId)
    .orderBy('priority', 'asc')
    .orderBy('created_at', 'asc')
    .execute();
}

export async function createRule(
  db: Database,
  accountId: string,
  keyId: string,
  input: { modelPattern: string; destinationId: string; pathTemplate: string | null; priority: number },
): Promise<OutputRule> {
  await assertKeyOwned(db, accountId, keyId);
  if (input.pathTemplate !== null) validatePathTemplate(input.pathTemplate);
  await assertDestinationOwned(db, accountId, input.destinationId);
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM api_keys WHERE id = ${keyId} FOR UPDATE`.execute(trx);
      const { n } = await trx.selectFrom('output_rules').select((eb) => eb.fn.countAll<number>().as('n')).where('key_id', '=', keyId).executeTakeFirstOrThrow();
      if (Number(n) >= MAX_RULES_PER_KEY) {
        throw coded(400, 'too_many_rules', `A key can have at most ${MAX_RULES_PER_KEY} routing rules.`, { limit: MAX_RULES_PER_KEY });
      }
      return trx
        .insertInto('output_rules')
        .values({
          id: newRuleId(),
          account_id: accountId,
          key_id: keyId,
          model_pattern: input.modelPattern,
          destination_id: input.destinationId,
          path_template: input.pathTemplate,
          priority: input.priority,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input.modelPattern);
    throw err;
  }
}

export async function updateRule(
  db: Database,
  accountId: string,
  keyId: string,
  ruleId: string,
  patch: { modelPattern?: string; destinationId?: string; pathTemplate?: string | null; clearPathTemplate?: boolean; priority?: number },
): Promise<OutputRule> {
  await assertKeyOwned(db, accountId, keyId);
  const existing = await orNotFound(db.selectFrom('output_rules').selectAll().where('id', '=', ruleId).where('key_id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst());
  const set: Record<string, unknown> = { updated_at: new Date() };
  if (patch.modelPattern !== undefined) set.model_pattern = patch.modelPattern;
  if (patch.destinationId !== undefined) {
    await assertDestinationOwned(db, accountId, patch.destinationId);
    set.destination_id = patch.destinationId;
  }
  if (patch.clearPathTemplate) set.path_template = null;
  else if (patch.pathTemplate !== undefined) {
    if (patch.pathTemplate !== null) validatePathTemplate(patch.pathTemplate);
    set.path_template = patch.pathTemplate;
  }
  if (patch.priority !== undefined) set.priority = patch.priority;
  try {
    return await db.updateTable('output_rules').set(set).where('id', '=', ruleId).where('account_id', '=', accountId).returningAll().executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(patch.modelPattern ?? existing.model_pattern);
    throw err;
  }
}

export async function deleteRule(db: Database, accountId: string, keyId: string, ruleId: string): Promise<void> {
  await assertKeyOwned(db, accountId, keyId);
  const res = await db.deleteFrom('output_rules').where('id', '=', ruleId).where('key_id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound();
}

/**
 * Copies every routing rule of one key to another (key rotation); returns how many
 * were copied. Accepts a transaction so rotation can clone inside its own.
 */
export async function cloneOutputRules(db: Database, fromKeyId: string, toKeyId: string): Promise<number> {
  const rules = await db.selectFrom('output_rules').selectAll().where('key_id', '=', fromKeyId).execute();
  if (rules.length === 0) return 0;
  await db
    .insertInto('output_rules')
    .values(
      rules.map((r) => ({
        id: newRuleId(),
        account_id: r.account_id,
        key_id: toKeyId,
        model_pattern: r.model_pattern,
        destination_id: r.destination_id,
        path_template: r.path_template,
        priority: r.priority,
      })),
    )
    .execute();
  return rules.length;
}
