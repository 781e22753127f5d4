import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { connectionParams, deleteSql, whereParam, withDb } from '../../_lib/sql';

const params = z.object({
  table: z.string().min(1).max(130).describe('Table name (`schema.table` allowed).'),
  where: whereParam(),
  returning: z.array(z.string().min(1)).max(100).default([]).describe('Columns returned for the deleted rows (`*` for all).'),
  ...connectionParams('postgres'),
});

export const integrationPostgresDelete: NodeDefinition<typeof params> = {
  type: 'integration.postgres_delete',
  version: 1,
  category: 'integration',
  subcategory: 'database',
  name: 'PostgreSQL delete',
  description: 'Deletes the rows of a PostgreSQL table that match `where` (equality, IS NULL, IN; at least one condition is required); `main` = {rows, row_count}.',
  tags: ['database', 'sql', 'postgres', 'delete'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{rows, row_count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const stmt = deleteSql(p.table, p.where, 'postgres', p.returning);
    const r = await withDb(ctx, 'postgres', p, (query) => query(stmt.sql, stmt.values));
    return { output: { main: { rows: r.rows, row_count: r.row_count } } };
  },
};
