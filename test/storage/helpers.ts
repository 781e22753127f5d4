// The SDK's one-off Node 20 support notice is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect, inject } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { issueSessionToken } from '../../src/platform/auth/sessions';

export const OWNER = { email: 'owner@atelier.local', password: 'correct horse battery staple' };

/** A stack on the suite's S3 server (s3-dev.sh), plus the owner's session token. */
export async function startStorageStack(env: Record<string, string> = {}): Promise<{ stack: TestStack; session: string }> {
  const stack = await startStack({ S3_ENDPOINT: inject('s3Endpoint'), ...env });
  const login = await stack.api('POST', '/v1/console/login', { key: null, body: OWNER });
  expect(login.status).toBe(200);
  return { stack, session: login.body.token as string };
}

/** The S3 server as its root (what a test may inspect directly; clients never get this). */
export function rootClient(stack: TestStack): S3Client {
  const c = stack.config.storage;
  return new S3Client({ endpoint: c.endpoint, region: c.region, forcePathStyle: true, credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } });
}

/** A client holding only a bucket's virtual key, as a customer would configure it. */
export function clientWith(stack: TestStack, accessKeyId: string, secretAccessKey: string): S3Client {
  const c = stack.config.storage;
  return new S3Client({
    endpoint: c.publicEndpoint,
    region: c.region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export async function keysUnder(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

/** multipart/form-data upload through plain fetch (fields first, then the file). */
export async function upload(
  stack: TestStack,
  file: { bytes: Uint8Array | string; name: string; type?: string },
  fields: Record<string, string> = {},
  key: string | null = stack.adminKey,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${stack.url}/v1/photos/upload`, { method: 'POST', body: form, headers: key ? { authorization: `Bearer ${key}` } : {} });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* leave text */
  }
  return { status: res.status, body };
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2dd2a9b0000000049454e44ae426082',
  'hex',
);

/** A session token for any account (the console login covers only the bootstrap owner). */
export function sessionFor(stack: TestStack, accountId: string): Promise<string> {
  return issueSessionToken(stack.config.sessionSecret, { accountId });
}
