import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { asStorageError } from './unavailable';
import type { StorageConfig } from '../config';

/** node:crypto behind the hash interface @smithy/signature-v4 expects (sha256, HMAC when keyed). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    const key = secret === undefined || typeof secret === 'string' ? secret : ArrayBuffer.isView(secret) ? Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength) : Buffer.from(secret);
    this.hash = key === undefined ? createHash('sha256') : createHmac('sha256', key);
  }
  update(data: Uint8Array): void {
    this.hash.update(data);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    throw new Error('not resettable');
  }
}

export class S3AdminError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3AdminError';
  }
}

/**
 * versitygw's admin API (the same port as S3, signed with the root credentials): one server user
 * per bucket access key, so the server itself checks and revokes the keys Atelier hands out.
 */
export class VersitygwAdmin {
  private readonly signer: SignatureV4;
  private readonly url: URL;

  constructor(config: StorageConfig) {
    this.url = new URL(config.endpoint);
    this.signer = new SignatureV4({
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      region: config.region,
      service: 's3',
      sha256: NodeSha256,
    });
  }

  /** A `user`-role account: it reaches only buckets it owns or that a bucket policy grants it. */
  async createUser(access: string, secret: string): Promise<void> {
    const body = `<Account><Access>${xml(access)}</Access><Secret>${xml(secret)}</Secret><Role>user</Role><UserID>0</UserID><GroupID>0</GroupID><ProjectID>0</ProjectID></Account>`;
    await this.call('/create-user', {}, body);
  }

  /** Creates the user, or sets its secret when it exists already (idempotent). */
  async ensureUser(access: string, secret: string): Promise<void> {
    try {
      await this.createUser(access, secret);
    } catch (err) {
      if (!(err instanceof S3AdminError && err.code === 'XAdminUserExists')) throw err;
      await this.call('/update-user', { access }, `<MutableProps><Secret>${xml(secret)}</Secret></MutableProps>`);
    }
  }

  /** Idempotent: deleting a user that is already gone succeeds. */
  async deleteUser(access: string): Promise<void> {
    try {
      await this.call('/delete-user', { access });
    } catch (err) {
      if (err instanceof S3AdminError && /NotFound|not found|NoSuchUser/i.test(`${err.code} ${err.message}`)) return;
      throw err;
    }
  }

  async changeBucketOwner(bucket: string, owner: string): Promise<void> {
    await this.call('/change-bucket-owner', { bucket, owner });
  }

  private async call(path: string, query: Record<string, string>, body = ''): Promise<string> {
    const payloadHash = createHash('sha256').update(body).digest('hex');
    const signed = await this.signer.sign({
      method: 'PATCH',
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      port: this.url.port ? Number(this.url.port) : undefined,
      path,
      query,
      headers: { host: this.url.host, 'x-amz-content-sha256': payloadHash, ...(body ? { 'content-type': 'application/xml' } : {}) },
      body,
    });
    const qs = new URLSearchParams(query).toString();
    const res = await fetch(`${this.url.origin}${path}${qs ? `?${qs}` : ''}`, {
      method: 'PATCH',
      headers: signed.headers as Record<string, string>,
      body: body || undefined,
      signal: AbortSignal.timeout(10_000),
    }).catch((err: unknown) => {
      throw asStorageError(err);
    });
    const text = await res.text();
    if (!res.ok) {
      const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${res.status}`;
      const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? text.slice(0, 200);
      throw new S3AdminError(res.status, code, `versitygw admin ${path}: ${code}: ${message}`);
    }
    return text;
  }
}

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
