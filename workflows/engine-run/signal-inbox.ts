// Signals a run receives for its workflow-run nodes (approve, webhook): buffered until a node
// takes one addressed to it (or to no node in particular), in arrival order, and which nodes are
// waiting for each (the status query shows them). Pure; tests: test/engine/kernel/signal-inbox.test.ts.
import type { WaitableSignal } from '../../src/engine/workflows/workflow-node';

export class SignalInbox {
  private readonly buffered: Record<WaitableSignal, Array<Record<string, unknown>>> = { approve: [], webhook: [] };
  readonly waiting: Record<WaitableSignal, Set<string>> = { approve: new Set<string>(), webhook: new Set<string>() };

  receive(signal: WaitableSignal, payload: Record<string, unknown> | undefined): void {
    this.buffered[signal].push(payload ?? {});
  }

  /** The oldest payload for this node (addressed to it by `node_id`, or to any) that `accept` takes, taken; undefined when none. */
  take(signal: WaitableSignal, nodeId: string, accept?: (payload: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
    const queue = this.buffered[signal];
    const i = queue.findIndex((p) => (p.node_id === undefined || p.node_id === nodeId) && (!accept || accept(p)));
    if (i < 0) return undefined;
    return queue.splice(i, 1)[0];
  }

  /** Who waits for what, as the status query reports it. */
  waitingFor(): Record<WaitableSignal, string[]> {
    return { approve: [...this.waiting.approve], webhook: [...this.waiting.webhook] };
  }
}
