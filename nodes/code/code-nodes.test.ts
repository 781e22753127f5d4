// code.expression and code.jsonata: both evaluate inside an isolated-vm sandbox.
import { describe, expect, it } from 'vitest';
import { harness, main, undescribedParams } from '../_lib/harness';

describe('code nodes', () => {
  it('code.expression evaluates one expression over data, inputs and variables', async () => {
    const h = harness({ variables: { vat: 0.2 } });
    expect(await main('code.expression', { expression: 'data.items.filter(i => i.ok).reduce((s, i) => s + i.price, 0) * (1 + variables.vat)' }, { up: { items: [{ ok: true, price: 10 }, { ok: false, price: 5 }] } }, h)).toEqual({ value: 12 });
    expect(await main('code.expression', { expression: '`${data.first} ${inputs.b.last}`', data: { first: 'Ada' } }, { a: 1, b: { last: 'L' } })).toEqual({ value: 'Ada L' });
    await expect(main('code.expression', { expression: 'process.exit(1)' })).rejects.toMatchObject({ type: 'code_error' });
    await expect(main('code.expression', { expression: '(() => { while (true) {} })()', timeout_s: 0.3 })).rejects.toMatchObject({ type: 'code_timeout' });
  });

  it('code.jsonata queries and reshapes JSON', async () => {
    const data = { orders: [{ id: 1, lines: [{ price: 2, qty: 3 }, { price: 1, qty: 1 }] }, { id: 2, lines: [{ price: 10, qty: 1 }] }] };
    expect(await main('code.jsonata', { expression: '$sum(orders.lines.(price * qty))', data })).toEqual({ value: 17 });
    expect(await main('code.jsonata', { expression: 'orders.{"id": id, "n": $count(lines)}' }, { up: data })).toEqual({ value: [{ id: 1, n: 2 }, { id: 2, n: 1 }] });
    expect(await main('code.jsonata', { expression: '$uppercase($who) & "/" & $variables.env', data: {}, bindings: { who: 'ada' } }, {}, harness({ variables: { env: 'prod' } }))).toEqual({ value: 'ADA/prod' });
    expect(await main('code.jsonata', { expression: 'nothing.here', data })).toEqual({ value: null });
    await expect(main('code.jsonata', { expression: 'orders[', data })).rejects.toMatchObject({ message: expect.stringContaining('JSONata syntax error') });
  });

  it('describes every param', () => {
    for (const t of ['code.expression', 'code.jsonata']) expect(undescribedParams(t), t).toEqual([]);
  });
});
