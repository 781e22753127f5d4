// logic.stop_and_error: fails at once.
import { describe, expect, it } from 'vitest';
import { NodeError } from '../../../src/engine/contract/node-error';
import { run } from '../../_lib/core-harness';

describe('logic.stop_and_error', () => {
  it('fails with its message, not retryable', async () => {
    const err = await run('logic.stop_and_error', { message: 'bad input' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect(err).toMatchObject({ message: 'bad input', retryable: false, type: 'stop_and_error' });
  });
});
