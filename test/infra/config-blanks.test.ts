// A blank setting (empty, or spaces only) is read as unset: its default, never 0, false or ''.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const dir = mkdtempSync(join(tmpdir(), 'atelier-config-blanks-'));
const env = (extra: Record<string, string> = {}) => ({ NODE_ENV: 'test', ATELIER_DATA_DIR: dir, ...extra });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('blank settings', () => {
  it('take their defaults: numbers, booleans and names alike', () => {
    const defaults = loadConfig(env());
    for (const blank of ['', ' ', '\t']) {
      const config = loadConfig(
        env({
          PORT: blank,
          HOST: blank,
          TEMPORAL_NAMESPACE: blank,
          TEMPORAL_EAGER_START: blank,
          TEMPORAL_EAGER_ACTIVITIES: blank,
          ATELIER_MAX_CONCURRENT_RUNS_PER_ACCOUNT: blank,
          ATELIER_RESULT_INLINE_MAX_BYTES: blank,
          OTEL_SERVICE_NAME: blank,
          ATELIER_STORY_MAX_CONCURRENT: blank,
          S3_REGION: blank,
          DATABASE_URL: blank,
          TEMPORAL_TLS: blank,
          TEMPORAL_API_KEY: blank,
        }),
      );
      expect(config.port, JSON.stringify(blank)).toBe(3000);
      expect(config.host).toBe('0.0.0.0');
      expect(config.temporal.namespace).toBe('default');
      expect(config.temporal.eagerStart).toBe(true);
      expect(config.temporal.eagerActivities).toBe(100);
      expect(config.engine).toEqual(defaults.engine);
      expect(config.tracing.serviceName).toBe('atelier');
      expect(config.story).toEqual(defaults.story);
      expect(config.storage.region).toBe(defaults.storage.region);
      expect(config.databaseUrl).toBeUndefined();
      expect(config.temporal.tls).toBe(false);
    }
  });

  it('still refuse a value that is there and wrong, by name', () => {
    expect(() => loadConfig(env({ PORT: '70000' }))).toThrow(/PORT/);
    expect(() => loadConfig(env({ PORT: 'x' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ TEMPORAL_EAGER_START: 'maybe' }))).toThrow(/TEMPORAL_EAGER_START/);
    // Set and not blank: read as given.
    expect(loadConfig(env({ PORT: '0' })).port).toBe(0);
    expect(loadConfig(env({ TEMPORAL_EAGER_START: '0' })).temporal.eagerStart).toBe(false);
    expect(loadConfig(env({ TEMPORAL_TLS: 'yes' })).temporal.tls).toBe(true);
    expect(loadConfig(env({ DATABASE_URL: 'postgres://db/x' })).databaseUrl).toBe('postgres://db/x');
  });
});
