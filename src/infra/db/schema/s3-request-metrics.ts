import type { Selectable } from 'kysely';

/** Hourly counters Atelier records per object-store bucket (GET …/metrics). */
export interface S3RequestMetricsTable {
  bucket_id: string;
  hour: Date;
  all_requests: number;
  get_requests: number;
  put_requests: number;
  errors_4xx: number;
  errors_5xx: number;
  bytes_downloaded: number;
  bytes_uploaded: number;
  /** Size and object count measured on the server during that hour (usage reads, accrual runs). */
  size_bytes: number | null;
  object_count: number | null;
}
export type S3RequestMetrics = Selectable<S3RequestMetricsTable>;
