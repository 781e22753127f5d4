import { sql } from 'kysely';
import type { Deps } from '../src/deps';

export function createPingActivities(deps: Pick<Deps, 'db'>) {
  return {
    async ping(message: string): Promise<{ message: string; echoedAt: string; database: string }> {
      const row = await sql<{ now: Date; db: string }>`select now() as now, current_database() as db`.execute(deps.db);
      const first = row.rows[0];
      return { message, echoedAt: (first?.now ?? new Date()).toISOString(), database: first?.db ?? 'unknown' };
    },
  };
}
