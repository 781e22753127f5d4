// `npm run -s db:migrate` (the Helm chart's migration Job): migrates an empty database, then finds
// nothing to do; refuses to run without DATABASE_URL.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../src/infra/db/postgres';
import { migrations } from '../../src/infra/db/migrations/index';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const script = ['--no-node-snapshot', '--import', 'tsx', join(root, 'scripts/db-migrate.ts')];
let db: ScratchDatabase;

beforeAll(async () => {
  db = await createScratchDatabase(inject('pgAdminUrl'), 'atelier_mig');
});
afterAll(async () => db?.drop());

describe('db:migrate', () => {
  it('applies every migration once, then reports the schema up to date', async () => {
    const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, ATELIER_DATA_DIR: inject('dataDir'), NODE_OPTIONS: '' };
    const first = await run(process.execPath, script, { env, cwd: root });
    expect(first.stdout).toContain(`applied ${Object.keys(migrations).length} migration(s)`);
    const second = await run(process.execPath, script, { env, cwd: root });
    expect(second.stdout.trim()).toBe('schema already up to date');
    const none = await run(process.execPath, script, { env: { ...env, DATABASE_URL: '' }, cwd: root }).catch((err: { code: number; stderr: string }) => err);
    expect(none).toMatchObject({ code: 2, stderr: expect.stringContaining('DATABASE_URL is not set') });
  });
});
