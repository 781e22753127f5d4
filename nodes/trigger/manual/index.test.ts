// trigger.manual: `execute` with a hand-made context.
import { describe, expect, it } from 'vitest';
import { harness, run } from '../../_lib/core-harness';

describe('trigger.manual', () => {
  it('trigger.manual emits the run input', async () => {
    expect(await run('trigger.manual', {}, harness({ runInput: { n: 5 } }))).toEqual({ output: { main: { n: 5 } } });
    expect(await run('trigger.manual', {})).toEqual({ output: { main: {} } });
  });
});
