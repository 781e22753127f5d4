// engineRun's signal inbox: a payload addressed to a node (node_id) goes to that node only, one
// addressed to none goes to whichever node takes first, each is taken once, in arrival order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignalInbox } from '../../../workflows/engine-run/signal-inbox';

describe('engineRun signal inbox (no Temporal)', () => {
  it('hands each payload out once, oldest first, only to a node it is addressed to (or any)', () => {
    const arrival = fc.record({ to: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }), signal: fc.constantFrom('approve' as const, 'webhook' as const) });
    const takeOp = fc.record({ node: fc.constantFrom('a', 'b'), signal: fc.constantFrom('approve' as const, 'webhook' as const) });
    fc.assert(
      fc.property(fc.array(fc.oneof(arrival.map((a) => ({ kind: 'in' as const, ...a })), takeOp.map((t) => ({ kind: 'take' as const, ...t }))), { maxLength: 40 }), (ops) => {
        const inbox = new SignalInbox();
        const model: Array<{ seq: number; to?: string; signal: string }> = [];
        let seq = 0;
        for (const op of ops) {
          if (op.kind === 'in') {
            inbox.receive(op.signal, op.to === undefined ? { seq } : { seq, node_id: op.to });
            model.push({ seq: seq++, to: op.to, signal: op.signal });
            continue;
          }
          const got = inbox.take(op.signal, op.node);
          const i = model.findIndex((m) => m.signal === op.signal && (m.to === undefined || m.to === op.node));
          if (i < 0) expect(got).toBeUndefined();
          else expect(got?.seq).toBe(model.splice(i, 1)[0]!.seq);
        }
      }),
    );
  });

  it('an empty signal is an empty payload; waiters are reported by signal', () => {
    const inbox = new SignalInbox();
    inbox.receive('approve', undefined);
    expect(inbox.take('approve', 'x')).toEqual({});
    inbox.waiting.webhook.add('hook');
    expect(inbox.waitingFor()).toEqual({ approve: [], webhook: ['hook'] });
  });
});
