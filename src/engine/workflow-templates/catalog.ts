// The template gallery (GET /v1/templates): plain data, each template a WorkflowSpec
// built only from node types in the catalogue, with a sample input and a check that the test suite
// runs (test/engine/features/templates.test.ts installs and runs every one).
import type { Assertion } from '../tests/assertions';

export type Difficulty = 'beginner' | 'intermediate' | 'advanced';

export interface WorkflowTemplate {
  id: string;
  name: string;
  description: string;
  category: string;
  difficulty: Difficulty;
  featured: boolean;
  tags: string[];
  spec: Record<string, unknown>;
  sample_input: Record<string, unknown>;
  /** What a run on sample_input must show (the same assertion language as workflow tests). */
  check: Assertion;
}

type N = { id: string; type: string; params?: Record<string, unknown>; continue_on_error?: boolean };
type E = [string, string] | [string, string, string];

function flow(nodes: N[], edges: E[], trigger: Record<string, unknown> = { type: 'manual', config: {} }) {
  return {
    nodes: nodes.map((n, i) => ({ position: [i * 220, (i % 2) * 120], params: {}, ...n })),
    edges: edges.map(([source, target, port], i) => ({ id: `e${i + 1}`, source, target, source_port: port ?? 'main' })),
    trigger,
  };
}
const start: N = { id: 'start', type: 'trigger.manual' };
const t = (
  id: string, name: string, description: string, category: string, difficulty: Difficulty, tags: string[],
  spec: Record<string, unknown>, sample_input: Record<string, unknown>, check: Assertion, featured = false,
): WorkflowTemplate => ({ id, name, description, category, difficulty, featured, tags, spec, sample_input, check });

export const TEMPLATES: WorkflowTemplate[] = [
  t('tpl_hello_world', 'Hello world', 'Greets the name in the input: the smallest useful workflow.', 'getting-started', 'beginner', ['starter'],
    flow([start, { id: 'greet', type: 'io.template', params: { template: 'Hello, ${name}!', data: '{{start.output.main}}' } }], [['start', 'greet']]),
    { name: 'Ada' }, { path: 'greet.output.main.text', operator: 'eq', value: 'Hello, Ada!' }, true),
  t('tpl_slug_generator', 'Slug generator', 'Turns a title into a URL slug.', 'text', 'beginner', ['text', 'seo'],
    flow([start, { id: 'slug', type: 'io.slugify', params: { text: '{{start.output.main.title}}' } }], [['start', 'slug']]),
    { title: 'Héllo, Wörld! 2026' }, { path: 'slug.output.main.slug', operator: 'eq', value: 'hello-world-2026' }),
  t('tpl_headline_case', 'Headline case', 'Normalises a headline to title case.', 'text', 'beginner', ['text'],
    flow([start, { id: 'case', type: 'io.text_case', params: { text: '{{start.output.main.headline}}', case: 'title' } }], [['start', 'case']]),
    { headline: 'the quick brown fox' }, { path: 'case.output.main.text', operator: 'eq', value: 'The Quick Brown Fox' }),
  t('tpl_checksum', 'Content checksum', 'SHA-256 of a document, for change detection.', 'data', 'beginner', ['crypto', 'dedupe'],
    flow([start, { id: 'hash', type: 'io.hash', params: { value: '{{start.output.main.document}}' } }], [['start', 'hash']]),
    { document: 'abc' }, { path: 'hash.output.main.hash', operator: 'eq', value: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' }),
  t('tpl_invoice_total', 'Invoice total with VAT', 'Adds VAT to a net amount.', 'finance', 'beginner', ['math', 'invoice'],
    flow([start, { id: 'vat', type: 'io.math', params: { operation: 'multiply', a: '{{start.output.main.net}}', b: 1.23, decimals: 2 } }], [['start', 'vat']]),
    { net: 100 }, { path: 'vat.output.main.result', operator: 'eq', value: 123 }, true),
  t('tpl_csv_import', 'CSV import', 'Parses CSV text into typed rows.', 'data', 'beginner', ['csv', 'import'],
    flow([start, { id: 'parse', type: 'io.csv_parse', params: { text: '{{start.output.main.csv}}', cast: true } }], [['start', 'parse']]),
    { csv: 'sku,qty\nA1,3\nB2,5' }, { path: 'parse.output.main', operator: 'length_gte', value: 2 }),
  t('tpl_json_payload', 'Parse a JSON payload', 'Parses a JSON string field (as webhooks often send) into an object.', 'data', 'beginner', ['json'],
    flow([start, { id: 'parse', type: 'io.json_parse', params: { text: '{{start.output.main.payload}}' } }], [['start', 'parse']]),
    { payload: '{"order":{"id":7}}' }, { path: 'parse.output.main.order.id', operator: 'eq', value: 7 }),
  t('tpl_extract_emails', 'Extract e-mail addresses', 'Finds every e-mail address in a text.', 'text', 'intermediate', ['regex', 'leads'],
    flow([start, { id: 'find', type: 'io.regex_extract', params: { text: '{{start.output.main.text}}', pattern: '[\\w.+-]+@[\\w-]+\\.[\\w.]+' } }], [['start', 'find']]),
    { text: 'Write to ada@example.com or bob@example.org.' }, { path: 'find.output.main.count', operator: 'eq', value: 2 }),
  t('tpl_order_router', 'Order router', 'Sends large orders to review and small ones straight through.', 'logic', 'intermediate', ['branching', 'orders'],
    flow([start,
      { id: 'large', type: 'logic.if', params: { left: '{{start.output.main.amount}}', operator: 'gt', right: 1000 } },
      { id: 'review', type: 'io.set', params: { values: { route: 'review' } } },
      { id: 'auto', type: 'io.set', params: { values: { route: 'auto' } } }],
    [['start', 'large'], ['large', 'review', 'true'], ['large', 'auto', 'false']]),
    { amount: 5000 }, { path: 'review.output.main.route', operator: 'eq', value: 'review' }, true),
  t('tpl_ticket_triage', 'Support ticket triage', 'Routes a ticket by its priority with a switch.', 'support', 'intermediate', ['switch', 'support'],
    flow([start,
      { id: 'by_priority', type: 'logic.switch', params: { value: '{{start.output.main.priority}}', cases: ['urgent', 'normal'] } },
      { id: 'page', type: 'io.set', params: { values: { action: 'page on-call' } } },
      { id: 'queue', type: 'io.set', params: { values: { action: 'queue' } } },
      { id: 'backlog', type: 'io.set', params: { values: { action: 'backlog' } } }],
    [['start', 'by_priority'], ['by_priority', 'page', 'case_0'], ['by_priority', 'queue', 'case_1'], ['by_priority', 'backlog', 'default']]),
    { priority: 'urgent' }, { path: 'page.output.main.action', operator: 'eq', value: 'page on-call' }),
  t('tpl_fan_in', 'Fan-out and merge', 'Computes two things in parallel and merges them.', 'logic', 'intermediate', ['parallel', 'merge'],
    flow([start,
      { id: 'upper', type: 'io.text_case', params: { text: '{{start.output.main.text}}', case: 'upper' } },
      { id: 'slug', type: 'io.slugify', params: { text: '{{start.output.main.text}}' } },
      { id: 'merge', type: 'logic.merge', params: { mode: 'all' } }],
    [['start', 'upper'], ['start', 'slug'], ['upper', 'merge'], ['slug', 'merge']]),
    { text: 'Fan in' }, { path: 'merge.output.main.slug.slug', operator: 'eq', value: 'fan-in' }),
  t('tpl_js_transform', 'JavaScript transform', 'Reshapes the input with a few lines of JavaScript.', 'code', 'intermediate', ['code'],
    flow([start, { id: 'js', type: 'code.javascript', params: { code: 'const items = inputs.start.items; return { count: items.length, total: items.reduce((s, i) => s + i.price, 0) };' } }], [['start', 'js']]),
    { items: [{ price: 2 }, { price: 3 }] }, { path: 'js.output.main.total', operator: 'eq', value: 5 }),
  t('tpl_audit_log', 'Audit log line', 'Writes a structured log line for each event.', 'operations', 'beginner', ['logging'],
    flow([start, { id: 'log', type: 'system.log', params: { message: '{{start.output.main}}', level: 'info' } }], [['start', 'log']]),
    { event: 'signup', user: 42 }, { path: 'log.output.main.level', operator: 'eq', value: 'info' }),
  t('tpl_delayed_followup', 'Delayed follow-up', 'Waits, then prepares a follow-up message (durable timer).', 'marketing', 'intermediate', ['delay', 'email'],
    flow([start, { id: 'wait', type: 'control.delay', params: { seconds: 1 } },
      { id: 'message', type: 'io.template', params: { template: 'Hi ${name}, how was your trial?', data: '{{start.output.main}}' } }],
    [['start', 'wait'], ['wait', 'message']]),
    { name: 'Ada' }, { path: 'message.output.main.text', operator: 'contains', value: 'trial' }),
  t('tpl_ai_summary', 'AI summary', 'Summarises a text with the chat model.', 'ai', 'beginner', ['ai', 'summary'],
    flow([start, { id: 'summarise', type: 'ai.chat', params: { system: 'You summarise texts in one sentence.', prompt: 'Summarise: {{start.output.main.text}}', max_tokens: 64 } }], [['start', 'summarise']]),
    { text: 'Atelier runs durable workflows on Temporal.' }, { path: 'summarise.output.main.text', operator: 'length_gte', value: 1 }, true),
  t('tpl_ai_reply_draft', 'Draft a customer reply', 'Drafts a reply to a customer message, then formats it.', 'support', 'intermediate', ['ai', 'support'],
    flow([start,
      { id: 'draft', type: 'ai.chat', params: { prompt: 'Write a short, kind reply to: {{start.output.main.message}}', max_tokens: 80 } },
      { id: 'format', type: 'io.template', params: { template: 'Dear customer,\n${text}', data: '{{draft.output.main}}' } }],
    [['start', 'draft'], ['draft', 'format']]),
    { message: 'My order is late.' }, { path: 'format.output.main.text', operator: 'contains', value: 'Dear customer' }),
  t('tpl_pick_fields', 'Keep only public fields', 'Drops private fields from a user record before sharing it.', 'data', 'beginner', ['privacy'],
    flow([start, { id: 'pick', type: 'io.pick', params: { value: '{{start.output.main.user}}', fields: ['id', 'name'] } }], [['start', 'pick']]),
    { user: { id: 1, name: 'Ada', email: 'ada@example.com' } }, { path: 'pick.output.main', operator: 'eq', value: { id: 1, name: 'Ada' } }),
  t('tpl_discount_rules', 'Discount rules', 'Applies a discount when the cart passes a threshold, in JavaScript.', 'finance', 'intermediate', ['pricing', 'code'],
    flow([start, { id: 'rules', type: 'code.javascript', params: { code: 'const c = inputs.start.cart; const d = c >= 200 ? 0.1 : 0; return { discount: d, pay: Math.round(c * (1 - d) * 100) / 100 };' } }], [['start', 'rules']]),
    { cart: 250 }, { path: 'rules.output.main.pay', operator: 'eq', value: 225 }),
  t('tpl_webhook_intake', 'Webhook intake', 'Receives a signed webhook call and normalises its payload.', 'integrations', 'intermediate', ['webhook'],
    flow([start, { id: 'normalise', type: 'io.set', params: { values: { source: 'webhook', event: '{{start.output.main.type}}', data: '{{start.output.main.data}}' } } }], [['start', 'normalise']], { type: 'webhook', config: { path: 'intake' } }),
    { type: 'order.created', data: { id: 9 } }, { path: 'normalise.output.main.event', operator: 'eq', value: 'order.created' }),
  t('tpl_nightly_report', 'Nightly report', 'A scheduled workflow that assembles a report header (attach a schedule after installing).', 'operations', 'beginner', ['schedule', 'report'],
    flow([start, { id: 'header', type: 'io.template', params: { template: 'Report for ${team}', data: '{{start.output.main}}' } }], [['start', 'header']], { type: 'schedule', config: { cron: '0 6 * * *', timezone: 'Europe/Warsaw' } }),
    { team: 'ops' }, { path: 'header.output.main.text', operator: 'eq', value: 'Report for ops' }),
  t('tpl_guarded_step', 'Guarded step', 'A risky step that may fail without failing the run (continue_on_error).', 'logic', 'advanced', ['errors'],
    { ...flow([start,
      { id: 'risky', type: 'logic.stop_and_error', params: { message: 'upstream unavailable' }, continue_on_error: true },
      { id: 'always', type: 'io.set', params: { values: { done: true } } }],
    [['start', 'risky'], ['start', 'always']]), error_handler: 'continue' },
    {}, { path: 'always.output.main.done', operator: 'eq', value: true }),
  t('tpl_price_tiers', 'Price tier by quantity', 'Chooses a price tier with nested conditions.', 'finance', 'intermediate', ['branching', 'pricing'],
    flow([start,
      { id: 'bulk', type: 'logic.if', params: { left: '{{start.output.main.qty}}', operator: 'gte', right: 100 } },
      { id: 'bulk_price', type: 'io.math', params: { operation: 'multiply', a: '{{start.output.main.qty}}', b: 0.8, decimals: 2 } },
      { id: 'list_price', type: 'io.math', params: { operation: 'multiply', a: '{{start.output.main.qty}}', b: 1 } }],
    [['start', 'bulk'], ['bulk', 'bulk_price', 'true'], ['bulk', 'list_price', 'false']]),
    { qty: 150 }, { path: 'bulk_price.output.main.result', operator: 'eq', value: 120 }),
  t('tpl_lead_enrichment', 'Lead enrichment', 'Extracts the domain of a lead\'s e-mail and builds a CRM record.', 'sales', 'intermediate', ['leads', 'crm'],
    flow([start,
      { id: 'domain', type: 'io.regex_extract', params: { text: '{{start.output.main.email}}', pattern: '@(?<domain>[\\w.-]+)$', all: false } },
      { id: 'record', type: 'io.set', params: { values: { email: '{{start.output.main.email}}', company_domain: '{{domain.output.main.first}}' } } }],
    [['start', 'domain'], ['domain', 'record']]),
    { email: 'ada@analytical.io' }, { path: 'record.output.main.email', operator: 'eq', value: 'ada@analytical.io' }),
  t('tpl_content_pipeline', 'Content pipeline', 'Drafts a post with AI, then builds its slug and checksum in parallel.', 'marketing', 'advanced', ['ai', 'content', 'parallel'],
    flow([start,
      { id: 'draft', type: 'ai.chat', params: { prompt: 'Write a two-sentence post about {{start.output.main.topic}}', max_tokens: 80 } },
      { id: 'slug', type: 'io.slugify', params: { text: '{{start.output.main.topic}}' } },
      { id: 'hash', type: 'io.hash', params: { value: '{{draft.output.main.text}}' } },
      { id: 'merge', type: 'logic.merge', params: { mode: 'all' } }],
    [['start', 'draft'], ['start', 'slug'], ['draft', 'hash'], ['slug', 'merge'], ['hash', 'merge']]),
    { topic: 'Durable Workflows' }, { path: 'merge.output.main.slug.slug', operator: 'eq', value: 'durable-workflows' }, true),
  t('tpl_kpi_average', 'KPI average', 'Averages a list of daily figures.', 'analytics', 'beginner', ['math', 'kpi'],
    flow([start, { id: 'avg', type: 'io.math', params: { operation: 'average', values: '{{start.output.main.values}}', decimals: 1 } }], [['start', 'avg']]),
    { values: [10, 20, 30, 41] }, { path: 'avg.output.main.result', operator: 'eq', value: 25.3 }),
  t('tpl_translate_and_log', 'Multilingual notice', 'Drafts a notice with AI in the requested language and logs it.', 'ai', 'advanced', ['ai', 'i18n'],
    flow([start,
      { id: 'write', type: 'ai.chat', params: { prompt: 'Write a one-line maintenance notice in {{start.output.main.language}}', max_tokens: 60 } },
      { id: 'log', type: 'system.log', params: { message: '{{write.output.main.text}}' } }],
    [['start', 'write'], ['write', 'log']]),
    { language: 'Polish' }, { path: 'log.output.main.level', operator: 'eq', value: 'info' }),
];
