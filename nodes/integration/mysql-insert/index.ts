import { z } from 'zod';
import { type NodeDefinition, passThrough } from '../../../src/engine/node-sdk';
import { connectionParams, insertSql, rowsFrom, rowsParam, withDb } from '../../_lib/sql';

const params = z.object({
  table: z.string().min(1).max(130).describe('Table name (`schema.table` allowed).'),
  rows: rowsParam(),
  on_conflict: z.enum(['error', 'ignore', 'update']).default('error').describe('On a unique-key clash: fail, skip the row, or update it (ON DUPLICATE KEY UPDATE).'),
  conflict_columns: z.array(z.string().min(1)).max(20).default([]).describe('Columns left unchanged by an update on a duplicate key.'),
  ...connectionParams('mysql'),
});

export const integrationMysqlInsert: NodeDefinition<typeof params> = {
  type: 'integration.mysql_insert',
  version: 1,
  category: 'integration',
  subcategory: 'database',
  name: 'MySQL/MariaDB insert',
  description: 'Inserts rows into a MySQL/MariaDB table in one parameterised statement (all or nothing), with optional upsert; `main` = {row_count, insert_id}.',
  tags: ['database', 'sql', 'mysql', 'insert', 'upsert'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{row_count, insert_id}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p, inputs }) {
    const rows = rowsFrom(p.rows, passThrough(inputs));
    const stmt = insertSql(p.table, rows, 'mysql', { returning: [], onConflict: p.on_conflict, conflictColumns: p.conflict_columns });
    const r = await withDb(ctx, 'mysql', p, (query) => query(stmt.sql, stmt.values));
    return { output: { main: { row_count: r.row_count, insert_id: (r.rows[0]?.insert_id as number | undefined) ?? null } } };
  },
};
