// A synchronous generation whose process died mid-request (charged, job `processing`, no answer)
// is failed and refunded by the worker's sweep; younger jobs and asynchronous ones are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { failAbandonedJobs } from '../../src/generation/abandoned-jobs';
import { chargeWallet, getBalanceMicros } from '../../src/platform/billing/wallet';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** The state `prepare` leaves behind: the charge and its processing job, committed together. */
async function chargedJob(id: string, type: string, ageS: number) {
  const db = stack.atelier.deps.db;
  await chargeWallet(db, {
    accountId: stack.accountId, amountMicros: 40_000, operationId: `gen:${id}`, operation: `${type}:atelier`, metadata: { job_id: id },
    alongside: async (trx) => {
      await trx
        .insertInto('generation_jobs')
        .values({
          id, account_id: stack.accountId, key_id: null, type, model: type === 'video' ? 'atelier-video-v1' : 'atelier-image-v1', status: 'processing', sandbox: false,
          request: JSON.stringify({ prompt: 'x' }), cost_micros: 40_000, charge_operation_id: `gen:${id}`,
          created_at: new Date(Date.now() - ageS * 1000), updated_at: new Date(Date.now() - ageS * 1000),
        })
        .execute();
    },
  });
}

describe('abandoned synchronous generation jobs', () => {
  it('fails and refunds an old processing image job once; a young one and a video job stay', async () => {
    const db = stack.atelier.deps.db;
    const before = await getBalanceMicros(db, stack.accountId);
    const suffix = Date.now().toString(36);
    await chargedJob(`job_old${suffix}`, 'image', 3600);
    await chargedJob(`job_young${suffix}`, 'image', 5);
    await chargedJob(`job_video${suffix}`, 'video', 3600);
    expect(await getBalanceMicros(db, stack.accountId)).toBe(before - 120_000);

    const swept = await failAbandonedJobs(stack.atelier.deps, 900);
    expect(swept).toEqual([`job_old${suffix}`]);
    expect(await failAbandonedJobs(stack.atelier.deps, 900)).toEqual([]);

    const jobs = await db.selectFrom('generation_jobs').select(['id', 'status', 'error']).where('id', 'like', `%${suffix}`).orderBy('id').execute();
    expect(jobs.map((j) => [j.id, j.status])).toEqual([
      [`job_old${suffix}`, 'failed'],
      [`job_video${suffix}`, 'processing'],
      [`job_young${suffix}`, 'processing'],
    ]);
    expect(jobs[0]!.error).toMatch(/refunded/);
    const refunds = await db.selectFrom('ledger_entries').selectAll().where('reference_operation_id', '=', `gen:job_old${suffix}`).execute();
    expect(refunds.map((r) => [r.kind, r.amount_micros])).toEqual([['refund', 40_000]]);
    expect(await getBalanceMicros(db, stack.accountId)).toBe(before - 80_000);
    const job = await stack.api('GET', `/v1/jobs/job_old${suffix}`);
    expect(job.body).toMatchObject({ status: 'failed', billing: { usd_charged: 0 } });
  });
});
