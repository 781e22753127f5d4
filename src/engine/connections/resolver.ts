// A node's `credentials: {slot: connection_id}` resolved inside the executeNode
// activity only: the workflow and its history carry the connection ids, never the secret, and no
// event or node output is written from here. Node authors call `nodeCredentials(ctx).get(slot)`.
import type { Deps } from '../../deps';
import { NodeError } from '../contract/node-error';
import type { NodeContext } from '../types';
import { openSecret } from '../../platform/webhooks/secret-box';

export interface ResolvedCredential {
  connection_id: string;
  provider: string;
  name: string;
  metadata: Record<string, unknown>;
  /** The opened secret: use it for the call, never put it in an output, a log or an error. */
  secret: string;
}

export interface CredentialResolver {
  /** The slots this node declares. */
  slots(): string[];
  /** The connection behind `slot`; a missing slot or connection fails the node (not retried). */
  get(slot: string): Promise<ResolvedCredential>;
}

export function credentialResolver(deps: Pick<Deps, 'db' | 'config'>, accountId: string, credentials: Record<string, string> | undefined): CredentialResolver {
  const slots = credentials ?? {};
  return {
    slots: () => Object.keys(slots),
    async get(slot) {
      const id = Object.prototype.hasOwnProperty.call(slots, slot) ? slots[slot] : undefined;
      if (!id) throw new NodeError(`credentials slot "${slot}" is not set on this node (credentials: {"${slot}": "<connection_id>"})`, { type: 'credentials_missing' });
      const row = await deps.db.selectFrom('engine_connections').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
      if (!row) throw new NodeError(`connection ${id} (slot "${slot}") does not exist`, { type: 'connection_not_found' });
      return { connection_id: row.id, provider: row.provider, name: row.name, metadata: row.metadata, secret: openSecret(deps.config.encryptionKey, row.secret_sealed) };
    },
  };
}

/** What nodes call: the resolver the executor put on `ctx.services.credentials`. */
export function nodeCredentials(ctx: Pick<NodeContext, 'services'>): CredentialResolver {
  const resolver = ctx.services.credentials as CredentialResolver | undefined;
  if (!resolver) throw new NodeError('this executor provides no credentials resolver', { type: 'credentials_missing' });
  return resolver;
}
