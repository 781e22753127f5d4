// S3-compatible object storage (AWS S3, MinIO, versitygw, R2…) with @aws-sdk/client-s3, from the
// `s3` credentials slot: {endpoint, region, access_key_id, secret_access_key, force_path_style}
// (a connection's secret may be the JSON of the two keys). A custom endpoint is checked like a
// user URL before the client is built.
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { BlockedAddressError } from '../../../infra/net/safe-fetch';
import { checkedAddress } from '../resolve-host';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { credential, inlineCredential, optionalField, redact, requireField } from './credentials';

export const s3Params = () => ({
  bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/).describe('Bucket name.'),
  credential: inlineCredential('{endpoint (omit for AWS), region, access_key_id, secret_access_key, force_path_style}'),
});

export const objectKey = () => z.string().min(1).max(1024).describe('Object key (`exports/2026/report.csv`).');

export interface S3Handle { client: S3Client; secret: string; endpoint: string | undefined }

export async function s3Client(ctx: NodeContext, inline: Record<string, unknown> | undefined): Promise<S3Handle> {
  const cred = await credential(ctx, 's3', inline);
  const accessKeyId = requireField(cred, ['access_key_id'], 's3');
  const secretAccessKey = requireField(cred, ['secret_access_key'], 's3');
  const endpoint = optionalField(cred, ['endpoint', 'base_url']);
  if (endpoint) {
    let host: string;
    try {
      host = new URL(endpoint).hostname;
    } catch {
      throw new NodeError('the s3 endpoint is not a URL', { type: 'invalid_credential' });
    }
    try {
      await checkedAddress(host, { allowPrivateNetwork: ctx.allowPrivateNetwork });
    } catch (err) {
      if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address' });
      throw new NodeError(`cannot resolve ${host}: ${(err as Error).message}`, { type: 'connection_error', retryable: true });
    }
  }
  const client = new S3Client({
    region: optionalField(cred, ['region']) ?? 'us-east-1', endpoint, forcePathStyle: cred.force_path_style !== false && Boolean(endpoint),
    credentials: { accessKeyId, secretAccessKey }, maxAttempts: 2,
  });
  return { client, secret: secretAccessKey, endpoint };
}

export function s3Error(err: unknown, h: S3Handle): NodeError {
  if (err instanceof NodeError) return err;
  const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode ?? 0 : 0;
  const name = (err as Error).name;
  const message = redact((err as Error).message || name, [h.secret]);
  return new NodeError(`s3: ${name}${message && message !== name ? `: ${message}` : ''}`, { type: name === 'NoSuchKey' || name === 'NotFound' ? 's3_not_found' : 's3_error', retryable: status === 0 || status >= 500 || status === 429 });
}
