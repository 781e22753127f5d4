// engineRun's local activities one at a time: each starts after every one asked for before it has
// settled, in the order asked for, whether earlier ones resolved or rejected.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Turns } from '../../../workflows/engine-run/turns';

describe('engineRun turns (no Temporal)', () => {
  it('serial: starts in call order, never two at once, past rejections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ ticks: fc.nat({ max: 3 }), reject: fc.boolean() }), { minLength: 1, maxLength: 12 }), async (calls) => {
        const turns = new Turns(true);
        const startedOrder: number[] = [];
        let active = 0;
        let most = 0;
        const all = calls.map((c, i) =>
          turns
            .run(async () => {
              startedOrder.push(i);
              active += 1;
              most = Math.max(most, active);
              for (let t = 0; t < c.ticks; t++) await Promise.resolve();
              active -= 1;
              if (c.reject) throw new Error(`call ${i}`);
              return i;
            })
            .then(
              (v) => ({ ok: v }),
              (e: Error) => ({ err: e.message }),
            ),
        );
        const results = await Promise.all(all);
        expect(startedOrder).toEqual(calls.map((_, i) => i));
        expect(most).toBe(1);
        expect(results).toEqual(calls.map((c, i) => (c.reject ? { err: `call ${i}` } : { ok: i })));
      }),
    );
  });

  it('not serial (executions before the patch): every call starts at once', async () => {
    const turns = new Turns(false);
    let started = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const a = turns.run(async () => {
      started += 1;
      await gate;
    });
    const b = turns.run(async () => {
      started += 1;
      await gate;
    });
    expect(started).toBe(2);
    open();
    await Promise.all([a, b]);
  });
});
