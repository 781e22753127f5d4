// The commit carrier: node commits an executor reported before writing them (ExecuteNodeResult.commit)
// ride along with every later write of the run until one that carried them is confirmed. Pure and
// deterministic, no Temporal. Property tests: test/engine/kernel/commit-carrier.test.ts.
import { commitKey, type ExecuteNodeResult, type NodeCommit } from '../../src/engine/contract/run-contract';
import type { NodeOutput } from '../../src/engine/contract/types';

/** One executeNode call of an activity node: the commits it carries and whether it may defer its own. */
export interface CarriedCall {
  sent: NodeCommit[];
  deferCommit: boolean;
}

export class CommitCarrier {
  /** Commits reported before writing, in report order, until a write that carried them is confirmed. */
  private readonly unconfirmed: NodeCommit[] = [];
  /** Activity nodes in flight that were allowed to defer their commit (they count against the limit). */
  private deferring = 0;

  /**
   * @param limit how many commits may be unconfirmed (or deferring in flight) at once: each is
   * carried by every later write, so past this many the next node writes them before it reports.
   */
  constructor(private readonly limit: number) {}

  /** The commits not yet confirmed, in report order. */
  pending(): readonly NodeCommit[] {
    return this.unconfirmed;
  }

  /** How many deferring calls are in flight. */
  inFlight(): number {
    return this.deferring;
  }

  private confirm(sent: readonly NodeCommit[]): void {
    for (const c of sent) {
      const i = this.unconfirmed.indexOf(c);
      if (i >= 0) this.unconfirmed.splice(i, 1);
    }
  }

  /** Runs a write that carries the unconfirmed commits (undefined when there are none), confirming them once it is done. */
  async carrying<T>(write: (carry: NodeCommit[] | undefined) => Promise<T>): Promise<T> {
    const sent = this.unconfirmed.slice();
    const result = await write(sent.length ? sent : undefined);
    this.confirm(sent);
    return result;
  }

  /**
   * Opens an activity node's call: it carries every unconfirmed commit, and it may report before
   * writing its own when it sits on a chain (fan-out siblings overlap their writes anyway) and the
   * limit leaves room. Close it with `ended` whatever happens.
   */
  open(onChain: boolean): CarriedCall {
    const deferCommit = onChain && this.unconfirmed.length + this.deferring < this.limit;
    if (deferCommit) this.deferring += 1;
    return { sent: this.unconfirmed.slice(), deferCommit };
  }

  ended(call: CarriedCall): void {
    if (call.deferCommit) this.deferring -= 1;
  }

  /**
   * The executor's answer: a deferred commit joins the unconfirmed ones, and the carried commits its
   * process has seen committed (`confirmed`) or that its own write carried are confirmed. `call` is
   * absent for a call that went through `carrying`. Returns the node's output.
   */
  answered(call: CarriedCall | undefined, answer: ExecuteNodeResult): NodeOutput {
    const { commit, confirmed, ...result } = answer;
    if (commit) {
      this.unconfirmed.push(commit);
      // Carried commits its process has seen committed (histories from before `confirmed` have none).
      if (call && confirmed?.length) this.confirm(call.sent.filter((c) => confirmed.includes(commitKey(c))));
    } else if (call) this.confirm(call.sent);
    return result;
  }
}
