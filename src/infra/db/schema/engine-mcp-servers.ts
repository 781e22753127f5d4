import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A tool an MCP server listed at its last discovery. */
export interface McpToolRecord {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** An account's MCP server; the auth token is sealed and never returned. */
export interface EngineMcpServersTable {
  id: string;
  account_id: string;
  name: string;
  transport: 'sse' | 'streamable_http' | 'stdio';
  /** sse and streamable_http. */
  url: string | null;
  /** stdio: the executable and its arguments (no shell). */
  command: string | null;
  args: JSONColumnType<string[]>;
  auth_token_sealed: string | null;
  /** Null until discovered. */
  tools: JSONColumnType<McpToolRecord[] | null, string | null, string | null>;
  discovered_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineMcpServer = Selectable<EngineMcpServersTable>;
