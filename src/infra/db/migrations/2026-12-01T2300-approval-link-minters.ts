import type { Kysely } from 'kysely';

// Who minted a one-time approval link (an API key id or a console user's e-mail), kept on the link
// and on the decision taken through it, so the audit says who put that vote in a stranger's hands.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_approval_links').addColumn('minted_by', 'text').execute();
  await db.schema.alterTable('engine_approval_decisions').addColumn('minted_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_approval_decisions').dropColumn('minted_by').execute();
  await db.schema.alterTable('engine_approval_links').dropColumn('minted_by').execute();
}
