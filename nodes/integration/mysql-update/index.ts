import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { connectionParams, updateSql, whereParam, withDb } from '../../_lib/sql';

const params = z.object({
  table: z.string().min(1).max(130).describe('Table name (`schema.table` allowed).'),
  set: z.record(z.string(), z.unknown()).describe('Column → new value.'),
  where: whereParam(),
  ...connectionParams('mysql'),
});

export const integrationMysqlUpdate: NodeDefinition<typeof params> = {
  type: 'integration.mysql_update',
  version: 1,
  category: 'integration',
  subcategory: 'database',
  name: 'MySQL/MariaDB update',
  description: 'Updates the rows of a MySQL/MariaDB table that match `where` (equality, IS NULL, IN; at least one condition) with bound values; `main` = {row_count}.',
  tags: ['database', 'sql', 'mysql', 'update'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{row_count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const stmt = updateSql(p.table, p.set, p.where, 'mysql', []);
    const r = await withDb(ctx, 'mysql', p, (query) => query(stmt.sql, stmt.values));
    return { output: { main: { row_count: r.row_count } } };
  },
};
