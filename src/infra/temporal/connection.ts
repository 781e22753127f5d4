import { readFileSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { Config } from '../../config';
import type { Tracing } from '../tracing/tracing';

function tlsOptions(config: Config) {
  const t = config.temporal;
  if (!t.tls) return undefined;
  if (t.tlsCertPath && t.tlsKeyPath) {
    return { clientCertPair: { crt: readFileSync(t.tlsCertPath), key: readFileSync(t.tlsKeyPath) } };
  }
  return true as const;
}

/**
 * One client per process (the API side); with tracing, its calls carry the span context. A process
 * that also runs the worker passes the worker's native connection: the client then shares it, which
 * is what lets a start ask Temporal to hand the first workflow task straight to this process's
 * worker (eager workflow start) instead of through a task queue poll.
 */
export async function connectClient(config: Config, tracing?: Tracing, shared?: NativeConnection): Promise<Client> {
  const connection =
    shared ??
    (await Connection.connect({
      address: config.temporal.address,
      tls: tlsOptions(config),
      apiKey: config.temporal.apiKey,
      connectTimeout: '10s',
    }));
  return new Client({
    connection,
    namespace: config.temporal.namespace,
    ...(tracing ? { interceptors: { workflow: tracing.clientInterceptors } } : {}),
  });
}

/** The worker's native connection. */
export function connectWorker(config: Config): Promise<NativeConnection> {
  return NativeConnection.connect({
    address: config.temporal.address,
    tls: tlsOptions(config),
    apiKey: config.temporal.apiKey,
  });
}
