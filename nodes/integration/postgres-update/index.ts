import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { connectionParams, updateSql, whereParam, withDb } from '../../_lib/sql';

const params = z.object({
  table: z.string().min(1).max(130).describe('Table name (`schema.table` allowed).'),
  set: z.record(z.string(), z.unknown()).describe('Column → new value.'),
  where: whereParam(),
  returning: z.array(z.string().min(1)).max(100).default(['*']).describe('Columns returned for the updated rows (`*` for all; empty for none).'),
  ...connectionParams('postgres'),
});

export const integrationPostgresUpdate: NodeDefinition<typeof params> = {
  type: 'integration.postgres_update',
  version: 1,
  category: 'integration',
  subcategory: 'database',
  name: 'PostgreSQL update',
  description: 'Updates the rows of a PostgreSQL table that match `where` (equality, IS NULL, IN; at least one condition) with bound values; `main` = {rows, row_count}.',
  tags: ['database', 'sql', 'postgres', 'update'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{rows, row_count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const stmt = updateSql(p.table, p.set, p.where, 'postgres', p.returning);
    const r = await withDb(ctx, 'postgres', p, (query) => query(stmt.sql, stmt.values));
    return { output: { main: { rows: r.rows, row_count: r.row_count } } };
  },
};
