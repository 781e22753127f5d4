// `npm run admin-key`: mints a new admin live key straight in the server's own database — the way
// back when every admin key is lost. It reads the same configuration as the server (DATABASE_URL,
// or the embedded PostgreSQL under $ATELIER_DATA_DIR/pg, started for the moment if the server is
// not running). Prints only the key on stdout, so `KEY=$(npm run -s admin-key)` works.
//
//   npm run admin-key                          # the owner account (ATELIER_BOOTSTRAP_EMAIL), else the oldest
//   npm run admin-key -- --account acct_…      # or --account owner@example.com
//   npm run admin-key -- --name "recovery"     # the key's name (default: "admin (recovered)")
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { insertApiKey } from '../src/platform/accounts/accounts';
import { exitWith, withServerDatabase } from './operator';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { account: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.error('usage: npm run admin-key [-- --account <acct_id|email>] [--name <key name>]');
    return 0;
  }
  const name = (values.name ?? 'admin (recovered)').trim();
  if (name.length < 1 || name.length > 64) {
    console.error('--name must be 1 to 64 characters');
    return 2;
  }
  const config = loadConfig();
  return withServerDatabase(config, async (db) => {
    const tables = await db.selectFrom('accounts').select('id').limit(1).execute().catch(() => null);
    if (tables === null) {
      console.error('This database has no Atelier tables yet: start the server once (npm run dev or npm start) first.');
      return 1;
    }
    const wanted = values.account?.trim();
    let query = db.selectFrom('accounts').select(['id', 'email', 'status']);
    if (wanted) {
      query = wanted.startsWith('acct_') ? query.where('id', '=', wanted) : query.where('email', '=', wanted.toLowerCase());
    } else {
      // The owner account the server created on its first start, else the oldest account.
      const owner = await db.selectFrom('accounts').select('id').where('email', '=', config.bootstrap.email).executeTakeFirst();
      query = owner ? query.where('id', '=', owner.id) : query.orderBy('created_at', 'asc').limit(1);
    }
    const account = await query.executeTakeFirst();
    if (!account) {
      console.error(wanted ? `No account ${wanted}.` : 'This database has no account yet: start the server once to create one.');
      return 1;
    }
    const created = await insertApiKey(db, { accountId: account.id, name, type: 'admin', environment: 'production' });
    console.error(`Admin key ${created.row.id} ("${name}") created for ${account.id}${account.email ? ` (${account.email})` : ''}; shown once:`);
    if (account.status === 'suspended') console.error(`Note: account ${account.id} is suspended; its keys answer 403 until it is reactivated.`);
    console.log(created.key);
    return 0;
  });
}

exitWith(main());
