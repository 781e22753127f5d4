import { Writable } from 'node:stream';
import { LoggerWithComposedMetadata } from '@temporalio/common';
import { DefaultLogger, Runtime, type LogEntry } from '@temporalio/worker';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { installSdkLogging } from '../../src/infra/temporal/sdk-logging';

it("routes the SDK's INFO+ lines into pino and drops TRACE/DEBUG before their metadata is built", () => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  installSdkLogging(pino({ level: 'trace' }, sink));
  const runtimeLogger = Runtime.instance().logger;

  // As the SDK's worker logger is built: static attributes plus a function evaluated per line.
  let resolved = 0;
  const worker = LoggerWithComposedMetadata.compose(LoggerWithComposedMetadata.compose(runtimeLogger, { sdkComponent: 'worker' }), () => {
    resolved += 1;
    return { runId: 'r1' };
  });
  worker.trace('Got workflow activation', { jobs: [1, 2, 3] });
  worker.debug('Activity started');
  expect(resolved).toBe(0);
  worker.info('Worker state changed', { state: 'RUNNING' });
  worker.warn('Slow poll');
  expect(resolved).toBe(2);
  const sdk = lines.filter((l) => l.component === 'temporal-sdk');
  expect(sdk.map((l) => [l.level, l.msg, l.sdkComponent, l.runId, l.state])).toEqual([
    [30, 'Worker state changed', 'worker', 'r1', 'RUNNING'],
    [40, 'Slow poll', 'worker', 'r1', undefined],
  ]);

  // A composed logger over any other logger keeps the SDK's behaviour at every level.
  const seen: LogEntry[] = [];
  const other = LoggerWithComposedMetadata.compose(new DefaultLogger('TRACE', (e) => seen.push(e)), () => {
    resolved += 1;
    return { runId: 'r2' };
  });
  other.trace('t');
  other.debug('d');
  expect(resolved).toBe(4);
  expect(seen.map((e) => [e.level, e.message, e.meta?.runId])).toEqual([
    ['TRACE', 't', 'r2'],
    ['DEBUG', 'd', 'r2'],
  ]);
});
