// Credential slots. A node that needs a secret names a slot (`postgres`, `slack`, `s3`…); the
// workflow spec binds the slot to a connection (NodeSpec `credentials: {slot: connection_id}`,
// POST /engine/v1/v1/connections), and the executor resolves it inside the activity through
// `ctx.services.credentials` (src/engine/connections/resolver.ts). A connection gives its
// `metadata` (host, port, user, base_url…) and its sealed `secret` (a password or token; a JSON
// object secret such as {"access_key_id":…,"secret_access_key":…} is spread into fields).
// When the slot is not bound, a node falls back to the fields in its `credential` param (handy in
// tests and local experiments; a connection keeps the secret out of the stored spec).
// A credential is never emitted on an output port nor written to the node logs.
import { z } from 'zod';
import type { CredentialResolver } from '../../src/engine/connections/resolver';
import { NodeError } from '../../src/engine/contract/node-error';
import type { NodeContext } from '../../src/engine/types';
import { isRecord } from './items';

/** The connection fields for `slot`: the bound connection when there is one, else the inline params. */
export async function credential(ctx: NodeContext, slot: string, inline: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
  const resolver = ctx.services.credentials as CredentialResolver | undefined;
  if (resolver && typeof resolver.slots === 'function' && resolver.slots().includes(slot)) {
    const c = await resolver.get(slot);
    let spread: Record<string, unknown> = {};
    if (c.secret.trim().startsWith('{')) {
      try {
        const parsed = JSON.parse(c.secret) as unknown;
        if (isRecord(parsed)) spread = parsed;
      } catch { /* a plain secret that happens to start with a brace */ }
    }
    return { ...(inline ?? {}), ...c.metadata, secret: c.secret, ...spread };
  }
  return { ...(inline ?? {}) };
}

/** A string field of a credential (first of `fields` that is set), or a clear error naming the slot, never a value. */
export function requireField(cred: Record<string, unknown>, fields: string[], slot: string): string {
  for (const f of fields) {
    const v = cred[f];
    if (typeof v === 'string' && v.length > 0) return v;
    if (typeof v === 'number') return String(v);
  }
  throw new NodeError(`missing credential: bind a connection to the "${slot}" slot (credentials: {"${slot}": "<connection_id>"}) or set params.credential.${fields[0]}`, { type: 'missing_credential' });
}

/** An optional string field. */
export function optionalField(cred: Record<string, unknown>, fields: string[]): string | undefined {
  for (const f of fields) {
    const v = cred[f];
    if (typeof v === 'string' && v.length > 0) return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** The params field every credential-taking node has: an inline fallback for the slot. */
export const inlineCredential = (fields: string) =>
  z.record(z.string(), z.unknown()).optional()
    .describe(`Fallback when no connection is bound to the node's credentials slot: ${fields}. Prefer a connection — params are stored with the workflow.`);

/** Replaces every occurrence of the secrets in a message (client errors may echo them). */
export function redact(message: string, secrets: (string | undefined)[]): string {
  let out = message;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}
