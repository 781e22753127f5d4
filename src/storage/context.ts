import type { Deps } from '../deps';
import { detail } from '../infra/http/errors';
import { S3Server } from './s3/server';

const servers = new WeakMap<Pick<Deps, 'config'>, S3Server>();

/** The process's S3 server handle, built on first use from `config.storage`. */
export function s3For(deps: Pick<Deps, 'config'>): S3Server {
  let server = servers.get(deps);
  if (!server) {
    server = new S3Server(deps.config.storage);
    servers.set(deps, server);
  }
  if (!server.configured) throw detail(503, 'Storage is not configured on this server (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).');
  return server;
}
