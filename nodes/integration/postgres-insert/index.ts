import { z } from 'zod';
import { type NodeDefinition, passThrough } from '../../../src/engine/node-sdk';
import { connectionParams, insertSql, rowsFrom, rowsParam, withDb } from '../../_lib/sql';

const params = z.object({
  table: z.string().min(1).max(130).describe('Table name (`schema.table` allowed).'),
  rows: rowsParam(),
  on_conflict: z.enum(['error', 'ignore', 'update']).default('error').describe('On a unique-key clash: fail, skip the row, or update it (ON CONFLICT … DO UPDATE on `conflict_columns`).'),
  conflict_columns: z.array(z.string().min(1)).max(20).default([]).describe('The unique columns of ON CONFLICT (required for update).'),
  returning: z.array(z.string().min(1)).max(100).default(['*']).describe('Columns returned for the inserted rows (`*` for all; empty for none).'),
  ...connectionParams('postgres'),
});

export const integrationPostgresInsert: NodeDefinition<typeof params> = {
  type: 'integration.postgres_insert',
  version: 1,
  category: 'integration',
  subcategory: 'database',
  name: 'PostgreSQL insert',
  description: 'Inserts rows into a PostgreSQL table in one parameterised statement (all or nothing), with optional upsert; `main` = {rows (RETURNING), row_count}.',
  tags: ['database', 'sql', 'postgres', 'insert', 'upsert'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{rows, row_count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p, inputs }) {
    const rows = rowsFrom(p.rows, passThrough(inputs));
    const stmt = insertSql(p.table, rows, 'postgres', { returning: p.returning, onConflict: p.on_conflict, conflictColumns: p.conflict_columns });
    const r = await withDb(ctx, 'postgres', p, (query) => query(stmt.sql, stmt.values));
    return { output: { main: { rows: r.rows, row_count: r.row_count } } };
  },
};
