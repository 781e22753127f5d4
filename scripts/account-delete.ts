// `npm run -s account:delete`: deletes an account and everything it owns — its rows (runs,
// workflows, keys, ledger, files…), its blob folder and its buckets on the S3 server (object-store
// buckets with their objects and access keys, simple-bucket files) — straight in the server's own
// database, blob store and S3 server. The public API cannot delete an account; this is the operator's way. It reads the same
// configuration as the server (DATABASE_URL or the embedded PostgreSQL under $ATELIER_DATA_DIR/pg;
// the blob store the server uses, a local folder or the S3 bucket).
//
//   npm run -s account:delete -- --account acct_…            # prints what would go, deletes nothing
//   npm run -s account:delete -- --account user@example.com --yes
//   npm run -s account:delete -- --account owner@… --yes --force-owner   # the bootstrap owner too
//
// Exit codes: 0 deleted (whatever the S3 server or blob store could not delete yet is left for the
// worker's sweep, and said so); 1 nothing deleted (no --yes, runs still queued or running, the
// owner account without --force-owner, or no such account); 2 usage.
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/infra/db/index';
import { ApiError } from '../src/infra/http/errors';
import { accountBlobPrefix, deleteAccount } from '../src/platform/accounts/account-deletion';
import type { BlobStore } from '../src/storage/blob-store';
import { createBlobStore } from '../src/storage/blob-store-s3';
import { exitWith, withServerDatabase } from './operator';

const USAGE = 'usage: npm run -s account:delete -- --account <acct_id|email> [--yes] [--force-owner]';
/** Active runs named one by one in a refusal; the rest are counted. */
const LISTED_RUNS = 20;

interface Account {
  id: string;
  email: string | null;
  name: string;
  status: string;
}

async function countRows(db: Database, table: 'runs' | 'workflows' | 'api_keys' | 'face_assets', accountId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the deletion takes with it, as lines for the operator. */
async function describe(db: Database, blobs: BlobStore, account: Account, s3BucketCount: number): Promise<string[]> {
  const [runs, workflows, keys, assets] = await Promise.all(
    (['runs', 'workflows', 'api_keys', 'face_assets'] as const).map((table) => countRows(db, table, account.id)),
  );
  const files = await db
    .selectFrom('storage_files')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), eb.val('0')).as('bytes')])
    .where('account_id', '=', account.id)
    .executeTakeFirstOrThrow();
  const prefix = accountBlobPrefix(account.id);
  let blobCount = 0;
  let blobBytes = 0;
  for await (const blob of blobs.list(prefix)) {
    blobCount++;
    blobBytes += blob.size;
  }
  return [
    `account ${account.id}${account.email ? ` (${account.email})` : ''} "${account.name}", ${account.status}`,
    `  runs: ${runs}, workflows: ${workflows}, API keys: ${keys}, face assets: ${assets}`,
    `  simple-bucket files: ${files.n} (${files.bytes} bytes), object-store buckets: ${s3BucketCount}`,
    `  blobs under ${prefix} in the ${blobs.backend} blob store: ${blobCount} (${blobBytes} bytes)`,
  ];
}

async function liveS3Buckets(db: Database, accountId: string) {
  return db.selectFrom('s3_buckets').select(['id', 'server_bucket']).where('account_id', '=', accountId).where('deleted_at', 'is', null).execute();
}

/** Simple buckets with how many files each holds. */
async function simpleBuckets(db: Database, accountId: string) {
  return db
    .selectFrom('simple_buckets as b')
    .leftJoin('storage_files as f', 'f.bucket_id', 'b.id')
    .select((eb) => ['b.id', 'b.name', 'b.path_prefix', eb.fn.count<string>('f.id').as('n')])
    .where('b.account_id', '=', accountId)
    .groupBy(['b.id', 'b.name', 'b.path_prefix'])
    .orderBy('b.id')
    .execute();
}

async function activeRuns(db: Database, accountId: string) {
  return db
    .selectFrom('runs')
    .select(['id', 'status', 'workflow_id'])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('created_at', 'asc')
    .execute();
}

async function run(config: Config, db: Database, opts: { account: string; yes: boolean; forceOwner: boolean }): Promise<number> {
  const tables = await db.selectFrom('accounts').select('id').limit(1).execute().catch(() => null);
  if (tables === null) {
    console.error('This database has no Atelier tables yet: there is no account to delete.');
    return 1;
  }
  const wanted = opts.account;
  const query = db.selectFrom('accounts').select(['id', 'email', 'name', 'status']);
  const account = await (wanted.startsWith('acct_') ? query.where('id', '=', wanted) : query.where('email', '=', wanted.toLowerCase())).executeTakeFirst();
  if (!account) {
    console.error(`No account ${wanted} (not found): nothing deleted.`);
    return 1;
  }

  const blobs = createBlobStore(config);
  const isOwner = account.email === config.bootstrap.email;
  const [active, s3Buckets, simple] = await Promise.all([activeRuns(db, account.id), liveS3Buckets(db, account.id), simpleBuckets(db, account.id)]);
  const lines = await describe(db, blobs, account, s3Buckets.length);
  // The buckets go with the account, on the S3 server too (objects, versions, access keys).
  for (const b of s3Buckets) lines.push(`  object-store bucket ${b.id} (${b.server_bucket} on the S3 server), with its objects and access keys`);
  for (const b of simple) lines.push(`  simple bucket ${b.id} "${b.name}", ${b.n} file(s)`);
  const proceeds = opts.yes && (!isOwner || opts.forceOwner) && active.length === 0;
  console.log(`${proceeds ? 'Deleting' : 'Would delete'} ${lines.join('\n')}`);

  if (isOwner && !opts.forceOwner) {
    console.error(`${account.id} is the owner account the server creates on its first start (ATELIER_BOOTSTRAP_EMAIL); add --force-owner to delete it anyway. Nothing deleted.`);
    return 1;
  }
  if (active.length > 0) {
    const them = active.length === 1 ? 'it' : 'them';
    console.error(`${account.id} has ${active.length} run(s) queued or running; cancel ${them} first (POST /engine/v1/v1/runs/<run_id>/cancel with the account's key). Nothing deleted.`);
    for (const r of active.slice(0, LISTED_RUNS)) console.error(`  ${r.id}  ${r.status}  workflow ${r.workflow_id}`);
    if (active.length > LISTED_RUNS) console.error(`  … and ${active.length - LISTED_RUNS} more`);
    return 1;
  }
  if (!opts.yes) {
    console.error('Nothing deleted: add --yes to delete the account and all of the above.');
    return 1;
  }

  // Warnings (a blob store that failed) on stderr; stdout keeps only what the command reports.
  const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn', base: { service: 'atelier', role: 'account-delete' } }, pino.destination(2));
  try {
    await deleteAccount({ db, blobs, logger, config }, account.id);
  } catch (err) {
    // A run started, or the account went, between the checks above and the deletion's transaction.
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
      const message = (err.body as { detail?: string | { message?: string } }).detail;
      console.error(`${typeof message === 'string' ? `No account ${account.id} (${message})` : (message?.message ?? err.message)} Nothing deleted.`);
      return 1;
    }
    throw err;
  }
  const prefix = accountBlobPrefix(account.id);
  const left = await db.selectFrom('blob_deletions').select('prefix').where('prefix', '=', prefix).executeTakeFirst();
  if (left) console.error(`The blob store failed: the blobs under ${prefix} are left for the worker's next result sweep, which deletes them.`);
  const onServer = [...s3Buckets.map((b) => ({ bucket: b.server_bucket, prefix: '' })), ...simple.map((b) => ({ bucket: config.storage.simpleBucket, prefix: b.path_prefix }))];
  for (const t of onServer) {
    const stuck = await db.selectFrom('s3_deletions').select('bucket').where('bucket', '=', t.bucket).where('prefix', '=', t.prefix).executeTakeFirst();
    if (stuck) console.error(`The S3 server failed: ${t.bucket}/${t.prefix} is left for the worker's next result sweep, which deletes it.`);
  }
  console.log(`Deleted account ${account.id}.`);
  return 0;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        account: { type: 'string' },
        yes: { type: 'boolean' },
        'force-owner': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const account = values.account?.trim();
  if (!account) {
    console.error(`--account is required\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  return withServerDatabase(config, (db) => run(config, db, { account, yes: values.yes === true, forceOwner: values['force-owner'] === true }), { max: 2 });
}

exitWith(main());
