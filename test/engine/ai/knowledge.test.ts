// Knowledge documents on the real stack: text documents are chunked and indexed at once, URL
// documents are fetched from a loopback page by the ingest workflow (and refused when the address is
// private and the deployment does not allow it), hybrid search puts the relevant chunk first,
// deletion removes the chunks, other accounts see 404, and the knowledge.search node works in a run.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders, parseProviderConfig } from '../../../src/generation/providers/index';
import { createDocument, newDocumentId } from '../../../src/engine/knowledge/service';
import { resumePendingDocuments } from '../../../src/engine/knowledge/resume-pending';
import { searchKnowledge } from '../../../src/engine/knowledge/search';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, startRun, waitFor, waitForRun } from '../runs/helpers';

let stack: TestStack;
let pages: Server;
let pagesUrl = '';
let workflowId = '';

const K = '/engine/v1/v1/knowledge';

const REFUNDS = 'Refund policy. Customers can ask for a refund within 30 days of purchase. Refunds are paid back to the original card within five business days. Digital downloads that were already opened cannot be refunded.';
const SHIPPING = 'Shipping. Orders leave our warehouse in Lisbon within two days. Delivery to Europe takes three to five days; to the rest of the world up to three weeks. Tracking numbers are emailed when the parcel leaves.';
const ACCOUNTS = 'Accounts. You can change your password from the settings page. Two-factor authentication is available with any authenticator app. Deleting an account removes every order history after thirty days.';

// An OpenAI-compatible /embeddings endpoint: a vector per topic, so similarity is by meaning, not by shared words.
const embedRequests: any[] = [];
const TOPICS: Array<[RegExp, number]> = [[/tea|steep|infusion|brew/i, 0], [/bicycle|chain|gear|pedal/i, 1]];
const topicVector = (text: string) => {
  const v = [0, 0, 0.1];
  for (const [re, i] of TOPICS) if (re.test(text)) v[i] = 1;
  return v;
};

const PAGE = `<html><head><title>Warranty terms</title><style>.x{}</style></head><body><nav>Home | Shop</nav>
<article><h1>Warranty</h1><p>Every kettle carries a two-year warranty covering the heating element.</p>
<p>Limescale damage is not covered by the warranty.</p></article><footer>© Teapot Ltd</footer><script>track()</script></body></html>`;

beforeAll(async () => {
  pages = createServer((req, res) => {
    if (req.url === '/v1/embeddings') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const input = JSON.parse(body);
        embedRequests.push(input);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          object: 'list', model: input.model, data: input.input.map((t: string, index: number) => ({ object: 'embedding', index, embedding: topicVector(t) })).reverse(),
        }));
      });
      return;
    }
    if (req.url === '/warranty') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (req.url === '/file.bin') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(64));
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
  });
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  stack = await startStack();
  workflowId = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }], []), { name: 'support bot' });
});
afterAll(async () => {
  pages?.closeAllConnections();
  await new Promise<void>((r) => (pages ? pages.close(() => r()) : r()));
  await stack?.close();
});

const addText = (title: string, text: string, wf = workflowId, key?: string) => stack.api('POST', K, { body: { workflow_id: wf, title, source_type: 'text', text }, key });
const search = (q: string, extra = '') => stack.api('GET', `${K}/search?q=${encodeURIComponent(q)}&workflow_id=${workflowId}${extra}`);

async function waitForDocument(id: string) {
  return waitFor(`document ${id} to be indexed`, async () => {
    const r = await stack.api('GET', `${K}/${id}`);
    return r.body.status !== 'pending' ? r.body : undefined;
  });
}

describe('knowledge', () => {
  it('indexes text documents and ranks the chunk that answers the question first', async () => {
    const docs = [];
    for (const [title, text] of [['Refunds', REFUNDS], ['Shipping', SHIPPING], ['Accounts', ACCOUNTS]] as const) {
      const r = await addText(title, text);
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ object: 'knowledge_document', workflow_id: workflowId, title, source_type: 'text', source_url: null, status: 'ready', error: null, chunk_count: 1, char_count: text.length, embedding_model: 'atelier-hash-embed-v1' });
      docs.push(r.body);
    }
    const refund = await search('How many days do I have to get my money back with a refund?');
    expect(refund.status).toBe(200);
    expect(refund.body.data[0]).toMatchObject({ doc_id: docs[0].id, title: 'Refunds', source_url: null, chunk_index: 0 });
    expect(refund.body.data[0].text).toContain('within 30 days');
    expect(refund.body.data[0].score).toBeGreaterThan(0);

    const shipping = await search('how long does delivery to europe take');
    expect(shipping.body.data[0].doc_id).toBe(docs[1].id);
    // Misspelled words match no full-text term; the embeddings' character trigrams still find the document.
    const typo = await search('pasword setings');
    expect(typo.body.data[0].doc_id).toBe(docs[2].id);
    const fts = await stack.atelier.deps.db.selectFrom('knowledge_chunks').select('id').where('document_id', '=', docs[2].id)
      .where(sql<boolean>`tsv @@ websearch_to_tsquery('english', 'pasword or setings')`).execute();
    expect(fts).toEqual([]);
    // Scores are non-increasing and limit is honoured.
    const all = await search('days', '&limit=2');
    expect(all.body.data).toHaveLength(2);
    expect(all.body.data[0].score).toBeGreaterThanOrEqual(all.body.data[1].score);

    const list = await stack.api('GET', `${K}?workflow_id=${workflowId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: any) => d.id)).toEqual(expect.arrayContaining(docs.map((d) => d.id)));
  });

  it('chunks long documents with overlap, and deleting a document removes its chunks from search', async () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Section ${i + 1}. The lighthouse keeper logs the weather at hour ${i + 1} and trims the lamp wick carefully.`);
    paragraphs[22] = 'Section 23. The foghorn compressor is serviced every spring by the harbour engineer, who checks the diaphragm.';
    const r = await addText('Lighthouse manual', paragraphs.join('\n\n'));
    expect(r.status).toBe(201);
    expect(r.body.chunk_count).toBeGreaterThan(2);
    const chunks = await stack.atelier.deps.db.selectFrom('knowledge_chunks').select(['chunk_index', 'text']).where('document_id', '=', r.body.id).orderBy('chunk_index').execute();
    expect(chunks.map((c) => c.chunk_index)).toEqual(chunks.map((_, i) => i));
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(1000);
    // Overlap: each chunk starts with text the previous one ended with.
    expect(chunks[0]!.text).toContain(chunks[1]!.text.slice(0, 40));

    const hit = await search('who services the foghorn compressor');
    expect(hit.body.data[0].doc_id).toBe(r.body.id);
    expect(hit.body.data[0].text).toContain('foghorn compressor');

    const del = await stack.api('DELETE', `${K}/${r.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: r.body.id, object: 'knowledge_document', deleted: true });
    expect(await stack.atelier.deps.db.selectFrom('knowledge_chunks').select('id').where('document_id', '=', r.body.id).execute()).toEqual([]);
    expect((await search('who services the foghorn compressor')).body.data.map((d: any) => d.doc_id)).not.toContain(r.body.id);

    // Past 100,000 characters the text is indexed in the background: pending, then ready.
    const long = await addText('Long manual', Array.from({ length: 2400 }, (_, i) => `Step ${i}: tighten bolt ${i} of the windlass and check the pawl.`).join('\n'));
    expect(long.status).toBe(201);
    expect(long.body).toMatchObject({ status: 'pending', chunk_count: 0 });
    const ready = await waitForDocument(long.body.id);
    expect(ready).toMatchObject({ status: 'ready', error: null });
    expect(ready.chunk_count).toBeGreaterThan(100);
    expect(ready.char_count).toBeGreaterThan(100_000);
    expect((await stack.api('GET', `${K}/${r.body.id}`)).status).toBe(404);
    expect((await stack.api('DELETE', `${K}/${r.body.id}`)).status).toBe(404);
  });

  it('fetches a URL document in the background, cleans the page to text and names it after the page', async () => {
    const r = await stack.api('POST', K, { body: { workflow_id: workflowId, source_type: 'url', source_url: `${pagesUrl}/warranty` } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ source_type: 'url', source_url: `${pagesUrl}/warranty`, status: 'pending', chunk_count: 0 });
    const doc = await waitForDocument(r.body.id);
    expect(doc).toMatchObject({ status: 'ready', title: 'Warranty terms', error: null, chunk_count: 1 });
    const text = await stack.atelier.deps.db.selectFrom('knowledge_chunks').select('text').where('document_id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(text.text).toContain('two-year warranty');
    expect(text.text).not.toMatch(/track\(\)|Home \| Shop|Teapot Ltd|\.x\{\}/);
    const hit = await search('is limescale covered by the kettle warranty?');
    expect(hit.body.data[0]).toMatchObject({ doc_id: r.body.id, title: 'Warranty terms', source_url: `${pagesUrl}/warranty` });

    // A page that answers 404, and content that is not text, fail the document with the reason.
    const missing = await stack.api('POST', K, { body: { workflow_id: workflowId, title: 'Gone', source_type: 'url', source_url: `${pagesUrl}/gone` } });
    const binary = await stack.api('POST', K, { body: { workflow_id: workflowId, title: 'Bytes', source_type: 'url', source_url: `${pagesUrl}/file.bin` } });
    expect(await waitForDocument(missing.body.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('HTTP 404'), chunk_count: 0 });
    expect(await waitForDocument(binary.body.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('application/octet-stream') });
  });

  it('uses an OpenAI-compatible embeddings endpoint when configured: meaning finds what shares no word', async () => {
    const providers = createProviders(parseProviderConfig({ ATELIER_PROVIDER: 'openai', ATELIER_OPENAI_BASE_URL: `${pagesUrl}/v1`, ATELIER_OPENAI_EMBED_MODEL: 'nomic-embed-text' }));
    expect(createProviders(parseProviderConfig({ ATELIER_PROVIDER: 'openai', ATELIER_OPENAI_BASE_URL: `${pagesUrl}/v1` })).available('embed')).toBe(false);
    const deps = { ...stack.atelier.deps, providers };
    const wf = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }], []), { name: 'embedded' });
    const tea = await createDocument(deps, stack.accountId, { workflow_id: wf, title: 'Green tea', source_type: 'text', text: 'Steep the leaves at 80 degrees for two minutes.' });
    await createDocument(deps, stack.accountId, { workflow_id: wf, title: 'Bikes', source_type: 'text', text: 'Oil the chain every month and check the gears.' });
    expect(tea).toMatchObject({ status: 'ready', embedding_model: 'nomic-embed-text', error: null });
    // Floats asked for explicitly: the SDK would otherwise ask for base64, which not every compatible server speaks.
    expect(embedRequests[0]).toEqual({ model: 'nomic-embed-text', input: ['Steep the leaves at 80 degrees for two minutes.'], encoding_format: 'float' });
    // No full-text match at all ("infusion" and "temperature" are in neither text): the embeddings rank.
    const hits = await searchKnowledge(deps, { accountId: stack.accountId, workflowId: wf, query: 'best infusion temperature', limit: 1 });
    expect(hits).toEqual([expect.objectContaining({ doc_id: tea.id, title: 'Green tea', chunk_index: 0 })]);
    // Chunks embedded by another model are not compared with these vectors (the local ones rank by full text only here).
    const local = await searchKnowledge(stack.atelier.deps, { accountId: stack.accountId, workflowId: wf, query: 'best infusion temperature' });
    expect(local).toEqual([]);
  });

  it('refuses a private address when the deployment does not allow private networks, storing nothing', async () => {
    const config = stack.atelier.deps.config as { allowPrivateNetwork: boolean };
    const before = (await stack.api('GET', `${K}?workflow_id=${workflowId}`)).body.data.length;
    config.allowPrivateNetwork = false;
    try {
      for (const url of [`${pagesUrl}/warranty`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
        const r = await stack.api('POST', K, { body: { workflow_id: workflowId, source_type: 'url', source_url: url } });
        expect(r.status).toBe(422);
        expect(r.body.detail[0]).toMatchObject({ type: 'url_blocked', loc: ['body', 'source_url'] });
      }
    } finally {
      config.allowPrivateNetwork = true;
    }
    expect((await stack.api('GET', `${K}?workflow_id=${workflowId}`)).body.data.length).toBe(before);
  });

  it('validates in the house envelope: 422 for bad fields, 413 for too much text, 422 past the document limit', async () => {
    const noText = await stack.api('POST', K, { body: { workflow_id: workflowId, title: 'x', source_type: 'text' } });
    expect(noText.status).toBe(422);
    expect(noText.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'text'] })]);
    const noUrl = await stack.api('POST', K, { body: { workflow_id: workflowId, source_type: 'url' } });
    expect(noUrl.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'source_url'] })]);
    const badType = await stack.api('POST', K, { body: { workflow_id: workflowId, source_type: 'pdf', text: 'x' } });
    expect(badType.status).toBe(422);
    expect(badType.body.detail[0].loc).toEqual(['body', 'source_type']);
    const ftp = await stack.api('POST', K, { body: { workflow_id: workflowId, source_type: 'url', source_url: 'ftp://example.com/a' } });
    expect(ftp.status).toBe(422);
    expect(ftp.body.detail[0].loc).toEqual(['body', 'source_url']);
    const badQuery = await stack.api('GET', `${K}/search?workflow_id=${workflowId}`);
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.detail[0].loc).toEqual(['query', 'q']);

    const huge = await addText('Huge', 'word '.repeat(200_001));
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatchObject({ error: 'document_too_large', limit_chars: 1_000_000, chars: 1_000_005 });

    // The document limit per workflow (200), on a workflow of its own; the count is set up directly.
    const full = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }], []), { name: 'full' });
    await stack.atelier.deps.db.insertInto('knowledge_documents').values(Array.from({ length: 200 }, (_, i) => ({
      id: `kdoc_full_${i}`, account_id: stack.accountId, workflow_id: full, title: `d${i}`, source_type: 'text' as const, source_url: null, text: 'x', status: 'ready' as const, error: null, embedding_model: null, indexed_at: null,
    }))).execute();
    const over = await addText('One too many', 'some text', full);
    expect(over.status).toBe(422);
    expect(over.body.detail[0]).toMatchObject({ type: 'limit_exceeded', loc: ['body', 'workflow_id'] });
  });

  it("isolates accounts: another account's workflow and documents are 404, and its search sees nothing", async () => {
    const other = await stack.newAccount();
    const doc = (await addText('Secret recipe', 'The secret sauce uses smoked paprika and honey.')).body;
    expect((await stack.api('GET', `${K}/${doc.id}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('DELETE', `${K}/${doc.id}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('GET', `${K}?workflow_id=${workflowId}`, { key: other.key })).status).toBe(404);
    expect((await addText('Mine now', 'text', workflowId, other.key)).status).toBe(404);
    expect((await stack.api('GET', `${K}/search?q=secret+sauce&workflow_id=${workflowId}`, { key: other.key })).status).toBe(404);
    const theirs = await stack.api('GET', `${K}/search?q=secret+sauce+paprika`, { key: other.key });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await stack.api('GET', K, { key: other.key })).body.data).toEqual([]);
    // The document is still there for its owner.
    expect((await stack.api('GET', `${K}/${doc.id}`)).status).toBe(200);
  });

  it('the knowledge.search node answers from the run’s own workflow, with templated queries', async () => {
    const wf = await createWorkflow(stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'find', type: 'knowledge.search', params: { query: '{{start.output.main.question}}', limit: 2 } },
        { id: 'other', type: 'knowledge.search', params: { query: 'refund days', workflow_id: workflowId, limit: 1 } },
      ],
      [['start', 'find'], ['start', 'other']],
    ), { name: 'kb node' });
    const own = (await addText('Opening hours', 'The shop opens at nine in the morning and closes at six, Monday to Saturday.', wf)).body;
    await addText('Parking', 'Customer parking is behind the shop, free for the first hour.', wf);
    const { run_id } = await startRun(stack, wf, { question: 'When does the shop open in the morning?' });
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('completed');
    const found = run.node_outputs.find.output.main;
    expect(found).toMatchObject({ query: 'When does the shop open in the morning?', workflow_id: wf, count: 2 });
    expect(found.results[0]).toMatchObject({ doc_id: own.id, title: 'Opening hours', chunk_index: 0 });
    expect(found.context).toContain('[1] Opening hours');
    expect(run.node_outputs.other.output.main.results[0].title).toBe('Refunds');

    // Another account's workflow id is not found.
    const other = await stack.newAccount();
    const otherWf = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'peek', type: 'knowledge.search', params: { query: 'refund', workflow_id: workflowId } }], [['start', 'peek']]), { key: other.key });
    const peek = await waitForRun(stack, (await startRun(stack, otherWf, {}, { key: other.key })).run_id, undefined, undefined, other.key);
    expect(peek.status).toBe('failed');
    expect(peek.node_outputs.peek.error).toMatch(/not found/);
  });

  it("the agent's built-in knowledge_search tool answers from the run's own workflow documents", async () => {
    const wf = await createWorkflow(stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'agent', type: 'agent.run', params: { model: 'atelier-local', prompt: 'Look it up in the knowledge search, query: {{start.output.main.question}}', tools: ['knowledge_search'], tool_strategy: 'required', max_steps: 4 } },
      ],
      [['start', 'agent']],
    ), { name: 'kb agent' });
    await addText('Returns desk', 'Parcels are returned through the returns desk on the ground floor, open until five.', wf);
    await addText('Gift cards', 'Gift cards never expire and can be spent online or in the shop.', wf);
    const { run_id } = await startRun(stack, wf, { question: 'where is the returns desk' });
    const run = await waitForRun(stack, run_id);
    expect(run.status, JSON.stringify(run.node_outputs.agent)).toBe('completed');
    const out = run.node_outputs.agent.output.main;
    expect(out).toMatchObject({ stop_reason: 'completed', tool_calls: 1 });
    const toolStep = out.trace.find((t: any) => t.kind === 'tool');
    expect(toolStep, JSON.stringify(toolStep)).toMatchObject({ tool: 'builtin:knowledge_search', name: 'knowledge_search', ok: true });
    // The best passage comes first, from this workflow's documents only (the suite's Refunds document is another workflow's).
    expect(toolStep.result).toMatch(/^\[1\] Returns desk, chunk 0:\nParcels are returned/);
    expect(toolStep.result).not.toContain('Refund policy');
    expect(out.text).toContain('returns desk on the ground floor');
  });
});

describe('a document whose indexing never started (its process died after storing it)', () => {
  it('is picked up by the pending sweep, indexed once, and left alone afterwards', async () => {
    const { db } = stack.atelier.deps;
    const id = newDocumentId();
    // What a crash between the insert and the start leaves: the row, pending, and no workflow.
    await db.insertInto('knowledge_documents').values({
      id, account_id: stack.accountId, workflow_id: workflowId, title: 'stranded', source_type: 'text', source_url: null,
      text: SHIPPING, char_count: SHIPPING.length, embedding_model: null, indexed_at: null, error: null,
      updated_at: new Date(Date.now() - 10 * 60_000),
    }).execute();
    // A document pending for less than the threshold is another request's, still in progress.
    expect(await resumePendingDocuments(stack.atelier.deps, 3600)).not.toContain(id);
    expect(await resumePendingDocuments(stack.atelier.deps, 60)).toContain(id);
    const doc = await waitForDocument(id);
    expect(doc).toMatchObject({ status: 'ready', error: null });
    expect(doc.chunk_count).toBeGreaterThan(0);
    expect(await resumePendingDocuments(stack.atelier.deps, 60)).not.toContain(id);
  });
});
