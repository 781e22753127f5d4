// The engineRun commit carrier, checked over random interleavings with no Temporal: a reported
// commit is carried by every later write until one that carried it is confirmed (or the executor
// says its process committed it), in report order, never past the limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitKey, type ExecuteNodeResult, type NodeCommit } from '../../../src/engine/contract/run-contract';
import { CommitCarrier, type CarriedCall } from '../../../workflows/engine-run/commit-carrier';

const LIMIT = 4;
const commit = (n: number): NodeCommit => ({ nodeId: `n${n}`, events: [{ dedupeKey: `g0:n${n}:0` } as never], node: {} as never });
const output = { ok: true, output: {}, usd_charged: 0, error: null, logs: [], duration_ms: 0 };

/** One step of the run: open an activity node's call, answer one in flight, or write a projection carrying the commits. */
const op = fc.oneof(
  fc.record({ kind: fc.constant('open' as const), onChain: fc.boolean() }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), confirmedMask: fc.nat(), fail: fc.boolean() }),
  fc.record({ kind: fc.constant('write' as const) }),
);

describe('engineRun commit carrier (no Temporal)', () => {
  it('carries every unconfirmed commit, drops one only once a write that carried it is done or confirmed it, keeps report order and the limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops) => {
        const carrier = new CommitCarrier(LIMIT);
        const inFlight: CarriedCall[] = [];
        const reported: NodeCommit[] = [];
        /** Commits some finished write carried (or an executor confirmed): the only ones that may leave. */
        const delivered = new Set<NodeCommit>();
        let next = 0;
        for (const o of ops) {
          const before = [...carrier.pending()];
          if (o.kind === 'open') {
            const call = carrier.open(o.onChain);
            // Every call carries exactly what is unconfirmed at its start, in report order.
            expect(call.sent).toEqual(before);
            if (!o.onChain) expect(call.deferCommit).toBe(false);
            inFlight.push(call);
          } else if (o.kind === 'answer' && inFlight.length) {
            const call = inFlight.splice(o.pick % inFlight.length, 1)[0]!;
            carrier.ended(call);
            if (o.fail) continue; // a failed call confirms nothing
            // Only a call allowed to defer may answer with its own commit.
            const own = call.deferCommit ? commit(next++) : undefined;
            const confirmed = call.sent.filter((_, i) => (o.confirmedMask >> i) & 1).map(commitKey);
            const answer: ExecuteNodeResult = { ...output, ...(own ? { commit: own, confirmed } : {}) };
            expect(carrier.answered(call, answer)).toEqual(output);
            if (own) {
              reported.push(own);
              for (const c of call.sent) if (confirmed.includes(commitKey(c))) delivered.add(c);
            } else for (const c of call.sent) delivered.add(c);
          } else if (o.kind === 'write') {
            let carried: NodeCommit[] | undefined;
            await carrier.carrying(async (carry) => {
              carried = carry;
            });
            expect(carried ?? []).toEqual(before);
            expect(carried === undefined || carried.length > 0).toBe(true);
            for (const c of before) delivered.add(c);
            expect(carrier.pending()).toEqual([]);
          }
          const now = carrier.pending();
          // Report order, nothing lost that was not delivered, nothing delivered kept.
          expect(now).toEqual(reported.filter((c) => now.includes(c)));
          for (const c of reported) expect(now.includes(c) || delivered.has(c), c.nodeId).toBe(true);
          for (const c of now) expect(delivered.has(c), c.nodeId).toBe(false);
          expect(now.length + carrier.inFlight()).toBeLessThanOrEqual(LIMIT);
          expect(carrier.inFlight()).toBe(inFlight.filter((c) => c.deferCommit).length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a call through `carrying` (a local node) confirms what it carried, and a commit it reports stays', async () => {
    const carrier = new CommitCarrier(LIMIT);
    const first = carrier.open(true);
    carrier.ended(first);
    carrier.answered(first, { ...output, commit: commit(1) });
    expect(carrier.pending().map((c) => c.nodeId)).toEqual(['n1']);
    const result = await carrier.carrying(async () => carrier.answered(undefined, output));
    expect(result).toEqual(output);
    expect(carrier.pending()).toEqual([]);
  });
});
