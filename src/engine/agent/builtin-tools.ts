// Built-in agent tools: one entry each, listed by id in an agent's `tools` (`http_get`, or
// `builtin:http_get`). Adding one is adding an entry here: its id (the function name the model
// sees), a description the model reads, a JSON Schema for its arguments, and `run`.
import { load } from 'cheerio';
import type { Deps } from '../../deps';
import { BlockedAddressError, FetchError, safeFetch } from '../../infra/net/safe-fetch';
import { MAX_SEARCH_LIMIT, searchKnowledge } from '../knowledge/search';

/** What a tool call returns: `content` goes back to the model; `ok: false` tells it the call failed. */
export interface ToolOutput {
  ok: boolean;
  content: string;
  /** Spent on the agent's behalf (micro-USD), counted against its usd_cap. */
  chargedMicros?: number;
  childRunId?: string;
}

export interface BuiltinToolContext {
  runId: string;
  nodeId: string;
  sandbox: boolean;
  signal: AbortSignal;
}

export interface BuiltinTool {
  id: string;
  description: string;
  inputSchema: Record<string, unknown>;
  run(deps: Deps, accountId: string, args: Record<string, unknown>, ctx: BuiltinToolContext): Promise<ToolOutput>;
}

/** Most characters of a page the model gets back. */
const HTTP_GET_MAX_CHARS = 8000;

/** Readable text of an HTML page: scripts, styles and navigation dropped, white space tidied. */
function htmlText(html: string): string {
  const $ = load(html);
  $('script, style, noscript, svg, nav, footer, head').remove();
  const title = $('title').first().text().trim();
  const body = $('body').text().replace(/[ \t]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim();
  return title && !body.startsWith(title) ? `${title}\n${body}` : body;
}

const httpGet: BuiltinTool = {
  id: 'http_get',
  description: 'Fetches a public web page or API over HTTP(S) GET and returns its status and text (HTML reduced to readable text, at most 8000 characters).',
  inputSchema: {
    type: 'object',
    properties: { url: { type: 'string', format: 'uri', description: 'The absolute http(s) URL to fetch.' } },
    required: ['url'],
    additionalProperties: false,
  },
  async run(deps, _accountId, args, ctx) {
    const url = typeof args.url === 'string' ? args.url.trim() : '';
    if (!/^https?:\/\//i.test(url)) return { ok: false, content: 'Error: url must be an absolute http(s) URL.' };
    try {
      // Every URL a model picks is a user-controlled URL: the SSRF-safe fetch, bounded in time and size.
      const res = await safeFetch(url, { timeoutMs: 20_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3, signal: ctx.signal, headers: { accept: 'text/html,application/json,text/plain;q=0.9,*/*;q=0.5', 'user-agent': 'Atelier-Agent/1' } }, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
      const type = res.headers['content-type'] ?? '';
      const raw = res.body.toString('utf8');
      const text = /html/i.test(type) ? htmlText(raw) : raw;
      const clipped = text.length > HTTP_GET_MAX_CHARS ? `${text.slice(0, HTTP_GET_MAX_CHARS)}\n[truncated: ${text.length} characters in all]` : text;
      return { ok: res.status < 400, content: `HTTP ${res.status}\n${clipped}` };
    } catch (err) {
      if (err instanceof BlockedAddressError || err instanceof FetchError) return { ok: false, content: `Error: ${err.message}` };
      throw err;
    }
  },
};

/** Chunks the knowledge tool returns unless the model asks for another number. */
const KNOWLEDGE_DEFAULT_LIMIT = 5;

const knowledgeSearch: BuiltinTool = {
  id: 'knowledge_search',
  description: "Searches the knowledge documents of this workflow (or of another of the account's workflows) and returns the best matching passages with their source.",
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'The question or keywords to look up.' },
      workflow_id: { type: 'string', description: "Whose documents to search; defaults to the running workflow's own." },
      limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, description: `How many passages to return (default ${KNOWLEDGE_DEFAULT_LIMIT}).` },
    },
    required: ['query'],
    additionalProperties: false,
  },
  async run(deps, accountId, args, ctx) {
    const query = typeof args.query === 'string' ? args.query.trim() : '';
    if (!query) return { ok: false, content: 'Error: query must be a non-empty string.' };
    let workflowId = typeof args.workflow_id === 'string' && args.workflow_id.trim() ? args.workflow_id.trim() : undefined;
    if (!workflowId) {
      const run = await deps.db.selectFrom('runs').select('workflow_id').where('id', '=', ctx.runId).where('account_id', '=', accountId).executeTakeFirst();
      workflowId = run?.workflow_id;
    }
    const limit = Number.isInteger(args.limit) ? Math.min(Math.max(args.limit as number, 1), MAX_SEARCH_LIMIT) : KNOWLEDGE_DEFAULT_LIMIT;
    // Scoped to the agent's own account: another account's workflow id simply finds nothing.
    const hits = await searchKnowledge(deps, { accountId, workflowId, query, limit });
    if (!hits.length) return { ok: true, content: 'No matching passages.' };
    return {
      ok: true,
      content: hits.map((h, i) => `[${i + 1}] ${h.title}${h.source_url ? ` (${h.source_url})` : ''}, chunk ${h.chunk_index}:\n${h.text}`).join('\n\n'),
    };
  },
};

/** The built-in tools by id. */
export const builtinTools: Readonly<Record<string, BuiltinTool>> = {
  [httpGet.id]: httpGet,
  [knowledgeSearch.id]: knowledgeSearch,
};
