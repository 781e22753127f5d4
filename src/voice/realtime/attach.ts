import type { Server } from 'node:http';
import type { Deps } from '../../deps';
import { attachLocalRealtimeServer } from './local/server';

/**
 * Hooks the realtime engine into the API's HTTP server when Atelier runs it itself (provider
 * `local`); returns the stop hook. With an external engine there is nothing to attach.
 */
export function attachRealtimeEngine(server: Server, deps: Pick<Deps, 'config' | 'db' | 'logger'>): () => Promise<void> {
  if (deps.config.voice.provider !== 'local') return async () => undefined;
  return attachLocalRealtimeServer(server, deps);
}
