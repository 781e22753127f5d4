// A node's `credentials: {slot: connection_id}` resolved inside the executeNode
// activity only: the workflow and its history carry the connection ids, never the secret, and no
// event or node output is written from here. Nodes reach it as `ctx.credentials`.
import type { Deps } from '../../deps';
import { NodeError } from '../contract/node-error';
import type { CredentialResolver } from '../contract/node-capabilities';
import { openSecret } from '../../platform/webhooks/secret-box';

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
