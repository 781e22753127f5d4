import { z } from 'zod';
import type { StorageConfig } from '../config';
import type { StorageEstimateView } from './views';

/** Storage classes and USD per GB-month. */
export const STORAGE_CLASSES = {
  STANDARD: { usd_per_gb_month: 0.0245, minimum_days: 0, retrieval_usd_per_gb: 0 },
  STANDARD_IA: { usd_per_gb_month: 0.0135, minimum_days: 30, retrieval_usd_per_gb: 0.01 },
  ONEZONE_IA: { usd_per_gb_month: 0.0108, minimum_days: 30, retrieval_usd_per_gb: 0.01 },
  INTELLIGENT_TIERING: { usd_per_gb_month: 0.0245, minimum_days: 0, retrieval_usd_per_gb: 0 },
  GLACIER_IR: { usd_per_gb_month: 0.005, minimum_days: 90, retrieval_usd_per_gb: 0.03 },
  GLACIER: { usd_per_gb_month: 0.0045, minimum_days: 90, retrieval_usd_per_gb: 0.01 },
  DEEP_ARCHIVE: { usd_per_gb_month: 0.00205, minimum_days: 180, retrieval_usd_per_gb: 0.02 },
} as const;
export type StorageClass = keyof typeof STORAGE_CLASSES;
export const STORAGE_CLASS_NAMES = Object.keys(STORAGE_CLASSES) as [StorageClass, ...StorageClass[]];

/** Request and transfer prices (ours; the published price list has only the per-GB-month figures). */
export const REQUEST_PRICES = { put_per_1000_usd: 0.005, get_per_1000_usd: 0.0004, egress_usd_per_gb: 0.09 } as const;

/** Buckets per plan. Our tiers map onto the documented plan names. */
export const PLAN_BUCKET_LIMITS: Record<string, { plan: string; buckets: number; invoice: boolean }> = {
  'payg-basic': { plan: 'Free', buckets: 1, invoice: false },
  'payg-standard': { plan: 'Starter', buckets: 5, invoice: false },
  'payg-premium': { plan: 'Pro', buckets: 25, invoice: true },
  'sub-developer': { plan: 'Developer', buckets: 5, invoice: false },
  'sub-startup': { plan: 'Startup', buckets: 10, invoice: false },
  'sub-business': { plan: 'Business', buckets: 25, invoice: true },
  'sub-enterprise': { plan: 'Enterprise', buckets: 1000, invoice: true },
};

export interface RegionRow {
  region: string;
  display_name: string;
  city: string;
  country_code: string;
  continent: 'Europe' | 'North America' | 'Asia Pacific' | 'South America';
  /** True only for EEA regions (the UK and Switzerland are not in the EEA). */
  gdpr_compliant: boolean;
}

const REGIONS: RegionRow[] = [
  { region: 'eu-central-1', display_name: 'Europe (Frankfurt)', city: 'Frankfurt', country_code: 'DE', continent: 'Europe', gdpr_compliant: true },
  { region: 'eu-west-1', display_name: 'Europe (Ireland)', city: 'Dublin', country_code: 'IE', continent: 'Europe', gdpr_compliant: true },
  { region: 'eu-west-3', display_name: 'Europe (Paris)', city: 'Paris', country_code: 'FR', continent: 'Europe', gdpr_compliant: true },
  { region: 'eu-north-1', display_name: 'Europe (Stockholm)', city: 'Stockholm', country_code: 'SE', continent: 'Europe', gdpr_compliant: true },
  { region: 'eu-south-1', display_name: 'Europe (Milan)', city: 'Milan', country_code: 'IT', continent: 'Europe', gdpr_compliant: true },
  { region: 'eu-central-2', display_name: 'Europe (Warsaw)', city: 'Warsaw', country_code: 'PL', continent: 'Europe', gdpr_compliant: true },
  { region: 'eu-west-2', display_name: 'Europe (London)', city: 'London', country_code: 'GB', continent: 'Europe', gdpr_compliant: false },
  { region: 'us-east-1', display_name: 'US East (N. Virginia)', city: 'Ashburn', country_code: 'US', continent: 'North America', gdpr_compliant: false },
  { region: 'us-west-2', display_name: 'US West (Oregon)', city: 'Boardman', country_code: 'US', continent: 'North America', gdpr_compliant: false },
  { region: 'ca-central-1', display_name: 'Canada (Central)', city: 'Montreal', country_code: 'CA', continent: 'North America', gdpr_compliant: false },
  { region: 'ap-southeast-1', display_name: 'Asia Pacific (Singapore)', city: 'Singapore', country_code: 'SG', continent: 'Asia Pacific', gdpr_compliant: false },
  { region: 'ap-northeast-1', display_name: 'Asia Pacific (Tokyo)', city: 'Tokyo', country_code: 'JP', continent: 'Asia Pacific', gdpr_compliant: false },
  { region: 'sa-east-1', display_name: 'South America (São Paulo)', city: 'São Paulo', country_code: 'BR', continent: 'South America', gdpr_compliant: false },
];

/** Every listed region; `available` only for those this deployment's server serves (S3_AVAILABLE_REGIONS). */
/** GET /v1/storage/s3/regions answers an array of these. */
export const RegionView = z.object({
  region: z.string(),
  available: z.boolean().describe('Whether buckets can be created there in this deployment'),
  display_name: z.string(),
  city: z.string().nullable(),
  country_code: z.string().nullable(),
  continent: z.enum(['Europe', 'North America', 'Asia Pacific', 'South America']).nullable(),
  gdpr_compliant: z.boolean(),
});

export function regionRows(config: StorageConfig): Array<z.output<typeof RegionView>> {
  const known = new Set(REGIONS.map((r) => r.region));
  const extra = config.availableRegions.filter((r) => !known.has(r));
  return [
    ...REGIONS.map((r) => ({ region: r.region, available: config.availableRegions.includes(r.region), display_name: r.display_name, city: r.city, country_code: r.country_code, continent: r.continent, gdpr_compliant: r.gdpr_compliant })),
    ...extra.map((r) => ({ region: r, available: true, display_name: r, city: null, country_code: null, continent: null, gdpr_compliant: false })),
  ];
}

/**
 * The wallet reservation is about 1.5 days of full-quota cost, at least $0.15.
 * A month is 30 days here, so the deposit is quota × price × 1.5 / 30.
 */
export function reservationMicros(quotaGb: number, storageClass: StorageClass): number {
  const usd = (quotaGb * STORAGE_CLASSES[storageClass].usd_per_gb_month * 1.5) / 30;
  return Math.max(150_000, Math.round(usd * 1_000_000));
}

/** USD of storing `bytes` for one hour in a class (730 hours per month, as the simple-bucket rate). */
export function hourlyStorageUsd(bytes: number, storageClass: StorageClass): number {
  return ((bytes / 1024 ** 3) * STORAGE_CLASSES[storageClass].usd_per_gb_month) / 730;
}

export const StoragePricingView = z.object({
  currency: z.literal('USD'),
  usd_pln_rate: z.number(),
  storage_classes: z.array(z.object({ storage_class: z.string(), price_per_gb_month_usd: z.number(), minimum_storage_days: z.number().int(), retrieval_per_gb_usd: z.number() })),
  requests: z.object({ put_copy_post_list_per_1000_usd: z.number(), get_select_per_1000_usd: z.number() }),
  data_transfer: z.object({ egress_per_gb_usd: z.number(), ingress_per_gb_usd: z.number() }),
  reservation: z.object({ days_of_full_quota: z.number(), minimum_usd: z.number(), ledger_label: z.string() }),
  billing_modes: z.array(z.enum(['wallet', 'invoice_monthly'])),
  plan_bucket_limits: z.record(z.string(), z.number().int()).describe('Buckets allowed per plan name'),
  flat_fee_pln: z.number(),
});

export function pricingTable(config: StorageConfig): z.output<typeof StoragePricingView> {
  return {
    currency: 'USD',
    usd_pln_rate: config.usdPlnRate,
    storage_classes: STORAGE_CLASS_NAMES.map((name) => ({
      storage_class: name,
      price_per_gb_month_usd: STORAGE_CLASSES[name].usd_per_gb_month,
      minimum_storage_days: STORAGE_CLASSES[name].minimum_days,
      retrieval_per_gb_usd: STORAGE_CLASSES[name].retrieval_usd_per_gb,
    })),
    requests: { put_copy_post_list_per_1000_usd: REQUEST_PRICES.put_per_1000_usd, get_select_per_1000_usd: REQUEST_PRICES.get_per_1000_usd },
    data_transfer: { egress_per_gb_usd: REQUEST_PRICES.egress_usd_per_gb, ingress_per_gb_usd: 0 },
    reservation: { days_of_full_quota: 1.5, minimum_usd: 0.15, ledger_label: 's3_bucket_reservation' },
    billing_modes: ['wallet', 'invoice_monthly'],
    plan_bucket_limits: Object.fromEntries(Object.values(PLAN_BUCKET_LIMITS).map((p) => [p.plan, p.buckets])),
    flat_fee_pln: config.flatFeePln,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface EstimateInput {
  region: string;
  storage_class: StorageClass;
  storage_gb: number;
  put_requests: number;
  get_requests: number;
  egress_gb: number;
  retrieval_gb: number;
  period_days: number;
}

/** POST /estimate: line items in USD and PLN (the rate is configuration, ATELIER_USD_PLN_RATE). */
export function estimate(config: StorageConfig, input: EstimateInput): StorageEstimateView {
  const rate = config.usdPlnRate;
  const cls = STORAGE_CLASSES[input.storage_class];
  const months = input.period_days / 30;
  const items = [
    { label: `Storage (${input.storage_class})`, quantity: input.storage_gb * months, unit: 'GB-month', unit_price_usd: cls.usd_per_gb_month },
    { label: 'PUT, COPY, POST, LIST requests', quantity: input.put_requests / 1000, unit: '1,000 requests', unit_price_usd: REQUEST_PRICES.put_per_1000_usd },
    { label: 'GET and other requests', quantity: input.get_requests / 1000, unit: '1,000 requests', unit_price_usd: REQUEST_PRICES.get_per_1000_usd },
    { label: 'Data transfer out', quantity: input.egress_gb, unit: 'GB', unit_price_usd: REQUEST_PRICES.egress_usd_per_gb },
    { label: 'Data retrieval', quantity: input.retrieval_gb, unit: 'GB', unit_price_usd: cls.retrieval_usd_per_gb },
  ];
  const lineItems = items.map((i) => {
    const amountUsd = i.quantity * i.unit_price_usd;
    return {
      label: i.label,
      quantity: round(i.quantity, 6),
      unit: i.unit,
      unit_price_usd: i.unit_price_usd,
      unit_price_pln: round(i.unit_price_usd * rate, 6),
      amount_usd: round(amountUsd, 6),
      amount_pln: round(amountUsd * rate, 6),
    };
  });
  const subtotalUsd = lineItems.reduce((n, i) => n + i.amount_usd, 0);
  const subtotalPln = lineItems.reduce((n, i) => n + i.amount_pln, 0);
  return {
    region: input.region,
    storage_class: input.storage_class,
    period_days: input.period_days,
    usd_pln_rate: rate,
    line_items: lineItems,
    subtotal_usd: round(subtotalUsd, 6),
    subtotal_pln: round(subtotalPln, 6),
    flat_fee_pln: config.flatFeePln,
    // Total_usd excludes the flat fee; total_pln includes it.
    total_usd: round(subtotalUsd, 4),
    total_pln: round(subtotalPln + config.flatFeePln, 4),
  };
}
