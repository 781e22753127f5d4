import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../deps';
import { isoTime } from '../infra/http/views';
import type { VoiceAgent } from '../infra/db/schema/voice-agents';
import type { AgentFields } from './agent-input';
import { agentNotFound, voiceError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const VoiceToolView = z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()).describe('JSON Schema of the arguments') });
export const AgentView = z.object({
  id: z.string(),
  name: z.string(),
  instructions: z.string(),
  voice: z.string(),
  greeting: z.string().nullable(),
  language: z.string(),
  tools: z.array(VoiceToolView),
  model: z.string(),
  temperature: z.number().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  is_active: z.boolean(),
  created_at: isoTime,
  updated_at: isoTime,
});
export const AgentListView = z.object({ agents: z.array(AgentView), count: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export const AgentDeletedView = z.object({ deleted: z.literal(true), id: z.string() });

/** The agent object as the API shows it. */
export function agentView(a: VoiceAgent): z.output<typeof AgentView> {
  return {
    id: a.id,
    name: a.name,
    instructions: a.instructions,
    voice: a.voice,
    greeting: a.greeting,
    language: a.language,
    tools: a.tools,
    model: a.model,
    temperature: a.temperature,
    metadata: a.metadata,
    is_active: a.is_active,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}

/** Voice agents of one account; another account's id is indistinguishable from an unknown one (404). */
export class AgentsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'config' | 'logger'>) {}

  async create(accountId: string, fields: AgentFields): Promise<VoiceAgent> {
    try {
      return await this.deps.db
        .insertInto('voice_agents')
        .values({
          id: randomUUID(), account_id: accountId, ...fields, model: this.deps.config.voice.model,
          tools: JSON.stringify(fields.tools), metadata: JSON.stringify(fields.metadata),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      this.deps.logger.error({ err }, 'voice agent insert failed');
      throw voiceError(500, 'The agent could not be created');
    }
  }

  async list(accountId: string, page: { limit: number; offset: number }): Promise<VoiceAgent[]> {
    return this.deps.db
      .selectFrom('voice_agents')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async get(accountId: string, id: string): Promise<VoiceAgent> {
    if (!UUID.test(id)) throw agentNotFound();
    const row = await this.deps.db.selectFrom('voice_agents').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    if (!row) throw agentNotFound();
    return row;
  }

  async update(accountId: string, id: string, patch: Partial<AgentFields>): Promise<VoiceAgent> {
    if (!UUID.test(id)) throw agentNotFound();
    const { tools, metadata, ...rest } = patch;
    let row: VoiceAgent | undefined;
    try {
      row = await this.deps.db
        .updateTable('voice_agents')
        .set({
          ...rest,
          ...(tools !== undefined ? { tools: JSON.stringify(tools) } : {}),
          ...(metadata !== undefined ? { metadata: JSON.stringify(metadata) } : {}),
          // Strictly later than the last write, even within one clock tick.
          updated_at: new Date(),
        })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    } catch (err) {
      this.deps.logger.error({ err }, 'voice agent update failed');
      throw voiceError(500, 'The agent could not be updated');
    }
    if (!row) throw agentNotFound();
    return row;
  }

  async delete(accountId: string, id: string): Promise<{ deleted: true; id: string }> {
    if (!UUID.test(id)) throw agentNotFound();
    let deleted;
    try {
      deleted = await this.deps.db.deleteFrom('voice_agents').where('account_id', '=', accountId).where('id', '=', id).returning('id').executeTakeFirst();
    } catch (err) {
      this.deps.logger.error({ err }, 'voice agent delete failed');
      throw voiceError(500, 'The agent could not be deleted');
    }
    if (!deleted) throw agentNotFound();
    return { deleted: true as const, id: deleted.id };
  }
}
