// `npm run -s blobs:migrate`: copies a deployment's local blobs ($ATELIER_DATA_DIR/blobs) into the
// blob bucket on the S3 server the same environment names (S3_ENDPOINT, S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY, ATELIER_BLOB_BUCKET). Idempotent and resumable: objects already there
// with the same size and ETag are skipped, so run it before switching, again after, and after any
// interruption (Ctrl-C stops taking new files and lets the ones in flight finish). The local
// folder is left untouched; remove it once the deployment runs on the bucket.
//
//   npm run -s blobs:migrate                        # from $ATELIER_DATA_DIR/blobs
//   npm run -s blobs:migrate -- --from /mnt/old/blobs --concurrency 8 --json
//
// Prints the counts on stdout (a line, or JSON with --json); exit 1 when any file failed.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config';
import { migrateLocalBlobs } from '../src/storage/blob-migrate';
import { S3BlobStore } from '../src/storage/blob-store-s3';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      concurrency: { type: 'string' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.error('usage: npm run -s blobs:migrate [-- --from <dir>] [--concurrency N] [--json] [--quiet]');
    return 0;
  }
  const concurrency = Number(values.concurrency ?? 4);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error('--concurrency must be a whole number from 1 to 64');
    return 2;
  }
  const config = loadConfig();
  if (!config.storage.accessKeyId || !config.storage.secretAccessKey) {
    console.error('No S3 credentials: set S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
    return 2;
  }
  const root = resolve(values.from ?? join(config.dataDir, 'blobs'));
  const target = new S3BlobStore(config.storage, config.blobs.bucket, config.sessionSecret, config.publicBaseUrl);
  console.error(`Copying ${root} into bucket ${config.blobs.bucket} on ${config.storage.endpoint}`);

  const stop = new AbortController();
  const onSignal = () => {
    console.error('Stopping after the files in flight; run the command again to continue.');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const counts = await migrateLocalBlobs({
    root,
    target,
    concurrency,
    signal: stop.signal,
    onFile: (key, outcome, err) => {
      if (outcome === 'failed') console.error(`failed: ${key}: ${(err as Error).message}`);
      else if (!values.quiet && outcome === 'uploaded') console.error(`uploaded: ${key}`);
    },
  });
  if (values.json) console.log(JSON.stringify(counts));
  else {
    console.log(
      `scanned ${counts.scanned}, uploaded ${counts.uploaded} (${counts.bytesUploaded} bytes), ` +
        `skipped ${counts.skipped} (already in the bucket), failed ${counts.failed}${counts.interrupted ? ', interrupted' : ''}`,
    );
  }
  return counts.failed > 0 ? 1 : counts.interrupted ? 130 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
