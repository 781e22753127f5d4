/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The ai category: every node executed for real — the local provider layer (offline chat model,
// tesseract OCR, dictionary translator), a charge recorder, a real blob store. The model path of
// the structured nodes is checked with a chat provider that answers JSON like a hosted model would.
import { describe, expect, it } from 'vitest';
import { chatQuantities, countPromptTokens, operation, operationCostMicros } from '../../src/generation/operations';
import { createLocalProviders } from '../../src/generation/providers/index';
import { mediaHarness, pngFixture } from '../_lib/media-testing';
import { cosine } from '../../src/engine/node-sdk';

const jsonModel = (answer: unknown) => ({
  ...createLocalProviders(),
  chat: async () => ({ text: `Sure:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``, usage: { prompt_tokens: 10, completion_tokens: 5 }, model: 'gpt-4o-mini' }),
});

describe('ai text nodes (local model → local methods)', () => {
  it('ai.summarise keeps the key sentences and charges one chat call', async () => {
    const h = mediaHarness();
    const text = 'Atelier renders videos. The weather was fine. Atelier videos use ffmpeg to render. Cats sleep a lot. Rendering videos in Atelier is fast.';
    const out = await h.main('ai.summarise', { text, max_sentences: 2 });
    expect(out.sentences).toBeLessThanOrEqual(2);
    expect(out.summary).toMatch(/Atelier/);
    expect(out.summary).not.toMatch(/Cats/);
    // Exactly the price table's price for the messages sent: counted prompt tokens, 1,024 completion tokens reserved.
    const messages = [
      { role: 'system', content: "Summarise the user's text in at most 2 sentences. Keep facts, names and numbers." },
      { role: 'user', content: `Summarise: ${text}` },
    ];
    const price = operationCostMicros(operation('chat', 'atelier-local', chatQuantities(countPromptTokens(messages), 1024)));
    expect(price).toBeGreaterThan(0);
    expect(h.charges).toEqual([{ micros: price, operation: 'ai.summarise:atelier-local' }]);
    const bullets = await h.main('ai.summarise', { max_sentences: 2, style: 'bullets' }, { up: { text } });
    expect(bullets.summary.split('\n').every((l: string) => l.startsWith('- '))).toBe(true);
  });

  it.each([
    ['I love this product, it is amazing and fast', 'positive'],
    ['This is terrible, it crashed and I want a refund', 'negative'],
    ['The box is on the table', 'neutral'],
    ['not good at all', 'negative'],
  ])('ai.sentiment %j → %s (routed to that port)', async (text, label) => {
    const h = mediaHarness();
    const r = await h.run('ai.sentiment', { text });
    expect((r.output.main as { label: string }).label).toBe(label);
    expect(Object.keys(r.output).sort()).toEqual(['main', label].sort());
    expect((r.output.main as { method: string }).method).toBe('local');
  });

  it('ai.sentiment takes a hosted model\'s JSON', async () => {
    const h = mediaHarness({ capabilities: { providers: jsonModel({ label: 'negative', score: -0.6 }) } });
    expect(await h.main('ai.sentiment', { text: 'meh', model: 'gpt-4o-mini' })).toMatchObject({ label: 'negative', score: -0.6, method: 'model' });
  });

  it('ai.moderate flags and routes', async () => {
    const h = mediaHarness();
    const bad = await h.run('ai.moderate', { text: 'Click here for free money, you idiot' });
    expect(bad.output.flagged).toBeDefined();
    expect(bad.output.clean).toBeUndefined();
    expect((bad.output.main as any).categories).toMatchObject({ spam: true, harassment: true, violence: false });
    const ok = await h.run('ai.moderate', { text: 'Lovely weather for a walk', block_categories: ['spam'] });
    expect(Object.keys(ok.output).sort()).toEqual(['clean', 'main']);
  });

  it('ai.keywords ranks content words', async () => {
    const h = mediaHarness();
    const out = await h.main('ai.keywords', { text: 'Video editing tips: video editing needs good lighting. Lighting and sound make video great.', count: 3 });
    expect(out.keywords[0]).toBe('video');
    expect(out.keywords).toContain('lighting');
    expect(out.scored[0].score).toBe(1);
  });

  it('ai.classify picks a label and routes to its port; a model answer outside the labels is ignored', async () => {
    const h = mediaHarness();
    const labels = [{ label: 'billing', description: 'invoice payment refund charge card' }, { label: 'bug', description: 'error crash broken not working' }, 'praise'];
    const r = await h.run('ai.classify', { text: 'The app crashed with an error when I opened it', labels });
    expect((r.output.main as any).label).toBe('bug');
    expect(r.output.label_bug).toBeDefined();
    const r2 = await h.run('ai.classify', { text: 'Please refund the charge on my card', labels });
    expect(Object.keys(r2.output).sort()).toEqual(['label_billing', 'main']);
    const m = mediaHarness({ capabilities: { providers: jsonModel({ label: 'praise' }) } });
    expect(await m.main('ai.classify', { text: 'x', labels, model: 'gpt-4o-mini' })).toMatchObject({ label: 'praise', method: 'model' });
    const wrong = mediaHarness({ capabilities: { providers: jsonModel({ label: 'spam' }) } });
    expect(await wrong.main('ai.classify', { text: 'refund my card charge', labels, model: 'gpt-4o-mini' })).toMatchObject({ label: 'billing', method: 'local' });
  });

  it('ai.extract fills a JSON schema and validates it', async () => {
    const h = mediaHarness();
    const schema = { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, age: { type: 'integer' }, plan: { enum: ['free', 'pro'] } }, required: ['name', 'email'] };
    const out = await h.main('ai.extract', { text: 'Name: Ada Lovelace\nReach me at ada@example.com, age: 36. I want the pro plan.', schema });
    expect(out).toMatchObject({ data: { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, plan: 'pro' }, valid: true, method: 'local' });
    const missing = await h.main('ai.extract', { text: 'nothing here', schema });
    expect(missing.valid).toBe(false);
    expect(missing.errors.join()).toMatch(/name/);
    const m = mediaHarness({ capabilities: { providers: jsonModel({ name: 'Bob', email: 'b@x.io' }) } });
    expect(await m.main('ai.extract', { text: 'x', schema, model: 'gpt-4o-mini' })).toMatchObject({ data: { name: 'Bob' }, valid: true, method: 'model' });
    await expect(h.run('ai.extract', { text: 'x', schema: { type: 'nope' } })).rejects.toThrow(/valid JSON Schema/);
  });

  it('ai.translate uses the translate provider, priced per 1k characters', async () => {
    const h = mediaHarness();
    expect(await h.main('ai.translate', { text: 'hello world', target: 'fr' })).toMatchObject({ text: expect.stringMatching(/bonjour monde/i), target: 'fr', source: 'en' });
    expect(h.charges[0]!.operation).toBe('ai.translate:atelier-translate-v1');
    expect(h.charges[0]!.micros).toBeGreaterThan(0);
  });

  it('ai.translate refuses a language the translate provider does not know before it charges', async () => {
    const h = mediaHarness();
    await expect(h.run('ai.translate', { text: 'hello', target: 'tlh' })).rejects.toThrow(/^Unsupported target language 'tlh'/);
    await expect(h.run('ai.translate', { text: 'hello', target: 'fr', source: 'xx' })).rejects.toThrow(/^Unsupported source language 'xx'/);
    expect(h.charges).toEqual([]);
  });

  it('ai.rewrite changes tone (rules with the local model)', async () => {
    const h = mediaHarness();
    expect((await h.main('ai.rewrite', { text: "hey, we're gonna ship it, don't worry!", tone: 'formal' })).text).toBe('Hello, we are going to ship it, do not worry.');
    expect((await h.main('ai.rewrite', { text: 'I think we might be able to basically finish it in order to launch', tone: 'confident' })).text).toMatch(/^We will be able to/);
    expect((await h.main('ai.rewrite', { text: 'We are really very happy. It is just great.', tone: 'concise' })).text).toBe('We are happy. It is great.');
  });

  it('ai.detect_language and ai.embed run locally and free', async () => {
    const h = mediaHarness();
    expect(await h.main('ai.detect_language', { text: 'Le chat est dans la maison et il ne veut pas sortir' })).toMatchObject({ language: 'fr' });
    expect(await h.main('ai.detect_language', { text: '12345' })).toMatchObject({ language: 'und' });
    const e = await h.main('ai.embed', { texts: ['render a video with ffmpeg', 'rendering videos using ffmpeg', 'bake a chocolate cake'], dimensions: 128 });
    const [a, b, c] = e.embeddings.map((x: { embedding: number[] }) => x.embedding);
    expect(a).toHaveLength(128);
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c) + 0.2);
    expect(Math.hypot(...a)).toBeCloseTo(1, 3);
    expect(h.charges).toEqual([]);
  });
});

describe('ai vision nodes', () => {
  it('ai.ocr reads text with tesseract and charges the OCR price', async () => {
    const h = mediaHarness();
    const img = await h.ref(await pngFixture(320, 80, '#ffffff', 'HELLO WORLD'), 'png');
    const out = await h.main('ai.ocr', { image: img });
    expect(out.text).toMatch(/HELLO WORLD/);
    expect(h.charges).toEqual([{ micros: 1300, operation: 'ai.ocr:atelier-ocr-v1' }]);
    await expect(h.run('ai.ocr', { image: await h.ref(Buffer.from('not an image'), 'png') })).rejects.toThrow(/not an image/);
  });

  it('ai.caption describes colours, shape and text', async () => {
    const h = mediaHarness();
    const out = await h.main('ai.caption', { read_text: false }, { up: await h.ref(await pngFixture(200, 100, '#cc2222'), 'png') });
    expect(out).toMatchObject({ orientation: 'landscape', width: 200, height: 100, method: 'analysis' });
    expect(out.caption).toMatch(/red/);
    expect(out.colours[0].name).toBe('red');
  });
});
