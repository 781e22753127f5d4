import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { getPath, isRecord } from '../../_lib/items';
import { baseUrlParam, saasAuth, saasCredential, saasRequest } from '../../_lib/saas';

const REAL = 'https://sheets.googleapis.com';
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const params = z.object({
  spreadsheet_id: z.string().min(1).max(200).describe('The spreadsheet id (from its URL).'),
  range: z.string().min(1).max(200).default('Sheet1!A1').describe('A1 range whose table the rows are appended to (`Leads!A:D`).'),
  rows: z.array(z.union([z.array(cell), z.record(z.string(), z.unknown())])).min(1).max(10_000).describe('Rows: lists of cells, or objects whose `columns` fields are written in order.'),
  columns: z.array(z.string().min(1)).max(200).default([]).describe('For object rows: the fields to write, in column order.'),
  value_input: z.enum(['USER_ENTERED', 'RAW']).default('USER_ENTERED').describe('USER_ENTERED parses numbers, dates and formulas like typing; RAW stores text as is.'),
  base_url: baseUrlParam(REAL),
  credential: saasCredential('{token} (an OAuth 2 access token with the spreadsheets scope)'),
});

export const integrationGoogleSheetsAppend: NodeDefinition<typeof params> = {
  type: 'integration.google_sheets_append',
  version: 1,
  category: 'integration',
  subcategory: 'productivity',
  name: 'Google Sheets: append rows',
  description: 'Appends rows to a Google Sheet (Sheets API v4 values:append with INSERT_ROWS, OAuth access token from the `google_sheets` credentials slot); `main` = {updated_range, updated_rows, updated_cells}.',
  tags: ['google', 'sheets', 'spreadsheet', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{updated_range, updated_rows, updated_cells}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const auth = await saasAuth(ctx, 'google_sheets', p.credential, p.base_url, REAL);
    const values = p.rows.map((r) => (isRecord(r) ? (p.columns.length ? p.columns : Object.keys(r)).map((c) => {
      const v = getPath(r, c);
      return v === undefined ? null : typeof v === 'object' && v !== null ? JSON.stringify(v) : v;
    }) : r));
    const url = new URL(`${auth.baseUrl}/v4/spreadsheets/${encodeURIComponent(p.spreadsheet_id)}/values/${encodeURIComponent(p.range)}:append`);
    url.searchParams.set('valueInputOption', p.value_input);
    url.searchParams.set('insertDataOption', 'INSERT_ROWS');
    const res = await saasRequest(ctx, 'google_sheets', {
      method: 'POST', url: url.toString(), secrets: [auth.token], headers: { authorization: `Bearer ${auth.token}` },
      body: { majorDimension: 'ROWS', values },
    });
    const u = (res.body as { updates?: { updatedRange?: string; updatedRows?: number; updatedCells?: number } }).updates ?? {};
    return { output: { main: { updated_range: u.updatedRange ?? null, updated_rows: u.updatedRows ?? 0, updated_cells: u.updatedCells ?? 0 } } };
  },
};
