import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { MetricName, MetricView } from './views';

const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);

export type RequestKind = 'get' | 'put' | 'other';

/** One request Atelier handled for a bucket: counted by kind and outcome in its hour. */
export async function recordRequest(deps: Deps, bucketId: string, r: { kind: RequestKind; status: number; bytesUp?: number; bytesDown?: number }, at = new Date()) {
  await deps.db
    .insertInto('s3_request_metrics')
    .values({
      bucket_id: bucketId,
      hour: hourOf(at),
      all_requests: 1,
      get_requests: r.kind === 'get' ? 1 : 0,
      put_requests: r.kind === 'put' ? 1 : 0,
      errors_4xx: r.status >= 400 && r.status < 500 ? 1 : 0,
      errors_5xx: r.status >= 500 ? 1 : 0,
      bytes_uploaded: r.bytesUp ?? 0,
      bytes_downloaded: r.bytesDown ?? 0,
    })
    .onConflict((oc) =>
      oc.columns(['bucket_id', 'hour']).doUpdateSet({
        all_requests: sql`s3_request_metrics.all_requests + excluded.all_requests`,
        get_requests: sql`s3_request_metrics.get_requests + excluded.get_requests`,
        put_requests: sql`s3_request_metrics.put_requests + excluded.put_requests`,
        errors_4xx: sql`s3_request_metrics.errors_4xx + excluded.errors_4xx`,
        errors_5xx: sql`s3_request_metrics.errors_5xx + excluded.errors_5xx`,
        bytes_uploaded: sql`s3_request_metrics.bytes_uploaded + excluded.bytes_uploaded`,
        bytes_downloaded: sql`s3_request_metrics.bytes_downloaded + excluded.bytes_downloaded`,
      }),
    )
    .execute();
}

/** The bucket's size as measured on the server (usage reads, the hourly accrual). */
export async function recordSizeSample(deps: Deps, bucketId: string, bytes: number, objects: number, at = new Date()) {
  await deps.db
    .insertInto('s3_request_metrics')
    .values({ bucket_id: bucketId, hour: hourOf(at), size_bytes: bytes, object_count: objects, all_requests: 0, get_requests: 0, put_requests: 0, errors_4xx: 0, errors_5xx: 0, bytes_uploaded: 0, bytes_downloaded: 0 })
    .onConflict((oc) => oc.columns(['bucket_id', 'hour']).doUpdateSet({ size_bytes: bytes, object_count: objects }))
    .execute();
}

const COLUMN: Record<MetricName, { column: string; stat: 'Sum' | 'Maximum' }> = {
  BucketSizeBytes: { column: 'size_bytes', stat: 'Maximum' },
  NumberOfObjects: { column: 'object_count', stat: 'Maximum' },
  AllRequests: { column: 'all_requests', stat: 'Sum' },
  GetRequests: { column: 'get_requests', stat: 'Sum' },
  PutRequests: { column: 'put_requests', stat: 'Sum' },
  '4xxErrors': { column: 'errors_4xx', stat: 'Sum' },
  '5xxErrors': { column: 'errors_5xx', stat: 'Sum' },
  BytesDownloaded: { column: 'bytes_downloaded', stat: 'Sum' },
  BytesUploaded: { column: 'bytes_uploaded', stat: 'Sum' },
};

/** GET …/metrics: datapoints per `period` seconds between start and end (periods without data are left out). */
export async function queryMetric(deps: Deps, bucketId: string, q: { metric: MetricName; start: Date; end: Date; period: number }): Promise<MetricView> {
  const { column, stat } = COLUMN[q.metric];
  const agg = stat === 'Sum' ? sql`sum(${sql.ref(column)})` : sql`max(${sql.ref(column)})`;
  const rows = await sql<{ bucket_start: Date; value: string | number | null }>`
    select to_timestamp(floor(extract(epoch from hour) / ${q.period}) * ${q.period}) as bucket_start, ${agg} as value
    from s3_request_metrics
    where bucket_id = ${bucketId} and hour >= ${hourOf(q.start)} and hour <= ${q.end}
    group by 1 order by 1`.execute(deps.db);
  return {
    metric: q.metric,
    statistic: stat,
    unit: q.metric.startsWith('Bytes') || q.metric === 'BucketSizeBytes' ? 'Bytes' : 'Count',
    period: q.period,
    start: q.start.toISOString(),
    end: q.end.toISOString(),
    source: q.metric === 'BucketSizeBytes' || q.metric === 'NumberOfObjects' ? 'measured on the S3 server (usage reads and hourly accrual)' : 'requests handled by the Atelier API for this bucket',
    datapoints: rows.rows.filter((r) => r.value !== null).map((r) => ({ timestamp: new Date(r.bucket_start).toISOString(), value: Number(r.value) })),
  };
}
