import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { parsePrivateTarget } from './infra/net/safe-fetch';
import { loadStoryConfig, STORY_SETTINGS, type StoryConfig } from './story/config';
import { loadVoiceConfig, VOICE_SETTINGS, type VoiceConfig } from './voice/config';
import { loadStorageConfig, STORAGE_SETTINGS, type StorageConfig } from './storage/config';
import { parseProviderConfig, PROVIDER_SETTINGS, type ProviderConfig } from './generation/providers/config';
import { loadStripeConfig, missingStripeSettings, STRIPE_SETTINGS, type StripeConfig } from './platform/billing/stripe/config';
import { loadMailConfig, MAIL_SETTINGS, type MailConfig } from './platform/accounts/mail-config';

// The schema reads the environment without its blank settings (withoutBlanks, below): a blank
// value never reaches it, so none of these has to tell '' from unset.
const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalString = z.string().optional();

/** Every setting Atelier reads from the environment; the README's configuration table mirrors it. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_BASE_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('atelier'),
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_TLS: bool.default(false),
  TEMPORAL_EAGER_START: bool.default(true),
  TEMPORAL_EAGER_ACTIVITIES: z.coerce.number().int().min(0).max(100).default(100),
  TEMPORAL_TLS_CERT_PATH: optionalString,
  TEMPORAL_TLS_KEY_PATH: optionalString,
  TEMPORAL_UI_URL: optionalString,
  TEMPORAL_METRICS_ADDRESS: optionalString,
  ATELIER_METRICS_TOKEN: optionalString,
  ATELIER_METRICS_PUBLIC: bool.default(false),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  OTEL_SERVICE_NAME: z.string().min(1).default('atelier'),
  DATABASE_URL: optionalString,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5438),
  REDIS_URL: optionalString,
  ATELIER_RATE_LIMIT_SCALE: z.coerce.number().positive().optional(),
  ATELIER_DATA_DIR: z.string().default('.data'),
  // Where generated and uploaded files live: `s3` (a bucket on the S3_ENDPOINT server) or `local` (<data dir>/blobs). Default: s3 when S3_ENDPOINT is set.
  ATELIER_BLOB_STORE: z.enum(['local', 's3']).optional(),
  ATELIER_BLOB_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/).default('atelier-blobs'),
  ATELIER_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  // V8's heap limit in MB (each isolate's old space): scripts/start.sh gives it to node at launch (default 1024, with V8's heap growing factor at 50 %; 0 = V8's own).
  ATELIER_HEAP_MB: z.string().regex(/^\d*$/, 'a whole number of megabytes').optional().transform((v) => (v ? Number(v) : undefined))
    .refine((mb) => mb === undefined || mb === 0 || mb >= 128, "give 0 (V8's own limit) or 128 MB or more"),
  ATELIER_BOOTSTRAP_KEY: optionalString,
  ATELIER_BOOTSTRAP_BALANCE_USD: z.coerce.number().min(0).default(100),
  ATELIER_BOOTSTRAP_EMAIL: z.string().default('owner@atelier.local'),
  ATELIER_BOOTSTRAP_PASSWORD: optionalString,
  SESSION_SECRET: optionalString,
  ATELIER_ENCRYPTION_KEY: optionalString,
  ATELIER_ALLOW_PRIVATE_NETWORK: bool.default(false),
  // Exceptions while private networks are refused: comma-separated address:port pairs user URLs may reach.
  ATELIER_PRIVATE_NETWORK_ALLOW: z.string().default(''),
  // MCP stdio servers are commands the worker launches: comma-separated command prefixes admins may register (empty = stdio off).
  ATELIER_MCP_STDIO_ALLOW: z.string().default(''),
  ATELIER_MAX_BODY: z.string().default('10mb'),
  TRUST_PROXY: optionalString,
  ATELIER_TOPUP_GATEWAY: z.enum(['none', 'direct', 'stripe']).default('none'),
  // When a public signup's included credits become usable: after its first payment, or at signup (private deployments).
  ATELIER_SIGNUP_CREDITS: z.enum(['after_payment', 'at_signup']).default('after_payment'),
  ATELIER_ABANDONED_JOB_S: z.coerce.number().positive().default(900),
  ATELIER_KNOWLEDGE_RESUME_S: z.coerce.number().positive().default(300),
  ATELIER_ENGINE_MAINTENANCE: bool.optional(),
  ATELIER_WATCHDOG_INTERVAL_S: z.coerce.number().positive().default(30),
  ATELIER_WATCHDOG_STALL_S: z.coerce.number().positive().default(60),
  ATELIER_REAPER_INTERVAL_S: z.coerce.number().positive().default(300),
  ATELIER_REAPER_MAX_RUNNING_S: z.coerce.number().positive().default(3600),
  ATELIER_MAX_CONCURRENT_RUNS_PER_ACCOUNT: z.coerce.number().int().min(0).default(200),
  // A node result port larger than this (JSON bytes) is stored as a blob and travels as a reference.
  ATELIER_RESULT_INLINE_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(128 * 1024),
  // Seconds after a run finishes before the sweep deletes the result blobs nothing of it references.
  ATELIER_RUN_RESULT_GRACE_S: z.coerce.number().positive().default(3600),
  // Providers (src/providers/config.ts): local | openai | none, per-capability overrides, OpenAI-compatible endpoints.
  // Validated with the rest of the provider settings (src/generation/providers/config.ts).
  ATELIER_PROVIDER: optionalString,
  ATELIER_PROVIDERS: optionalString,
  ATELIER_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  ATELIER_OPENAI_BASE_URL: optionalString,
  ATELIER_OPENAI_API_KEY: optionalString,
  ATELIER_OPENAI_CHAT_BASE_URL: optionalString,
  ATELIER_OPENAI_CHAT_API_KEY: optionalString,
  ATELIER_OPENAI_CHAT_MODEL: optionalString,
  ATELIER_OPENAI_IMAGE_BASE_URL: optionalString,
  ATELIER_OPENAI_IMAGE_API_KEY: optionalString,
  ATELIER_OPENAI_IMAGE_MODEL: optionalString,
  ATELIER_OPENAI_SPEECH_BASE_URL: optionalString,
  ATELIER_OPENAI_SPEECH_API_KEY: optionalString,
  ATELIER_OPENAI_SPEECH_MODEL: optionalString,
  ATELIER_OPENAI_EMBED_BASE_URL: optionalString,
  ATELIER_OPENAI_EMBED_API_KEY: optionalString,
  ATELIER_OPENAI_EMBED_MODEL: optionalString,
  /** Extra CA (PEM file) trusted only by webhook deliveries, e.g. a test receiver's self-signed cert. */
  ATELIER_WEBHOOK_CA_FILE: optionalString,
});

export type Env = z.infer<typeof envSchema>;

/** Every environment name the configuration reads (deployment manifests are checked against it). */
export function settingNames(): Set<string> {
  return new Set([...Object.keys(envSchema.shape), ...STORAGE_SETTINGS, ...STORY_SETTINGS, ...VOICE_SETTINGS, ...STRIPE_SETTINGS, ...MAIL_SETTINGS, ...PROVIDER_SETTINGS]);
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Base URL clients use to reach this API; signed file URLs are built on it. */
  publicBaseUrl: string;
  logLevel: Env['LOG_LEVEL'];
  temporal: {
    address: string;
    namespace: string;
    taskQueue: string;
    apiKey?: string;
    tls: boolean;
    tlsCertPath?: string;
    tlsKeyPath?: string;
    /** Ask for eager workflow start when this process runs the worker (TEMPORAL_EAGER_START). */
    eagerStart: boolean;
    /**
     * How many of the activities one workflow task schedules (a fan-out's nodes) this process's
     * worker asks to start itself, from the server's answer, instead of through the task queue
     * (TEMPORAL_EAGER_ACTIVITIES, 0–100, default 100; the SDK's own default is 3).
     */
    eagerActivities: number;
    /** The Temporal UI's base URL: the run viewer links each run there (default http://localhost:8233). */
    uiUrl: string;
  };
  databaseUrl?: string;
  embeddedPgPort: number;
  redisUrl?: string;
  /**
   * Multiplies every rate limit; 1 = the documented limits. Defaults to 1, except under
   * NODE_ENV=test where it is 1000 so suites that are not about limits never meet one.
   */
  rateLimitScale: number;
  dataDir: string;
  /**
   * The blob store: a bucket of its own on the S3 server (`config.storage`) whenever one is
   * configured, so API and workers on different hosts share every file; else `<dataDir>/blobs`.
   */
  blobs: { backend: 'local' | 's3'; bucket: string };
  role: Env['ATELIER_ROLE'];
  bootstrap: { key?: string; balanceUsd: number; email: string; password?: string };
  /** HMAC secret for session JWTs and signed URLs. */
  sessionSecret: string;
  /** 32-byte AES-256-GCM key for secrets at rest. */
  encryptionKey: Buffer;
  allowPrivateNetwork: boolean;
  /** `address:port` pairs user URLs may reach although private networks are refused (canonical form). */
  privateNetworkAllow: string[];
  /**
   * Command lines an admin may register as stdio MCP servers, each a list of words: a server's
   * `[command, ...args]` must start with one of them. Empty: stdio servers are refused.
   */
  mcpStdioAllow: string[][];
  maxBody: string;
  /**
   * Express `trust proxy`: which peers may set the client address through `X-Forwarded-For`.
   * `false` (the default) trusts no one, so the socket address is the client address.
   */
  trustProxy: false | number | string[];
  /**
   * How wallet top-ups are paid. `none` (the default) refuses top-ups; `direct` credits without
   * collecting any payment and exists for development and tests only (refused in production);
   * `stripe` takes the payment through Stripe (`stripe`, below).
   */
  topupGateway: Env['ATELIER_TOPUP_GATEWAY'];
  stripe: StripeConfig;
  /** Atelier's own outgoing e-mail (signup address confirmation); no host, no mail. */
  mail: MailConfig;
  /** When a public signup's included credits become usable (accounts an operator creates have them at once). */
  signupCredits: Env['ATELIER_SIGNUP_CREDITS'];
  /** A synchronous generation job still `processing` after this many seconds is failed and refunded (src/generation/abandoned-jobs.ts). */
  abandonedJobS: number;
  /** Knowledge documents pending this long (their indexing never started) are picked up again. */
  knowledgeResumeS: number;
  /** Engine reaper/watchdog; seconds, so tests can shrink them. */
  engine: {
    /** Start the engineMaintenance workflow (default on, off under NODE_ENV=test unless set). */
    maintenance: boolean;
    watchdogIntervalS: number;
    watchdogStallS: number;
    reaperIntervalS: number;
    reaperMaxRunningS: number;
    /** Runs queued or running per account above which a run may not start another (0: no cap). */
    maxConcurrentRunsPerAccount: number;
    /** JSON bytes of a node result above which its largest ports go to the blob store as references. */
    resultInlineMaxBytes: number;
    /** Seconds after a run finishes before its unreferenced result blobs are swept (src/engine/execution/result-sweep.ts). */
    resultGraceS: number;
  };
  /** Story Studio settings (src/story/config.ts). */
  story: StoryConfig;
  /** Realtime voice settings (src/voice/config.ts). */
  voice: VoiceConfig;
  /** The S3-compatible server behind storage (src/storage/config.ts; S3_ENDPOINT and credentials). */
  storage: StorageConfig;
  /** Which provider serves each generation capability, and the OpenAI-compatible endpoints. */
  providers: ProviderConfig;
  /** PEM file of an extra CA trusted by webhook deliveries only. */
  webhookCaFile?: string;
  /**
   * /metrics: `token` required as a bearer when set; without one the endpoint is open in
   * development and tests and closed in production unless `public` (ATELIER_METRICS_PUBLIC).
   */
  metrics: { token?: string; public: boolean; temporalAddress?: string };
  /**
   * OpenTelemetry traces: exported by OTLP/HTTP to `<otlpEndpoint>/v1/traces` when the endpoint is
   * set; off (no tracer, no interceptors) otherwise.
   */
  tracing: { otlpEndpoint?: string; serviceName: string; serviceVersion: string };
}

export class ConfigError extends Error {}

/**
 * The environment without its blank settings: an empty (or all-space) value — an empty line in an
 * env file, a chart value left unset — means the setting's default, as if it were absent, never 0,
 * false or an empty name. Every setting is read from what this leaves (story, voice and storage too).
 */
function withoutBlanks(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

/**
 * Reads and validates the environment. In development, secrets that are not configured are
 * generated once and kept under the data dir; in production they are required.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = withoutBlanks(source);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = isAbsolute(e.ATELIER_DATA_DIR) ? e.ATELIER_DATA_DIR : resolve(e.ATELIER_DATA_DIR);
  const production = e.NODE_ENV === 'production';

  const secret = (name: 'SESSION_SECRET' | 'ATELIER_ENCRYPTION_KEY', value: string | undefined) => {
    if (value) return value;
    if (production) throw new ConfigError(`${name} is required when NODE_ENV=production`);
    return devSecret(dataDir, name);
  };

  if (production && e.ATELIER_TOPUP_GATEWAY === 'direct') {
    throw new ConfigError('ATELIER_TOPUP_GATEWAY=direct credits wallets without payment and is refused when NODE_ENV=production');
  }
  const stripe = loadStripeConfig(env);
  const stripeMissing = e.ATELIER_TOPUP_GATEWAY === 'stripe' ? missingStripeSettings(stripe) : [];
  if (stripeMissing.length > 0) throw new ConfigError(`ATELIER_TOPUP_GATEWAY=stripe needs ${stripeMissing.join(' and ')}`);
  const encryptionKey = parseEncryptionKey(secret('ATELIER_ENCRYPTION_KEY', e.ATELIER_ENCRYPTION_KEY));
  const storage = loadStorageConfig(env);
  const blobBackend = e.ATELIER_BLOB_STORE ?? (env.S3_ENDPOINT ? 's3' : 'local');
  // Every file would fail to store: refuse to start instead (storage routes alone answer 503).
  if (blobBackend === 's3' && !(storage.accessKeyId && storage.secretAccessKey)) {
    throw new ConfigError('Files are kept on the S3 server (S3_ENDPOINT is set): S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required, or set ATELIER_BLOB_STORE=local');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      apiKey: e.TEMPORAL_API_KEY,
      tls: e.TEMPORAL_TLS || Boolean(e.TEMPORAL_API_KEY) || Boolean(e.TEMPORAL_TLS_CERT_PATH),
      eagerStart: e.TEMPORAL_EAGER_START,
      eagerActivities: e.TEMPORAL_EAGER_ACTIVITIES,
      tlsCertPath: e.TEMPORAL_TLS_CERT_PATH,
      tlsKeyPath: e.TEMPORAL_TLS_KEY_PATH,
      uiUrl: (e.TEMPORAL_UI_URL ?? 'http://localhost:8233').replace(/\/+$/, ''),
    },
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    redisUrl: e.REDIS_URL,
    rateLimitScale: e.ATELIER_RATE_LIMIT_SCALE ?? (e.NODE_ENV === 'test' ? 1000 : 1),
    dataDir,
    blobs: { backend: blobBackend, bucket: e.ATELIER_BLOB_BUCKET },
    role: e.ATELIER_ROLE,
    bootstrap: {
      key: e.ATELIER_BOOTSTRAP_KEY,
      balanceUsd: e.ATELIER_BOOTSTRAP_BALANCE_USD,
      email: e.ATELIER_BOOTSTRAP_EMAIL,
      password: e.ATELIER_BOOTSTRAP_PASSWORD,
    },
    sessionSecret: secret('SESSION_SECRET', e.SESSION_SECRET),
    encryptionKey,
    allowPrivateNetwork: e.ATELIER_ALLOW_PRIVATE_NETWORK,
    privateNetworkAllow: parsePrivateNetworkAllow(e.ATELIER_PRIVATE_NETWORK_ALLOW),
    mcpStdioAllow: e.ATELIER_MCP_STDIO_ALLOW.split(',').map((entry) => entry.trim().split(/\s+/).filter(Boolean)).filter((words) => words.length > 0),
    maxBody: e.ATELIER_MAX_BODY,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    topupGateway: e.ATELIER_TOPUP_GATEWAY,
    stripe,
    mail: loadMailConfig(env),
    signupCredits: e.ATELIER_SIGNUP_CREDITS,
    abandonedJobS: e.ATELIER_ABANDONED_JOB_S,
    knowledgeResumeS: e.ATELIER_KNOWLEDGE_RESUME_S,
    engine: {
      maintenance: e.ATELIER_ENGINE_MAINTENANCE ?? e.NODE_ENV !== 'test',
      watchdogIntervalS: e.ATELIER_WATCHDOG_INTERVAL_S,
      watchdogStallS: e.ATELIER_WATCHDOG_STALL_S,
      reaperIntervalS: e.ATELIER_REAPER_INTERVAL_S,
      reaperMaxRunningS: e.ATELIER_REAPER_MAX_RUNNING_S,
      maxConcurrentRunsPerAccount: e.ATELIER_MAX_CONCURRENT_RUNS_PER_ACCOUNT,
      resultInlineMaxBytes: e.ATELIER_RESULT_INLINE_MAX_BYTES,
      resultGraceS: e.ATELIER_RUN_RESULT_GRACE_S,
    },
    story: loadStoryConfig(env),
    voice: loadVoiceConfig(env),
    storage,
    providers: parseProviderConfig(env),
    webhookCaFile: e.ATELIER_WEBHOOK_CA_FILE,
    metrics: {
      /** Bearer token /metrics requires; unset: open in development and tests, closed in production. */
      token: e.ATELIER_METRICS_TOKEN,
      /** Production without a token: serve /metrics to anyone (a scrape on a private network). */
      public: e.ATELIER_METRICS_PUBLIC,
      /** host:port of the Temporal SDK's Prometheus exporter in worker processes; appended to /metrics. */
      temporalAddress: e.TEMPORAL_METRICS_ADDRESS,
    },
    tracing: { otlpEndpoint: parseOtlpEndpoint(e.OTEL_EXPORTER_OTLP_ENDPOINT), serviceName: e.OTEL_SERVICE_NAME, serviceVersion: packageVersion() },
  };
}

/** `OTEL_EXPORTER_OTLP_ENDPOINT`: an http(s) base URL (the collector's, e.g. http://localhost:4318). */
function parseOtlpEndpoint(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`OTEL_EXPORTER_OTLP_ENDPOINT: '${value}' is not a URL (e.g. http://localhost:4318)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL (OTLP/HTTP)');
  return value.replace(/\/+$/, '');
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: unset, `false` or `none` trusts no proxy; a number trusts that many hops; otherwise
 * a comma-separated list of addresses, CIDR blocks and the names `loopback`, `linklocal`,
 * `uniquelocal`. `true` (trust everyone) is refused: any client could then pick its own address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'false' || v === 'none' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const validCidr =
      rest.length === 0 && address !== undefined && isIP(address) !== 0 &&
      (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128)));
    if (!PROXY_NAMES.has(entry) && !validCidr) {
      throw new ConfigError(`TRUST_PROXY: '${entry}' is not an address, a CIDR block, a hop count or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

function parseEncryptionKey(value: string): Buffer {
  const hex = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : undefined;
  const key = hex ?? Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new ConfigError('ATELIER_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  }
  return key;
}

function devSecret(dataDir: string, name: string): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name.toLowerCase());
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // Only the secrets folder is private: the data dir itself must stay traversable (as root,
  // embedded PostgreSQL's initdb runs as the postgres OS user and needs to reach <dataDir>/pg).
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(32).toString('hex');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return value;
}

function parsePrivateNetworkAllow(value: string): string[] {
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  return entries.map((entry) => {
    const target = parsePrivateTarget(entry);
    if (!target) throw new ConfigError(`ATELIER_PRIVATE_NETWORK_ALLOW: '${entry}' is not an IP address and port (e.g. 10.0.0.5:11434 or [fd00::5]:8080)`);
    return target;
  });
}
