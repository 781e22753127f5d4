/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The agent category: planning, critique and decisions through the provider layer (the local
// model, so the local methods decide) and, for the model path, a chat provider answering JSON.
import { describe, expect, it } from 'vitest';
import { createLocalProviders } from '../../src/generation/providers/index';
import { getNode } from '../index';
import { mediaHarness } from '../_lib/media-testing';

describe('agent nodes', () => {
  it('agent.plan splits a goal into steps between clarify and review', async () => {
    const h = mediaHarness();
    const r = await h.run('agent.plan', { goal: 'Research three competitors, then write a comparison post and publish it on LinkedIn' });
    const main = r.output.main as any;
    expect(main.method).toBe('local');
    expect(main.steps.map((s: any) => s.title)).toEqual([
      expect.stringMatching(/^Clarify/), 'Research three competitors', 'Write a comparison post', 'Publish it on LinkedIn', 'Review the result against the goal',
    ]);
    expect(main.steps.map((s: any) => s.n)).toEqual([1, 2, 3, 4, 5]);
    expect(r.output.steps).toEqual(main.steps);
    expect(h.charges).toEqual([{ micros: expect.any(Number), operation: 'agent.plan:atelier-local' }]);
    expect(h.charges[0]!.micros).toBeGreaterThan(0);
    const short = await h.main('agent.plan', { goal: 'a, b, write c, write d, write e, write f', max_steps: 3 });
    expect(short.steps).toHaveLength(3);
  });

  it('agent.plan takes the model\'s steps when they are valid JSON', async () => {
    const providers = { ...createLocalProviders(), chat: async () => ({ text: '{"steps":[{"title":"Do it"}]}', usage: { prompt_tokens: 1, completion_tokens: 1 }, model: 'gpt-4o-mini' }) };
    const h = mediaHarness({ capabilities: { providers } });
    expect(await h.main('agent.plan', { goal: 'x', model: 'gpt-4o-mini' })).toMatchObject({ method: 'model', steps: [{ n: 1, title: 'Do it', detail: '', done_when: '' }] });
  });

  it('agent.critique scores against criteria and routes pass/revise', async () => {
    const h = mediaHarness();
    const good = await h.run('agent.critique', { text: 'Our new plan costs 9 dollars a month. It includes unlimited renders.', criteria: ['mentions the price', 'under 50 words'] });
    expect(Object.keys(good.output).sort()).toEqual(['main', 'pass']);
    const bad = await h.run('agent.critique', { text: 'This is great.', criteria: ['mentions the price', 'under 2 words'] });
    const main = bad.output.main as any;
    expect(bad.output.revise).toBeDefined();
    expect(main.issues).toEqual(expect.arrayContaining([expect.stringMatching(/price/), expect.stringMatching(/under 2 words/)]));
    expect(main.score).toBeLessThan(7);
  });

  it('agent.decide picks the matching option and routes to its port', async () => {
    const h = mediaHarness();
    const options = [
      { id: 'search_web', description: 'look up current facts, news or prices on the web' },
      { id: 'make_image', description: 'draw or generate a picture, illustration or photo' },
      { id: 'answer', description: 'reply directly from what is known' },
    ];
    const r = await h.run('agent.decide', { situation: 'The user wants a picture of a cat wearing a hat', options });
    expect((r.output.main as any).choice).toBe('make_image');
    expect(Object.keys(r.output).sort()).toEqual(['main', 'option_make_image']);
    const def = getNode('agent.decide')!;
    expect(def.outputsFor!(def.params.parse({ options })).map((p) => p.name)).toEqual(['main', 'option_search_web', 'option_make_image', 'option_answer']);
  });
});

