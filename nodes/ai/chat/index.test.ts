// ai.chat with fake providers (an external service): the charge comes first, at the one published price.
import { describe, expect, it } from 'vitest';
import { chatQuantities, countPromptTokens, operation, operationCostMicros } from '../../../src/generation/operations';
import { fakeProviders, harness, run } from '../../_lib/core-harness';

describe('ai.chat', () => {
  it('ai.chat charges the published price first, then asks the provider', async () => {
    const h = harness();
    const providers = fakeProviders(h.calls);
    h.ctx.providers = providers;
    const r = await run('ai.chat', { system: 'be brief', prompt: 'hi', temperature: 0.2 }, h);
    expect(h.calls).toEqual(['charge', 'provider']);
    // The one price table: the prompt's tokens plus max_tokens (512) of completion, as the chat route charges up front.
    const prompt = countPromptTokens([{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }]);
    expect(h.charges).toEqual([{ micros: operationCostMicros(operation('chat', 'atelier-local', chatQuantities(prompt, 512))), operation: 'ai.chat:atelier-local' }]);
    expect(providers.requests[0]).toMatchObject({ model: 'atelier-local', temperature: 0.2, messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }] });
    expect(r.output.main).toEqual({ text: expect.stringContaining('hi'), model: 'atelier-local', usage: { prompt_tokens: 7, completion_tokens: 3 } });
  });

  it('ai.chat does not call the provider when the charge is refused', async () => {
    const h = harness({ refuseCharge: true });
    h.ctx.providers = fakeProviders(h.calls);
    await expect(run('ai.chat', { prompt: 'hi' }, h)).rejects.toThrow('insufficient funds');
    expect(h.calls).toEqual(['charge']);
  });

  it('ai.chat without a provider fails clearly', async () => {
    await expect(run('ai.chat', { prompt: 'hi' })).rejects.toMatchObject({ type: 'provider_unavailable' });
  });
});
