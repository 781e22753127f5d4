// Where a generated file goes. Precedence: (1) the request's `output` object,
// (2) the key's first matching routing rule (lowest priority number first), (3) the key's
// default destination, (4) internal private storage served through a signed URL.
import { z } from 'zod';
import { isoTime } from '../../infra/http/views';
import { contentTypeFor } from '../../storage/blob-store';
import type { Deps } from '../../deps';
import type { OutputDestination } from '../../infra/db/schema/index';
import { openSecret } from '../webhooks/secret-box';
import { assertDestinationOwned, findDestination } from './destinations';
import { DEFAULT_TEMPLATE, globMatch, renderPathTemplate, validatePathTemplate } from './path-template';
import { listRules } from './rules';
import { s3Put } from './s3-put';

/** The optional `output` object of a generation request. */
export interface RequestOutput {
  destination_id?: string;
  path_template?: string;
}

export interface OutputPlan {
  source: 'request' | 'rule' | 'key' | 'default';
  destination: OutputDestination | null;
  template: string;
  ruleId: string | null;
  keepLocalCopy: boolean;
}

/** Decides the destination up front (before any money moves), so a bad `output` is a plain 400. */
export async function planOutput(
  deps: Deps,
  who: { accountId: string; keyId: string | null },
  model: string,
  requested?: RequestOutput,
): Promise<OutputPlan> {
  const key = who.keyId
    ? await deps.db.selectFrom('api_keys').select(['destination_id', 'keep_local_copy']).where('id', '=', who.keyId).where('account_id', '=', who.accountId).executeTakeFirst()
    : undefined;
  const keepLocalCopy = key?.keep_local_copy ?? false;
  if (requested?.path_template !== undefined) validatePathTemplate(requested.path_template);
  if (requested?.destination_id) {
    const destination = await assertDestinationOwned(deps.db, who.accountId, requested.destination_id);
    return { source: 'request', destination, template: requested.path_template ?? DEFAULT_TEMPLATE, ruleId: null, keepLocalCopy };
  }
  if (who.keyId) {
    for (const rule of await listRules(deps.db, who.accountId, who.keyId)) {
      if (!globMatch(rule.model_pattern, model)) continue;
      const destination = await findDestination(deps.db, who.accountId, rule.destination_id);
      if (destination) return { source: 'rule', destination, template: rule.path_template ?? DEFAULT_TEMPLATE, ruleId: rule.id, keepLocalCopy };
    }
  }
  if (key?.destination_id) {
    const destination = await findDestination(deps.db, who.accountId, key.destination_id);
    if (destination) return { source: 'key', destination, template: requested?.path_template ?? DEFAULT_TEMPLATE, ruleId: null, keepLocalCopy };
  }
  return { source: 'default', destination: null, template: DEFAULT_TEMPLATE, ruleId: null, keepLocalCopy };
}

/** Where a generated file went, as generation answers and job views show it. */
export const OutputLocationView = z.object({
  source: z.enum(['request', 'rule', 'key', 'default']).describe("What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage"),
  rule_id: z.string().nullable(),
  destination_id: z.string().nullable(),
  kind: z.enum(['internal', 's3']),
  path: z.string(),
  url_expires_at: isoTime.optional().describe('internal: when the signed URL expires'),
  status: z.enum(['delivered', 'failed']).optional().describe('s3: whether the delivery succeeded'),
  object_url: z.string().optional().describe('s3: the delivered object'),
  local_copy: z.boolean().optional().describe('s3: an internal copy is kept too (asked for, or the delivery failed)'),
  error: z.string().optional().describe('s3: why the delivery failed'),
});
export type OutputLocation = z.output<typeof OutputLocationView>;

export interface StoredOutput {
  /** Signed URL of the internal copy, or the external object URL when no local copy exists. */
  url: string;
  /** Blob-store key of the internal copy (null when the file lives only outside). */
  blobKey: string | null;
  output: OutputLocation;
}

/** Writes the file where the plan says and describes where it went. */
export async function storeOutput(
  deps: Deps,
  plan: OutputPlan,
  file: { accountId: string; jobId: string; model: string; ext: string; name: string; index: number; data: Buffer; now?: Date },
): Promise<StoredOutput> {
  const path = renderPathTemplate(plan.template, {
    model: file.model, jobId: file.jobId, userId: file.accountId, ext: file.ext, name: file.name, index: file.index, now: file.now ?? new Date(),
  });
  const base = { source: plan.source, rule_id: plan.ruleId, destination_id: plan.destination?.id ?? null };
  const internal = async (key: string) => {
    await deps.blobs.put(key, file.data);
    const signed = deps.blobs.signedUrl(key);
    return { key, url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  };

  if (!plan.destination) {
    const stored = await internal(deps.blobs.newKey(file.accountId, 'generations', `${file.jobId}-${file.index}.${file.ext}`));
    return { url: stored.url, blobKey: stored.key, output: { ...base, kind: 'internal', path: stored.key, url_expires_at: stored.expiresAt } };
  }

  const cfg = plan.destination.config as Record<string, string>;
  const objectPath = [cfg.prefix, path].filter(Boolean).join('/');
  if (plan.destination.kind === 'internal') {
    const stored = await internal(`${file.accountId}/destinations/${plan.destination.id}/${objectPath}`);
    return { url: stored.url, blobKey: stored.key, output: { ...base, kind: 'internal', path: objectPath, url_expires_at: stored.expiresAt } };
  }

  // s3: deliver outside; keep an internal copy when the key asks for one or when delivery fails.
  try {
    const put = await s3Put(
      { endpoint: cfg.endpoint!, region: cfg.region!, bucket: cfg.bucket!, accessKeyId: cfg.access_key_id!, secretAccessKey: openSecret(deps.config.encryptionKey, cfg.secret_enc!) },
      objectPath,
      file.data,
      contentTypeFor(`x.${file.ext}`),
      { allowPrivateNetwork: deps.config.allowPrivateNetwork },
    );
    if (!plan.keepLocalCopy) return { url: put.url, blobKey: null, output: { ...base, kind: 's3', path: objectPath, status: 'delivered', object_url: put.url } };
    const local = await internal(deps.blobs.newKey(file.accountId, 'generations', `${file.jobId}-${file.index}.${file.ext}`));
    return { url: local.url, blobKey: local.key, output: { ...base, kind: 's3', path: objectPath, status: 'delivered', object_url: put.url, local_copy: true } };
  } catch (err) {
    deps.logger.warn({ err, destination: plan.destination.id }, 's3 output delivery failed; kept an internal copy');
    const local = await internal(deps.blobs.newKey(file.accountId, 'generations', `${file.jobId}-${file.index}.${file.ext}`));
    return {
      url: local.url,
      blobKey: local.key,
      output: { ...base, kind: 's3', path: objectPath, status: 'failed', error: (err as Error).message, local_copy: true },
    };
  }
}
