import { readFileSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { Config } from '../../config';

function tlsOptions(config: Config) {
  const t = config.temporal;
  if (!t.tls) return undefined;
  if (t.tlsCertPath && t.tlsKeyPath) {
    return { clientCertPair: { crt: readFileSync(t.tlsCertPath), key: readFileSync(t.tlsKeyPath) } };
  }
  return true as const;
}

/** One client connection per process (the API side). */
export async function connectClient(config: Config): Promise<Client> {
  const connection = await Connection.connect({
    address: config.temporal.address,
    tls: tlsOptions(config),
    apiKey: config.temporal.apiKey,
    connectTimeout: '10s',
  });
  return new Client({ connection, namespace: config.temporal.namespace });
}

/** The worker's native connection. */
export function connectWorker(config: Config): Promise<NativeConnection> {
  return NativeConnection.connect({
    address: config.temporal.address,
    tls: tlsOptions(config),
    apiKey: config.temporal.apiKey,
  });
}
