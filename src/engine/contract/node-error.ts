/**
 * A node's own failure. `retryable: false` (bad input, logic.stop_and_error, a sandbox error)
 * tells the executor to fail the node at once instead of applying its retry policy; the
 * executeNode activity turns it into `ApplicationFailure.create({ type, nonRetryable })`.
 */
export class NodeError extends Error {
  readonly retryable: boolean;
  /** A stable error type (e.g. `stop_and_error`, `code_timeout`, `http_blocked`). */
  readonly type: string;

  constructor(message: string, opts: { retryable?: boolean; type?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'NodeError';
    this.retryable = opts.retryable ?? false;
    this.type = opts.type ?? 'node_error';
  }
}

export function isNodeError(err: unknown): err is NodeError {
  return err instanceof NodeError || (err instanceof Error && err.name === 'NodeError' && 'retryable' in err);
}
