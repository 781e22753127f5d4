import type { Server } from 'node:http';
import type { Deps } from '../../deps';
import { attachLocalRealtimeServer } from './local/server';

/**
 * Hooks Atelier's own realtime engine into the API's HTTP server; returns the stop hook. It is
 * attached whatever engine the deployment runs: sandbox keys' sessions always connect to it.
 */
export function attachRealtimeEngine(server: Server, deps: Pick<Deps, 'config' | 'db' | 'logger'>): () => Promise<void> {
  return attachLocalRealtimeServer(server, deps);
}
