// The knowledgeIngest workflow's activity: indexes a long text document, or fetches a URL document's
// page SSRF-safely, cleans it to text (the knowledge.extract_text node's cleaner) and indexes it. Refusals that a retry cannot
// fix (blocked address, 4xx, unsupported content, too much text) are non-retryable failures whose
// message becomes the document's `error`.
import { ApplicationFailure } from '@temporalio/common';
import type { Deps } from '../../deps';
import { BlockedAddressError, FetchError, safeFetch } from '../../infra/net/safe-fetch';
import { htmlToText } from '../../infra/text/html-to-text';
import { failDocument, indexDocument, MAX_DOCUMENT_CHARS, type KnowledgeIngestInput } from './service';

export type { KnowledgeIngestInput };

/** Largest page fetched. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

const refuse = (message: string) => ApplicationFailure.create({ type: 'knowledge_fetch_refused', message, nonRetryable: true });

export async function ingestKnowledgeDocument(deps: Deps, input: KnowledgeIngestInput): Promise<{ status: string }> {
  const doc = await deps.db.selectFrom('knowledge_documents').selectAll().where('id', '=', input.documentId).executeTakeFirst();
  if (!doc || doc.status !== 'pending') return { status: doc?.status ?? 'deleted' };
  if (doc.source_type === 'text' || !doc.source_url) {
    const indexed = await indexDocument(deps, doc.id, { text: doc.text ?? '' });
    return { status: indexed ? 'ready' : 'deleted' };
  }
  const url = doc.source_url;
  let res;
  try {
    res = await safeFetch(url, {
      maxRedirects: 5,
      maxBytes: MAX_PAGE_BYTES,
      timeoutMs: 30_000,
      headers: { accept: 'text/html,text/plain;q=0.9,*/*;q=0.5', 'user-agent': 'AtelierBot/1.0 (knowledge)' },
    }, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw refuse(err.message);
    if (err instanceof FetchError && (err.code === 'too_large' || err.code === 'invalid_url')) throw refuse(`${url}: ${err.message}`);
    throw new Error(`could not fetch ${url}: ${(err as Error).message}`);
  }
  if (res.status >= 400) {
    const message = `${url} answered HTTP ${res.status}`;
    if (res.status < 500 && res.status !== 429) throw refuse(message);
    throw new Error(message);
  }
  if (res.status >= 300) throw refuse(`${url} answered HTTP ${res.status} (a redirect past the limit of 5)`);
  const type = (res.headers['content-type'] ?? '').toLowerCase();
  const raw = res.body.toString('utf8');
  let text: string;
  let pageTitle = '';
  if (type.includes('html') || (!type && /<html[\s>]/i.test(raw))) {
    const cleaned = htmlToText(raw);
    text = cleaned.text;
    pageTitle = cleaned.title;
  } else if (type.startsWith('text/') || type.includes('json') || type.includes('xml') || !type) {
    text = raw.trim();
  } else {
    throw refuse(`${url} is ${type.split(';')[0]}: only HTML and text pages can be read`);
  }
  if (!text) throw refuse(`${url} has no readable text`);
  if (text.length > MAX_DOCUMENT_CHARS) throw refuse(`the page has ${text.length.toLocaleString('en-US')} characters of text; the limit is ${MAX_DOCUMENT_CHARS.toLocaleString('en-US')}`);
  // A document created without a title is named after its page once the page is read.
  const title = doc.title === doc.source_url && pageTitle ? pageTitle.slice(0, 200) : undefined;
  const indexed = await indexDocument(deps, doc.id, { text, title });
  return { status: indexed ? 'ready' : 'deleted' };
}

export const failKnowledgeDocument = (deps: Deps, input: { documentId: string; error: string }) => failDocument(deps, input);
