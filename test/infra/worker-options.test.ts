// The worker's eager activity starts: TEMPORAL_EAGER_ACTIVITIES is read, bounded, and reaches the
// Temporal worker the process creates.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, type NativeConnection } from '@temporalio/worker';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import type { Deps } from '../../src/deps';
import { createWorker } from '../../src/infra/temporal/worker';

const dir = mkdtempSync(join(tmpdir(), 'atelier-worker-options-'));
const env = (extra: Record<string, string> = {}) => ({ NODE_ENV: 'test', ATELIER_DATA_DIR: dir, ...extra });

afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('TEMPORAL_EAGER_ACTIVITIES', () => {
  it('defaults to 100 (also when blank), takes 0–100 and refuses anything else by name', () => {
    expect(loadConfig(env()).temporal.eagerActivities).toBe(100);
    expect(loadConfig(env({ TEMPORAL_EAGER_ACTIVITIES: '0' })).temporal.eagerActivities).toBe(0);
    expect(loadConfig(env({ TEMPORAL_EAGER_ACTIVITIES: '12' })).temporal.eagerActivities).toBe(12);
    // A blank value (an empty line in an env file, an unset chart value) is the default, not 0.
    expect(loadConfig(env({ TEMPORAL_EAGER_ACTIVITIES: '' })).temporal.eagerActivities).toBe(100);
    expect(loadConfig(env({ TEMPORAL_EAGER_ACTIVITIES: ' ' })).temporal.eagerActivities).toBe(100);
    for (const bad of ['101', '-1', '2.5', 'many']) {
      expect(() => loadConfig(env({ TEMPORAL_EAGER_ACTIVITIES: bad })), bad).toThrow(ConfigError);
      expect(() => loadConfig(env({ TEMPORAL_EAGER_ACTIVITIES: bad })), bad).toThrow(/TEMPORAL_EAGER_ACTIVITIES/);
    }
  });

  it('is what the worker asks the server for per workflow task', async () => {
    const create = vi.spyOn(Worker, 'create').mockResolvedValue({} as Worker);
    for (const [value, expected] of [[undefined, 100], ['7', 7], ['0', 0]] as const) {
      const config = loadConfig(env(value === undefined ? {} : { TEMPORAL_EAGER_ACTIVITIES: value }));
      const deps = { config, taskQueue: 'worker-options-test' } as unknown as Deps;
      await createWorker(deps, { connection: {} as NativeConnection, activities: () => ({}), bundle: { codePath: join(dir, 'bundle.js') } });
      expect(create.mock.lastCall?.[0].maxEagerActivityReservationsPerWorkflowTask).toBe(expected);
    }
    expect(create).toHaveBeenCalledTimes(3);
  });
});
