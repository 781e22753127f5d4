import { z } from 'zod';

/**
 * Where objects live: any S3-compatible server (AWS, R2, MinIO, or the versitygw that
 * `s3-dev.sh` starts in development and tests). Read from the same environment as `loadConfig`.
 */
const storageEnv = z.object({
  NODE_ENV: z.string().optional(),
  /** The server Atelier talks to with the root credentials (never handed out). */
  S3_ENDPOINT: z.string().url().default('http://127.0.0.1:7070'),
  /** The endpoint clients are told to use (presigned URLs, example commands); defaults to S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  /** Signing region of the server; bucket regions are labels within it. */
  S3_REGION: z.string().min(1).default('eu-central-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false']).default('true'),
  /**
   * How per-bucket access keys are made real: `versitygw` creates one server user per key through
   * versitygw's admin API (a revoked key is deleted there); `none` for servers without it (the keys
   * are then recorded but the server does not know them).
   */
  S3_IAM: z.enum(['versitygw', 'none']).default('versitygw'),
  /** The bucket that holds every simple bucket's files (under `<account>/<bucket>/`). */
  S3_SIMPLE_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/).default('atelier-simple-buckets'),
  /** Prefix of the server bucket names of object-store buckets (`<prefix>-<id>`). */
  S3_BUCKET_PREFIX: z.string().regex(/^[a-z0-9][a-z0-9-]{0,20}$/).default('atl'),
  /** Regions clients may create buckets in (comma-separated); the rest are listed as unavailable. */
  S3_AVAILABLE_REGIONS: z.string().optional(),
  /** Lifetime of signed download URLs of private simple-bucket files, seconds. */
  ATELIER_STORAGE_URL_TTL_S: z.coerce.number().int().min(60).max(604800).default(3600),
  /** USD→PLN rate of POST /v1/storage/s3/estimate. */
  ATELIER_USD_PLN_RATE: z.coerce.number().positive().default(4.0),
  /** Flat fee (PLN) added to an estimate's PLN total. */
  ATELIER_STORAGE_FLAT_FEE_PLN: z.coerce.number().min(0).default(0),
  /** Bucket creation through buy per account per minute. */
  ATELIER_STORAGE_BUYS_PER_MINUTE: z.coerce.number().int().min(1).default(3),
  /** Storage accrual interval (Temporal Schedule); tests shorten it. */
  ATELIER_STORAGE_ACCRUAL_EVERY: z.string().default('1 hour'),
});

/** The environment names this part of the configuration reads. */
export const STORAGE_SETTINGS: readonly string[] = Object.keys(storageEnv.shape);

export interface StorageConfig {
  endpoint: string;
  publicEndpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  iam: 'versitygw' | 'none';
  simpleBucket: string;
  bucketPrefix: string;
  availableRegions: string[];
  urlTtlSeconds: number;
  usdPlnRate: number;
  flatFeePln: number;
  accrualEvery: string;
  buysPerMinute: number;
}

export function loadStorageConfig(source: NodeJS.ProcessEnv = process.env): StorageConfig {
  const picked = Object.fromEntries(
    Object.entries(source).filter(([k, v]) => (k.startsWith('S3_') || k.startsWith('ATELIER_STORAGE_') || k === 'ATELIER_USD_PLN_RATE' || k === 'NODE_ENV') && v !== undefined && v !== ''),
  );
  const e = storageEnv.parse(picked);
  // Production needs real credentials; without them storage routes answer 503 (nothing else breaks).
  const devDefaults = e.NODE_ENV !== 'production';
  const endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  return {
    endpoint,
    publicEndpoint: (e.S3_PUBLIC_ENDPOINT ?? endpoint).replace(/\/+$/, ''),
    region: e.S3_REGION,
    // The development defaults match s3-dev.sh's.
    accessKeyId: e.S3_ACCESS_KEY_ID ?? (devDefaults ? 'atelier-dev-root' : ''),
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? (devDefaults ? 'atelier-dev-root-secret' : ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
    iam: e.S3_IAM,
    simpleBucket: e.S3_SIMPLE_BUCKET,
    bucketPrefix: e.S3_BUCKET_PREFIX,
    availableRegions: (e.S3_AVAILABLE_REGIONS ?? e.S3_REGION).split(',').map((r) => r.trim()).filter(Boolean),
    urlTtlSeconds: e.ATELIER_STORAGE_URL_TTL_S,
    usdPlnRate: e.ATELIER_USD_PLN_RATE,
    flatFeePln: e.ATELIER_STORAGE_FLAT_FEE_PLN,
    accrualEvery: e.ATELIER_STORAGE_ACCRUAL_EVERY,
    buysPerMinute: e.ATELIER_STORAGE_BUYS_PER_MINUTE,
  };
}
