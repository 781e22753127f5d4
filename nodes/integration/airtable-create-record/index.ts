import { z } from 'zod';
import { type NodeDefinition, NodeError, passThrough } from '../../../src/engine/node-sdk';
import { isRecord } from '../../_lib/items';
import { baseUrlParam, saasAuth, saasCredential, saasRequest } from '../../_lib/saas';

const REAL = 'https://api.airtable.com';
const params = z.object({
  base_id: z.string().regex(/^app[A-Za-z0-9]{3,30}$/).describe('The base id (`app…`).'),
  table: z.string().min(1).max(200).describe('Table name or id (`tbl…`).'),
  records: z.array(z.record(z.string(), z.unknown())).min(1).max(100).optional().describe('Field objects, one per record (Airtable takes 10 per request; larger lists are sent in batches); defaults to the upstream object or list.'),
  typecast: z.boolean().default(false).describe('Let Airtable convert values (e.g. create missing select options).'),
  base_url: baseUrlParam(REAL),
  credential: saasCredential('{token} (a personal access token with data.records:write)'),
});

export const integrationAirtableCreateRecord: NodeDefinition<typeof params> = {
  type: 'integration.airtable_create_record',
  version: 1,
  category: 'integration',
  subcategory: 'productivity',
  name: 'Airtable: create records',
  description: 'Creates records in an Airtable table (POST /v0/{base}/{table}, 10 per request, token from the `airtable` credentials slot); `main` = {records: [{id, created_time, fields}], count}.',
  tags: ['airtable', 'database', 'spreadsheet', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{records, count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const upstream = passThrough(inputs);
    const records = p.records ?? (Array.isArray(upstream) ? upstream.filter(isRecord) : isRecord(upstream) && Object.keys(upstream).length ? [upstream] : []);
    if (records.length === 0) throw new NodeError('no records: give `records` or connect a node that emits objects', { type: 'invalid_input' });
    const auth = await saasAuth(ctx, 'airtable', p.credential, p.base_url, REAL);
    const created: { id: string; created_time: string; fields: unknown }[] = [];
    for (let i = 0; i < records.length; i += 10) {
      const res = await saasRequest(ctx, 'airtable', {
        method: 'POST', url: `${auth.baseUrl}/v0/${p.base_id}/${encodeURIComponent(p.table)}`, secrets: [auth.token],
        headers: { authorization: `Bearer ${auth.token}` },
        body: { records: records.slice(i, i + 10).map((fields) => ({ fields })), typecast: p.typecast },
      });
      for (const r of (res.body as { records: { id: string; createdTime: string; fields: unknown }[] }).records ?? []) created.push({ id: r.id, created_time: r.createdTime, fields: r.fields });
      ctx.heartbeat({ created: created.length });
    }
    return { output: { main: { records: created, count: created.length } } };
  },
};
