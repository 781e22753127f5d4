import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { startStorageStack } from './helpers';

const run = promisify(execFile);
const has = async (cmd: string, args: string[]) => run(cmd, args).then(() => true, () => false);
const cli = await has('aws', ['--version']);
const boto3 = await has('python3', ['-c', 'import boto3']);

let stack: TestStack;
let session: string;

beforeAll(async () => {
  ({ stack, session } = await startStorageStack());
});
afterAll(async () => {
  await stack?.close();
});

// The commands the buy response hands out must work as given, with the stock AWS tools.
describe.skipIf(!cli && !boto3)('example_aws_cli and example_boto3 against the S3 server', () => {
  it('run as printed and reach the bucket with its virtual key', async () => {
    const p = await stack.api('POST', '/v1/storage/s3/buy', { key: session, body: { display_name: 'examples', quota_gb: 1 } });
    expect(p.status).toBe(201);
    const dir = mkdtempSync(join(tmpdir(), 'atelier-examples-'));
    writeFileSync(join(dir, 'photo.png'), Buffer.from('not really a png'));
    const env = { ...process.env, HOME: dir, AWS_CONFIG_FILE: join(dir, 'none'), AWS_SHARED_CREDENTIALS_FILE: join(dir, 'none') };
    if (cli) {
      const cmd = p.body.example_aws_cli as string;
      await run('bash', ['-c', cmd], { cwd: dir, env });
      const listed = await run('bash', ['-c', cmd.replace(/s3 cp .*$/, `s3 ls s3://${p.body.bucket.aws_bucket_name}/photos/`)], { cwd: dir, env });
      expect(listed.stdout).toContain('photo.png');
    }
    if (boto3) {
      const out = await run('python3', ['-c', p.body.example_boto3], { cwd: dir, env });
      expect(Number(out.stdout.trim())).toBeGreaterThanOrEqual(1);
    }
    const usage = await stack.api('GET', `/v1/storage/s3/buckets/${p.body.bucket.id}/usage`, { key: session });
    expect(usage.body.total_objects).toBe(1);
  });
});
