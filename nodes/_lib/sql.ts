// SQL building and connections for the PostgreSQL and MySQL/MariaDB nodes, and the one factory
// that makes those nodes (sqlNode: query, insert, update and delete per dialect). Values always
// travel as bound parameters; table and column names are checked identifiers, quoted per dialect.
import { z } from 'zod';
import { BlockedAddressError, checkedAddress, credential, inlineCredential, type NodeContext, type NodeDefinition, NodeError, passThrough, redact } from '../../src/engine/node-sdk';
import { isRecord } from './items';

export type Dialect = 'postgres' | 'mysql';
const IDENT = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

export function quoteIdent(name: string, dialect: Dialect): string {
  const parts = name.split('.');
  if (parts.length > 2 || !parts.every((p) => IDENT.test(p))) throw new NodeError(`invalid table or column name "${name}" (letters, digits, _ and $; schema.table allowed)`, { type: 'invalid_params' });
  return parts.map((p) => (dialect === 'postgres' ? `"${p}"` : `\`${p}\``)).join('.');
}

const ph = (dialect: Dialect, i: number) => (dialect === 'postgres' ? `$${i}` : '?');
/** Objects and arrays go to JSON/JSONB columns as JSON text. */
const bind = (v: unknown) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v);

export function whereClause(where: Record<string, unknown>, dialect: Dialect, start: number): { sql: string; values: unknown[] } {
  const keys = Object.keys(where);
  const values: unknown[] = [];
  const parts = keys.map((k) => {
    const v = where[k];
    if (v === null) return `${quoteIdent(k, dialect)} IS NULL`;
    if (Array.isArray(v)) {
      if (v.length === 0) return '1 = 0';
      const list = v.map((x) => { values.push(bind(x)); return ph(dialect, start + values.length); });
      return `${quoteIdent(k, dialect)} IN (${list.join(', ')})`;
    }
    values.push(bind(v));
    return `${quoteIdent(k, dialect)} = ${ph(dialect, start + values.length)}`;
  });
  return { sql: parts.join(' AND '), values };
}

export function insertSql(table: string, rows: Record<string, unknown>[], dialect: Dialect, opts: { returning: string[]; onConflict: 'error' | 'ignore' | 'update'; conflictColumns: string[] }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (columns.length === 0) throw new NodeError('rows have no columns', { type: 'invalid_input' });
  const values: unknown[] = [];
  const tuples = rows.map((r) => `(${columns.map((c) => { values.push(bind(r[c] ?? null)); return ph(dialect, values.length); }).join(', ')})`);
  const cols = columns.map((c) => quoteIdent(c, dialect)).join(', ');
  let sql = `INSERT ${dialect === 'mysql' && opts.onConflict === 'ignore' ? 'IGNORE ' : ''}INTO ${quoteIdent(table, dialect)} (${cols}) VALUES ${tuples.join(', ')}`;
  const updatable = columns.filter((c) => !opts.conflictColumns.includes(c));
  if (dialect === 'postgres') {
    const target = opts.conflictColumns.length ? ` (${opts.conflictColumns.map((c) => quoteIdent(c, dialect)).join(', ')})` : '';
    if (opts.onConflict === 'ignore') sql += ` ON CONFLICT${target} DO NOTHING`;
    if (opts.onConflict === 'update') {
      if (!opts.conflictColumns.length) throw new NodeError('on_conflict update needs conflict_columns', { type: 'invalid_params' });
      sql += ` ON CONFLICT${target} DO UPDATE SET ${updatable.map((c) => `${quoteIdent(c, dialect)} = EXCLUDED.${quoteIdent(c, dialect)}`).join(', ')}`;
    }
    if (opts.returning.length) sql += ` RETURNING ${opts.returning.map((c) => (c === '*' ? '*' : quoteIdent(c, dialect))).join(', ')}`;
  } else if (opts.onConflict === 'update') {
    sql += ` ON DUPLICATE KEY UPDATE ${updatable.map((c) => `${quoteIdent(c, dialect)} = VALUES(${quoteIdent(c, dialect)})`).join(', ')}`;
  }
  return { sql, values };
}

export function updateSql(table: string, set: Record<string, unknown>, where: Record<string, unknown>, dialect: Dialect, returning: string[]) {
  const keys = Object.keys(set);
  if (keys.length === 0) throw new NodeError('`set` is empty', { type: 'invalid_params' });
  const values = keys.map((k) => bind(set[k]));
  const assignments = keys.map((k, i) => `${quoteIdent(k, dialect)} = ${ph(dialect, i + 1)}`).join(', ');
  const w = whereClause(where, dialect, values.length);
  let sql = `UPDATE ${quoteIdent(table, dialect)} SET ${assignments} WHERE ${w.sql}`;
  if (dialect === 'postgres' && returning.length) sql += ` RETURNING ${returning.map((c) => (c === '*' ? '*' : quoteIdent(c, dialect))).join(', ')}`;
  return { sql, values: [...values, ...w.values] };
}

export function deleteSql(table: string, where: Record<string, unknown>, dialect: Dialect, returning: string[]) {
  const w = whereClause(where, dialect, 0);
  let sql = `DELETE FROM ${quoteIdent(table, dialect)} WHERE ${w.sql}`;
  if (dialect === 'postgres' && returning.length) sql += ` RETURNING ${returning.map((c) => (c === '*' ? '*' : quoteIdent(c, dialect))).join(', ')}`;
  return { sql, values: w.values };
}

export const whereParam = () =>
  z.record(z.string(), z.unknown()).refine((w) => Object.keys(w).length > 0, 'give at least one condition').describe('Column → value conditions, ANDed: a value is `=`, null is `IS NULL`, a list is `IN (…)`. Required, so a typo cannot touch every row.');

export const connectionParams = (dialect: Dialect) => ({
  credential: inlineCredential(dialect === 'postgres'
    ? '{host, port (5432), database, user, password, ssl} or {connection_string}'
    : '{host, port (3306), database, user, password, ssl} or {connection_string}'),
  timeout_s: z.number().positive().max(300).default(30).describe('Statement timeout in seconds.'),
});

export interface DbConn {
  host: string; port: number; database?: string; user?: string; password?: string; ssl: boolean;
}

async function connInfo(ctx: NodeContext, dialect: Dialect, inline: Record<string, unknown> | undefined): Promise<DbConn> {
  const cred = await credential(ctx, dialect, inline);
  const url = typeof cred.connection_string === 'string' ? new URL(cred.connection_string) : undefined;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const host = url?.hostname || str(cred.host);
  if (!host) throw new NodeError(`missing credential: bind a ${dialect} connection to the "${dialect}" slot (credentials: {"${dialect}": "<connection_id>"}) or set params.credential.host`, { type: 'missing_credential' });
  return {
    host,
    port: Number(url?.port || cred.port || (dialect === 'postgres' ? 5432 : 3306)),
    database: (url ? decodeURIComponent(url.pathname.replace(/^\//, '')) : '') || str(cred.database),
    user: (url ? decodeURIComponent(url.username) : '') || str(cred.user),
    password: (url ? decodeURIComponent(url.password) : '') || str(cred.password) || str(cred.secret),
    ssl: cred.ssl === true || url?.searchParams.get('sslmode') === 'require',
  };
}

export interface SqlResult { rows: Record<string, unknown>[]; row_count: number; fields: string[] }

/** Opens a connection (host checked against the SSRF rules), runs `fn`, always closes. */
export async function withDb<T>(ctx: NodeContext, dialect: Dialect, p: { credential?: Record<string, unknown>; timeout_s: number },
  fn: (query: (sql: string, values: unknown[]) => Promise<SqlResult>) => Promise<T>): Promise<T> {
  const c = await connInfo(ctx, dialect, p.credential);
  const timeoutMs = Math.round(p.timeout_s * 1000);
  let address: string;
  try {
    address = await checkedAddress(c.host, { allowPrivateNetwork: ctx.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address' });
    throw new NodeError(`cannot resolve ${c.host}: ${(err as Error).message}`, { type: 'connection_error', retryable: true });
  }
  const fail = (err: unknown): never => {
    if (err instanceof NodeError) throw err;
    const e = err as { message?: string; code?: string; errno?: number };
    const message = redact(e.message ?? String(err), [c.password]);
    const transient = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'PROTOCOL_CONNECTION_LOST', '57P01', '40001', '40P01', 'ER_LOCK_DEADLOCK'].includes(e.code ?? '');
    throw new NodeError(`${dialect}: ${message}${e.code ? ` (${e.code})` : ''}`, { type: 'sql_error', retryable: transient });
  };
  if (dialect === 'postgres') {
    const pg = (await import('pg')).default;
    const client = new pg.Client({
      host: address, port: c.port, database: c.database, user: c.user, password: c.password,
      ssl: c.ssl ? { servername: c.host } : false, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs, query_timeout: timeoutMs + 1000,
      application_name: 'atelier-node',
    });
    client.on('error', () => undefined);
    try {
      await client.connect().catch(fail);
      return await fn(async (sql, values) => {
        const r = await client.query({ text: sql, values }).catch(fail);
        return { rows: r.rows as Record<string, unknown>[], row_count: r.rowCount ?? r.rows.length, fields: r.fields?.map((f) => f.name) ?? [] };
      });
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const mysql = await import('mysql2/promise');
  const conn = await mysql.createConnection({
    host: address, port: c.port, database: c.database, user: c.user, password: c.password,
    ssl: c.ssl ? {} : undefined, connectTimeout: timeoutMs, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true,
  }).catch(fail);
  try {
    return await fn(async (sql, values) => {
      const [result, fields] = await conn.query({ sql, values, timeout: timeoutMs }).catch(fail);
      if (Array.isArray(result)) {
        return { rows: result as Record<string, unknown>[], row_count: result.length, fields: (fields ?? []).map((f) => f.name) };
      }
      const r = result as { affectedRows?: number; insertId?: number };
      return { rows: r.insertId ? [{ insert_id: r.insertId }] : [], row_count: r.affectedRows ?? 0, fields: [] };
    });
  } finally {
    await conn.end().catch(() => undefined);
  }
}

export function rowsParam() {
  return z.array(z.record(z.string(), z.unknown())).min(1).max(10_000).optional()
    .describe('Rows to insert (objects of column → value; objects/lists go to JSON columns as JSON); defaults to the upstream list or object.');
}

export function rowsFrom(rows: Record<string, unknown>[] | undefined, upstream: unknown): Record<string, unknown>[] {
  if (rows) return rows;
  if (Array.isArray(upstream) && upstream.every(isRecord)) return upstream;
  if (isRecord(upstream) && Array.isArray(upstream.items) && upstream.items.every(isRecord)) return upstream.items;
  if (isRecord(upstream) && Object.keys(upstream).length > 0) return [upstream];
  throw new NodeError('no rows to insert: give `rows` or connect a node that emits a list of objects', { type: 'invalid_input' });
}

// ── The SQL nodes ───────────────────────────────────────────────────────────────────────────────

export type SqlOperation = 'query' | 'insert' | 'update' | 'delete';

/** What differs between the databases, as the nodes describe and answer it. */
const DATABASES = {
  postgres: { title: 'PostgreSQL', placeholder: '$1', returning: true },
  mysql: { title: 'MySQL/MariaDB', placeholder: '?', returning: false },
} as const;

const tableParam = () => z.string().min(1).max(130).describe('Table name (`schema.table` allowed).');
const returningParam = (fallback: string[], rows: string, star: string) =>
  z.array(z.string().min(1)).max(100).default(fallback).describe(`Columns returned for the ${rows} rows (${star}).`);

interface Spec {
  params: z.ZodType;
  name: string;
  description: string;
  tags: string[];
  output: string;
  /** The node's `main` output. */
  run(ctx: NodeContext, p: Record<string, unknown>, inputs: Record<string, unknown>): Promise<unknown>;
}

type Conn = { credential?: Record<string, unknown>; timeout_s: number };

function querySpec(dialect: Dialect): Spec {
  const db = DATABASES[dialect];
  return {
    params: z.object({
      sql: z.string().min(1).max(100_000).describe(`One SQL statement; put values in \`params\` as ${db.placeholder} placeholders, never in the text.`),
      params: z.array(z.unknown()).max(10_000).default([]).describe('Values bound to the placeholders, in order (objects and lists are sent as JSON).'),
      max_rows: z.number().int().min(1).max(100_000).default(10_000).describe('Fail when a query returns more rows (page with LIMIT instead).'),
      ...connectionParams(dialect),
    }),
    name: `${db.title} query`,
    description: `Runs one parameterised SQL statement on ${db.title} (the \`${dialect}\` credentials slot: a ${dialect} connection; the host is checked like a user URL) and emits {rows, row_count, fields}. Errors carry the server's message and code; connection failures and deadlocks are retryable.`,
    tags: ['database', 'sql', dialect],
    output: '{rows, row_count, fields}',
    async run(ctx, raw) {
      const p = raw as Conn & { sql: string; params: unknown[]; max_rows: number };
      const values = p.params.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v));
      const result = await withDb(ctx, dialect, p, (query) => query(p.sql, values));
      if (result.rows.length > p.max_rows) throw new NodeError(`query returned ${result.rows.length} rows, more than max_rows (${p.max_rows})`, { type: 'too_many_rows' });
      return result;
    },
  };
}

function insertSpec(dialect: Dialect): Spec {
  const db = DATABASES[dialect];
  const pg = dialect === 'postgres';
  return {
    params: z.object({
      table: tableParam(),
      rows: rowsParam(),
      on_conflict: z.enum(['error', 'ignore', 'update']).default('error').describe(`On a unique-key clash: fail, skip the row, or update it (${pg ? 'ON CONFLICT … DO UPDATE on `conflict_columns`' : 'ON DUPLICATE KEY UPDATE'}).`),
      conflict_columns: z.array(z.string().min(1)).max(20).default([]).describe(pg ? 'The unique columns of ON CONFLICT (required for update).' : 'Columns left unchanged by an update on a duplicate key.'),
      ...(db.returning ? { returning: returningParam(['*'], 'inserted', '`*` for all; empty for none') } : {}),
      ...connectionParams(dialect),
    }),
    name: `${db.title} insert`,
    description: `Inserts rows into a ${db.title} table in one parameterised statement (all or nothing), with optional upsert; \`main\` = ${db.returning ? '{rows (RETURNING), row_count}' : '{row_count, insert_id}'}.`,
    tags: ['database', 'sql', dialect, 'insert', 'upsert'],
    output: db.returning ? '{rows, row_count}' : '{row_count, insert_id}',
    async run(ctx, raw, inputs) {
      const p = raw as Conn & { table: string; rows?: Record<string, unknown>[]; on_conflict: 'error' | 'ignore' | 'update'; conflict_columns: string[]; returning?: string[] };
      const rows = rowsFrom(p.rows, passThrough(inputs));
      const stmt = insertSql(p.table, rows, dialect, { returning: p.returning ?? [], onConflict: p.on_conflict, conflictColumns: p.conflict_columns });
      const r = await withDb(ctx, dialect, p, (query) => query(stmt.sql, stmt.values));
      return db.returning ? { rows: r.rows, row_count: r.row_count } : { row_count: r.row_count, insert_id: (r.rows[0]?.insert_id as number | undefined) ?? null };
    },
  };
}

function updateSpec(dialect: Dialect): Spec {
  const db = DATABASES[dialect];
  return {
    params: z.object({
      table: tableParam(),
      set: z.record(z.string(), z.unknown()).describe('Column → new value.'),
      where: whereParam(),
      ...(db.returning ? { returning: returningParam(['*'], 'updated', '`*` for all; empty for none') } : {}),
      ...connectionParams(dialect),
    }),
    name: `${db.title} update`,
    description: `Updates the rows of a ${db.title} table that match \`where\` (equality, IS NULL, IN; at least one condition) with bound values; \`main\` = ${db.returning ? '{rows, row_count}' : '{row_count}'}.`,
    tags: ['database', 'sql', dialect, 'update'],
    output: db.returning ? '{rows, row_count}' : '{row_count}',
    async run(ctx, raw) {
      const p = raw as Conn & { table: string; set: Record<string, unknown>; where: Record<string, unknown>; returning?: string[] };
      const stmt = updateSql(p.table, p.set, p.where, dialect, p.returning ?? []);
      const r = await withDb(ctx, dialect, p, (query) => query(stmt.sql, stmt.values));
      return db.returning ? { rows: r.rows, row_count: r.row_count } : { row_count: r.row_count };
    },
  };
}

function deleteSpec(dialect: Dialect): Spec {
  const db = DATABASES[dialect];
  return {
    params: z.object({
      table: tableParam(),
      where: whereParam(),
      ...(db.returning ? { returning: returningParam([], 'deleted', '`*` for all') } : {}),
      ...connectionParams(dialect),
    }),
    name: `${db.title} delete`,
    description: `Deletes the rows of a ${db.title} table that match \`where\` (equality, IS NULL, IN; at least one condition is required); \`main\` = ${db.returning ? '{rows, row_count}' : '{row_count}'}.`,
    tags: ['database', 'sql', dialect, 'delete'],
    output: db.returning ? '{rows, row_count}' : '{row_count}',
    async run(ctx, raw) {
      const p = raw as Conn & { table: string; where: Record<string, unknown>; returning?: string[] };
      const stmt = deleteSql(p.table, p.where, dialect, p.returning ?? []);
      const r = await withDb(ctx, dialect, p, (query) => query(stmt.sql, stmt.values));
      return db.returning ? { rows: r.rows, row_count: r.row_count } : { row_count: r.row_count };
    },
  };
}

const SPECS: Record<SqlOperation, (dialect: Dialect) => Spec> = { query: querySpec, insert: insertSpec, update: updateSpec, delete: deleteSpec };

/** The `integration.<dialect>_<operation>` node: one statement per execution, never retried on its own (maxAttempts 1). */
export function sqlNode(dialect: Dialect, operation: SqlOperation): NodeDefinition {
  const spec = SPECS[operation](dialect);
  return {
    type: `integration.${dialect}_${operation}`,
    version: 1,
    category: 'integration',
    subcategory: 'database',
    name: spec.name,
    description: spec.description,
    tags: spec.tags,
    params: spec.params,
    inputs: [{ name: 'main' }],
    outputs: [{ name: 'main', description: spec.output }],
    execution: 'activity',
    defaults: { maxAttempts: 1, timeoutS: 330 },
    async execute(ctx, { params, inputs }) {
      return { output: { main: await spec.run(ctx, params as Record<string, unknown>, inputs) } };
    },
  };
}
