import { createHash, createHmac } from 'node:crypto';
import { safeFetch } from '../../infra/net/safe-fetch';

export interface S3Target {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * PUT one object to an S3-compatible endpoint (path-style URL), signed with AWS Signature V4.
 * The endpoint is user-supplied, so the request goes through the SSRF guard.
 */
export async function s3Put(
  target: S3Target,
  key: string,
  body: Buffer,
  contentType: string,
  opts: { allowPrivateNetwork: boolean; now?: Date },
): Promise<{ url: string }> {
  const now = opts.now ?? new Date();
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const base = new URL(target.endpoint);
  const path = `/${encodeURIComponent(target.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const url = new URL(path, base);
  const payloadHash = sha256(body);
  const headers: Record<string, string> = {
    host: url.host,
    'content-type': contentType,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  const signedHeaders = Object.keys(headers).sort().join(';');
  const canonical = ['PUT', url.pathname, '', ...Object.keys(headers).sort().map((h) => `${h}:${headers[h]}`), '', signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${target.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${target.secretAccessKey}`, day), target.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${target.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  const res = await safeFetch(url.toString(), { method: 'PUT', headers, body, timeoutMs: 60_000, maxBytes: 64 * 1024 }, { allowPrivateNetwork: opts.allowPrivateNetwork });
  if (res.status < 200 || res.status >= 300) throw new Error(`S3 PUT answered HTTP ${res.status}: ${res.body.toString('utf8').slice(0, 200)}`);
  return { url: url.toString() };
}
