import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { STORAGE_PRICE } from '../../platform/billing/prices';
import { chargeWallet, getBalanceMicros } from '../../platform/billing/wallet';
import { s3For } from '../context';
import { expireKeys, reservationRemaining, syncAccessPolicy } from '../object-store/buckets';
import { STORAGE_CLASSES, hourlyStorageUsd, type StorageClass } from '../object-store/catalog';
import { applyLifecycle, transitionedClass } from '../object-store/lifecycle';
import { recordSizeSample } from '../object-store/metrics';

const GB = 1024 ** 3;

export interface AccrualResult {
  hour: string;
  simpleAccounts: number;
  objectStoreBuckets: number;
  chargedMicros: number;
  expiredKeys: number;
}

/**
 * One hour of storage, charged once per subject (simple buckets accrue hourly per GB
 * held; object-store buckets are reconciled hourly, drawing on their reservation first).
 *
 * Idempotent: the wallet charge is keyed by `<subject>:<hour>`, and the accrual row is written from
 * the charge that actually happened (a replay returns the first charge, whatever was measured on the
 * retry), so a retried or overlapping run never charges an hour twice.
 */
export async function accrueStorage(deps: Deps, hourStart: Date): Promise<AccrualResult> {
  const hour = new Date(Math.floor(hourStart.getTime() / 3_600_000) * 3_600_000);
  const result: AccrualResult = { hour: hour.toISOString(), simpleAccounts: 0, objectStoreBuckets: 0, chargedMicros: 0, expiredKeys: 0 };

  // Simple buckets: what each account holds when the run happens (a snapshot, as the documented "deleting
  // stops accrual on the next hourly run" reads), at the published per-GB-hour rate.
  const held = await deps.db
    .selectFrom('storage_files')
    .select(['account_id', sql<number>`sum(size_bytes)::bigint`.as('bytes')])
    .groupBy('account_id')
    .execute();
  const rate = Number(STORAGE_PRICE.price_per_gb_hourly);
  for (const row of held) {
    const bytes = Number(row.bytes);
    const amount = Math.round((bytes / GB) * rate * 1_000_000);
    result.chargedMicros += await accrue(deps, { subject: `simple:${row.account_id}`, accountId: row.account_id, hour, bytes, amount, reservationLeft: 0, label: 'storage_hourly', operation: 'storage:hourly' });
    result.simpleAccounts += 1;
  }

  // Object-store buckets: usage measured on the server, priced by their storage class.
  const buckets = await deps.db.selectFrom('s3_buckets').selectAll().where('deleted_at', 'is', null).where('status', '=', 'active').execute();
  for (const bucket of buckets) {
    let totals;
    try {
      // Re-applied every hour: buckets made before keys were limited to object operations get the
      // current rules, and a policy changed on the server by any other means is put back.
      await syncAccessPolicy(deps, bucket);
      if (bucket.settings.lifecycle) await applyLifecycle(deps, bucket);
      totals = await s3For(deps).totals(bucket.server_bucket, '', transitionedClass(bucket));
    } catch (err) {
      deps.logger.warn({ err, bucket: bucket.id }, 'storage accrual: could not measure bucket');
      continue;
    }
    await deps.db.updateTable('s3_buckets').set({ used_bytes: totals.bytes, object_count: totals.objects, usage_updated_at: new Date() }).where('id', '=', bucket.id).execute();
    await recordSizeSample(deps, bucket.id, totals.bytes, totals.objects);
    const usd = Object.entries(totals.byStorageClass).reduce((n, [cls, t]) => n + hourlyStorageUsd(t.bytes, (cls in STORAGE_CLASSES ? cls : 'STANDARD') as StorageClass), 0);
    const amount = Math.round(usd * 1_000_000);
    const reservationLeft = bucket.billing_mode === 'wallet' ? await reservationRemaining(deps, bucket) : 0;
    if (bucket.billing_mode === 'wallet') {
      result.chargedMicros += await accrue(deps, { subject: `s3:${bucket.id}`, accountId: bucket.account_id, hour, bytes: totals.bytes, amount, reservationLeft, label: 's3_bucket_storage', operation: 's3:storage_hourly' });
    } else {
      // invoice_monthly: recorded for the invoice, nothing taken from the wallet.
      await insertAccrual(deps, { subject: `s3:${bucket.id}`, accountId: bucket.account_id, hour, bytes: totals.bytes, amount, fromReservation: 0, fromWallet: 0 });
    }
    result.objectStoreBuckets += 1;
  }
  result.expiredKeys = await expireKeys(deps);
  return result;
}

async function accrue(
  deps: Deps,
  a: { subject: string; accountId: string; hour: Date; bytes: number; amount: number; reservationLeft: number; label: string; operation: string },
): Promise<number> {
  const done = await deps.db.selectFrom('storage_accruals').select('subject').where('subject', '=', a.subject).where('hour', '=', a.hour).executeTakeFirst();
  if (done) return 0;
  const fromReservation = Math.min(a.amount, a.reservationLeft);
  const wanted = a.amount - fromReservation;
  if (wanted <= 0) {
    await insertAccrual(deps, { ...a, fromReservation, fromWallet: 0 });
    return 0;
  }
  // Never below zero: an empty wallet pays what it has; the shortfall is recorded on the entry.
  const balance = await getBalanceMicros(deps.db, a.accountId);
  const take = Math.min(wanted, Math.max(0, balance));
  const charge = await chargeWallet(deps.db, {
    accountId: a.accountId,
    amountMicros: take,
    operationId: `${a.subject}:${a.hour.toISOString()}`,
    operation: a.operation,
    label: a.label,
    metadata: { subject: a.subject, hour: a.hour.toISOString(), bytes: a.bytes, amount_micros: a.amount, from_reservation_micros: fromReservation, shortfall_micros: wanted - take },
  });
  const m = charge.entry.metadata as { bytes: number; amount_micros: number; from_reservation_micros: number };
  await insertAccrual(deps, { subject: a.subject, accountId: a.accountId, hour: a.hour, bytes: m.bytes, amount: m.amount_micros, fromReservation: m.from_reservation_micros, fromWallet: -charge.entry.amount_micros });
  return charge.replayed ? 0 : -charge.entry.amount_micros;
}

async function insertAccrual(deps: Deps, a: { subject: string; accountId: string; hour: Date; bytes: number; amount: number; fromReservation: number; fromWallet: number }) {
  await deps.db
    .insertInto('storage_accruals')
    .values({ subject: a.subject, hour: a.hour, account_id: a.accountId, bytes: a.bytes, amount_micros: a.amount, from_reservation_micros: a.fromReservation, from_wallet_micros: a.fromWallet })
    .onConflict((oc) => oc.columns(['subject', 'hour']).doNothing())
    .execute();
}
