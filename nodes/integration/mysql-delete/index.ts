import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { connectionParams, deleteSql, whereParam, withDb } from '../../_lib/sql';

const params = z.object({
  table: z.string().min(1).max(130).describe('Table name (`schema.table` allowed).'),
  where: whereParam(),
  ...connectionParams('mysql'),
});

export const integrationMysqlDelete: NodeDefinition<typeof params> = {
  type: 'integration.mysql_delete',
  version: 1,
  category: 'integration',
  subcategory: 'database',
  name: 'MySQL/MariaDB delete',
  description: 'Deletes the rows of a MySQL/MariaDB table that match `where` (equality, IS NULL, IN; at least one condition is required); `main` = {row_count}.',
  tags: ['database', 'sql', 'mysql', 'delete'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{row_count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const stmt = deleteSql(p.table, p.where, 'mysql', []);
    const r = await withDb(ctx, 'mysql', p, (query) => query(stmt.sql, stmt.values));
    return { output: { main: { row_count: r.row_count } } };
  },
};
