// The one reading of a broker connection (Redis, RabbitMQ/AMQP, MQTT, NATS): where the broker is
// and which credential it gets. Every consumer goes through it — the nodes and the connection test
// (brokers.ts, redis.ts, nats.ts), the bucket queue targets (src/storage), and the check a
// connection passes when it is saved (service.ts) — so a connection that saves is read the same way
// by all of them. The forms (docs/engine.md, "Connection secrets, per provider"):
//   1. the secret is the broker URL with its credentials   mqtt://user:pass@host:1883
//   2. the secret is a JSON object                          {"url", "username", "password", …}
//   3. metadata.url (or host/port) names the broker, metadata.username the user, and the secret is
//      the password (for NATS without a username: the token).
// Errors name the field (`loc`, e.g. ['metadata', 'username']) and never quote a value.
import { isPlainRecord } from '../../contract/node-io';

export type Broker = 'redis' | 'rabbitmq' | 'mqtt' | 'nats';

export const BROKERS: Record<Broker, { label: string; schemes: string[]; tlsSchemes: string[]; defaultPort: number }> = {
  redis: { label: 'Redis', schemes: ['redis', 'rediss'], tlsSchemes: ['rediss'], defaultPort: 6379 },
  rabbitmq: { label: 'RabbitMQ (AMQP)', schemes: ['amqp', 'amqps'], tlsSchemes: ['amqps'], defaultPort: 5672 },
  mqtt: { label: 'MQTT', schemes: ['mqtt', 'mqtts'], tlsSchemes: ['mqtts'], defaultPort: 1883 },
  nats: { label: 'NATS', schemes: ['nats', 'tls'], tlsSchemes: ['tls'], defaultPort: 4222 },
};

/** The broker a connection provider speaks to (`amqp` is RabbitMQ's protocol), or undefined. */
export function brokerOfProvider(provider: string): Broker | undefined {
  if (provider === 'amqp') return 'rabbitmq';
  return Object.prototype.hasOwnProperty.call(BROKERS, provider) ? (provider as Broker) : undefined;
}

/** A secret or metadata that no client could use; `loc` is the field, under `secret` or `metadata`. */
export class SecretFormError extends Error {
  constructor(readonly loc: string[], message: string) {
    super(message);
    this.name = 'SecretFormError';
  }
}

export interface BrokerSecret {
  /** The broker URL without user info (the path kept: AMQP vhost, Redis db). */
  url: string;
  scheme: string;
  host: string;
  port: number;
  tls: boolean;
  username?: string;
  password?: string;
  /** NATS token authentication. */
  token?: string;
  /** Redis database number. */
  db: number;
  /** AMQP virtual host. */
  vhost: string;
}

const STRING_FIELDS = ['url', 'host', 'username', 'user', 'password', 'pass', 'token'] as const;
/** Credentials never sit in metadata: it is shown in every listing of the connection. */
const SECRET_IN_METADATA = ['password', 'pass', 'token'];
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** A percent-decoded URL part; a malformed escape is the URL's fault, reported at `loc`. */
function decoded(part: string, loc: string[]): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new SecretFormError(loc, 'the URL has a malformed %-escape (user name, password or path)');
  }
}

function checkFields(fields: Record<string, unknown>, where: string, broker: Broker): void {
  for (const f of STRING_FIELDS) {
    if (fields[f] !== undefined && typeof fields[f] !== 'string') throw new SecretFormError([where, f], `${f} must be a string`);
  }
  const port = fields.port;
  const portNumber = typeof port === 'number' || (typeof port === 'string' && /^\d+$/.test(port)) ? Number(port) : NaN;
  if (port !== undefined && !(Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65535)) {
    throw new SecretFormError([where, 'port'], 'port must be a number from 1 to 65535');
  }
  const db = fields.db;
  const dbNumber = typeof db === 'number' || (typeof db === 'string' && /^\d+$/.test(db)) ? Number(db) : NaN;
  if (broker === 'redis' && db !== undefined && !(Number.isInteger(dbNumber) && dbNumber >= 0)) {
    throw new SecretFormError([where, 'db'], 'db must be a database number (0, 1, …)');
  }
}

/** Saving refuses credentials in metadata (shown in every listing); a stored one is still read, last. */
function refuseSecretInMetadata(meta: Record<string, unknown>): void {
  const misplaced = SECRET_IN_METADATA.find((f) => meta[f] !== undefined);
  if (misplaced) throw new SecretFormError(['metadata', misplaced], `${misplaced} goes in the secret, not in metadata (metadata is shown in every listing of the connection)`);
  if (typeof meta.url === 'string' && URL.canParse(meta.url) && new URL(meta.url).password) {
    throw new SecretFormError(['metadata', 'url'], 'the URL\'s password goes in the secret, not in metadata (metadata is shown in every listing of the connection)');
  }
}

/**
 * Reads a broker connection: `metadata` and the opened `secret` (undefined for a node's inline
 * params, which then play the part of metadata and may hold a `password`/`secret` themselves).
 * `saving`: the stricter check a connection passes when it is created.
 */
export function readBrokerSecret(broker: Broker, source: { metadata: Record<string, unknown>; secret?: string }, opts: { saving?: boolean } = {}): BrokerSecret {
  const spec = BROKERS[broker];
  const example = `${spec.schemes[0]}://user:password@host:${spec.defaultPort}`;
  const meta = source.metadata;
  const inline = source.secret === undefined;
  // The layer that carries the credential: the secret, or a node's inline params (`credential`).
  const own = inline ? 'credential' : 'secret';
  let secretFields: Record<string, unknown> = {};
  let form: 'json' | 'url' | 'plain' | 'none' = 'none';
  if (inline) {
    checkFields(meta, own, broker);
    const inlineSecret = str(meta.secret);
    const extra = !inlineSecret ? {} : URL_LIKE.test(inlineSecret) && !str(meta.url) ? { url: inlineSecret } : str(meta.password) ? {} : { password: inlineSecret };
    secretFields = { ...meta, ...extra };
    form = 'json';
  } else if (source.secret) {
    const secret = source.secret;
    const trimmed = secret.trim();
    if (trimmed.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch { /* reported below */ }
      if (!isPlainRecord(parsed)) throw new SecretFormError(['secret'], `the secret starts with "{" but is not a JSON object; a JSON secret is {"url": "${spec.schemes[0]}://host:${spec.defaultPort}", "username": …, "password": …}`);
      checkFields(parsed, 'secret', broker);
      secretFields = parsed;
      form = 'json';
    } else if (URL_LIKE.test(trimmed)) {
      secretFields = { url: trimmed };
      form = 'url';
    } else {
      secretFields = { password: secret };
      form = 'plain';
    }
  }
  // Metadata: the fields of a JSON secret, minus the credential itself.
  const metaFields = inline ? {} : meta;
  if (!inline) checkFields(metaFields, 'metadata', broker);
  if (!inline && opts.saving) refuseSecretInMetadata(metaFields);

  // Where: a URL in the secret, else metadata.url, else host (and port) from either.
  const urlLoc = str(secretFields.url) ? (form === 'url' ? ['secret'] : [own, 'url']) : str(metaFields.url) ? ['metadata', 'url'] : undefined;
  let url: URL;
  if (urlLoc) {
    const raw = str(secretFields.url) ?? (metaFields.url as string);
    try {
      url = new URL(raw);
    } catch {
      throw new SecretFormError(urlLoc, `not a URL: a ${spec.label} connection's URL looks like ${example}`);
    }
    const scheme = url.protocol.replace(/:$/, '');
    if (!spec.schemes.includes(scheme)) throw new SecretFormError(urlLoc, `a ${spec.label} connection's URL starts with ${spec.schemes.map((s) => `${s}://`).join(' or ')}, not ${scheme}://`);
    if (!url.hostname) throw new SecretFormError(urlLoc, `the URL names no host: a ${spec.label} connection's URL looks like ${example}`);
  } else {
    const host = str(secretFields.host) ?? str(metaFields.host);
    if (!host) {
      const where = form === 'json' ? [own, 'url'] : ['metadata', 'url'];
      throw new SecretFormError(where, `a ${spec.label} connection names its broker: the secret as a URL (${example}), "url" in a JSON secret, or metadata.url with the password as the secret`);
    }
    const port = secretFields.port ?? metaFields.port ?? spec.defaultPort;
    try {
      url = new URL(`${spec.schemes[0]}://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${String(port)}`);
    } catch {
      throw new SecretFormError([str(secretFields.host) ? own : 'metadata', 'host'], 'host must be a host name or IP address');
    }
  }

  // Who: the secret's (or params') own fields first, then the URL's user info; a password or token
  // in the metadata of a record saved before saving refused it is read last.
  const here = urlLoc ?? ['metadata', 'url'];
  const urlUser = url.username ? decoded(url.username, here) : undefined;
  const urlPass = url.password ? decoded(url.password, here) : undefined;
  let username = str(secretFields.username) ?? str(secretFields.user) ?? str(metaFields.username) ?? str(metaFields.user) ?? urlUser;
  let password = str(secretFields.password) ?? str(secretFields.pass) ?? urlPass ?? str(metaFields.password) ?? str(metaFields.pass);
  let token = str(secretFields.token) ?? str(metaFields.token);
  if (broker === 'nats' && !token && password === undefined && urlUser && !urlPass && username === urlUser) {
    // nats://<token>@host: a user with no password in a NATS URL is a token.
    token = urlUser;
    username = undefined;
  }
  if (broker === 'nats' && !token && form === 'plain' && username === undefined) {
    // NATS has no password without a user: the bare secret is the token.
    token = password;
    password = undefined;
  }
  if (broker === 'mqtt' && password !== undefined && username === undefined) {
    const loc = form === 'plain' ? ['metadata', 'username'] : form === 'url' ? ['secret'] : str(secretFields.password ?? secretFields.pass) ? [own, 'username'] : urlLoc ?? ['metadata', 'username'];
    throw new SecretFormError(loc, 'an MQTT password needs a username (MQTT 3.1.1 sends a password only with a username, and brokers drop such a CONNECT): set metadata.username, "username" in the JSON secret, or user:password@ in the URL; a broker that lets anonymous clients in needs neither');
  }

  let db = 0;
  const path = decoded(url.pathname.replace(/^\//, ''), here);
  if (broker === 'redis') {
    if (path && !/^\d+$/.test(path)) throw new SecretFormError(here, 'a Redis URL\'s path is the database number (redis://host:6379/0)');
    db = path ? Number(path) : Number(secretFields.db ?? metaFields.db ?? 0);
  }
  const scheme = url.protocol.replace(/:$/, '');
  url.username = '';
  url.password = '';
  return {
    url: url.toString(), scheme, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || spec.defaultPort), tls: spec.tlsSchemes.includes(scheme),
    username, password, token, db, vhost: broker === 'rabbitmq' ? path || '/' : '',
  };
}
