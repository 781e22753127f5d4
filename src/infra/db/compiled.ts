import type { CompiledQuery } from 'kysely';
import { prepared, type Database } from './index';

/**
 * A hot statement built by kysely and compiled to SQL once per process, on its first use: each
 * call only swaps in `parameters`, in the order of the compiled statement's placeholders (build it
 * with stand-in values where the parameters go). Building and compiling the same query tree on
 * every call costs more CPU than sending it. Sent as a named prepared statement (./index.ts
 * `prepared`): parsed and planned once per connection. Runs on the database or inside a transaction.
 */
export function compiledOnce<R>(build: (db: Database) => CompiledQuery<R>): (db: Database, parameters: readonly unknown[]) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  return async (db, parameters) => {
    compiled ??= prepared(build(db));
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
