import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { connectionParams, withDb } from '../../_lib/sql';

const params = z.object({
  sql: z.string().min(1).max(100_000).describe('One SQL statement; put values in `params` as ? placeholders, never in the text.'),
  params: z.array(z.unknown()).max(10_000).default([]).describe('Values bound to the placeholders, in order (objects and lists are sent as JSON).'),
  max_rows: z.number().int().min(1).max(100_000).default(10_000).describe('Fail when a query returns more rows (page with LIMIT instead).'),
  ...connectionParams('mysql'),
});

export const integrationMysqlQuery: NodeDefinition<typeof params> = {
  type: 'integration.mysql_query',
  version: 1,
  category: 'integration',
  subcategory: 'database',
  name: 'MySQL/MariaDB query',
  description: 'Runs one parameterised SQL statement on MySQL/MariaDB (the `mysql` credentials slot: a mysql connection; the host is checked like a user URL) and emits {rows, row_count, fields}. Errors carry the server\'s message and code; connection failures and deadlocks are retryable.',
  tags: ['database', 'sql', 'mysql'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{rows, row_count, fields}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const values = p.params.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v));
    const result = await withDb(ctx, 'mysql', p, (query) => query(p.sql, values));
    if (result.rows.length > p.max_rows) throw new NodeError(`query returned ${result.rows.length} rows, more than max_rows (${p.max_rows})`, { type: 'too_many_rows' });
    return { output: { main: result } };
  },
};
