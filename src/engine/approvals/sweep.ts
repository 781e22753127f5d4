// The approvals sweep (worker processes): sends the reminders that are due, each claimed and
// recorded in one transaction before it is sent (so two sweeps never send the same one) with the
// outcome of the send recorded after; tries a failed send again over the channels that failed, up
// to REMINDER_ATTEMPTS times with growing pauses (each retry claimed the same way); and sends again
// any decided outcome whose `approve` signal did not reach the run.
//
// A reminder is a JSON POST to `remind.webhook_url` — signed like every outgoing webhook
// (`x-svc-signature`: hex HMAC-SHA256 of the body, keyed with the secret of the connection bound to
// the node's `webhook` credentials slot; unsigned when none is bound), through the SSRF-checked
// fetch — and/or an e-mail to each `remind.email_to` address through the connection in the `smtp`
// slot. The webhook carries a fresh one-time link for every link approver who has not decided yet;
// an e-mail only the link of the link approver labelled with its address.
import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { safeFetch } from '../../infra/net/safe-fetch';
import { startSweep } from '../../infra/sweep';
import { signPayload } from '../../platform/webhooks/deliver';
import { checkedAddress } from '../connections/resolve-host';
import { credentialResolver } from '../connections/resolver';
import type { EngineApprovalRequest } from '../../infra/db/schema/index';
import { mintLink, sendOutcome } from './service';

/** How often the sweep looks (reminders are due to the second, sent within this). */
export const APPROVAL_SWEEP_INTERVAL_S = 2;
const BATCH = 20;
const REMINDER_TIMEOUT_MS = 5_000;
/** Sends of one reminder at most, the first included. */
export const REMINDER_ATTEMPTS = 5;
/** The pause before retry k (k = 1…): 30 s, 2 min, 10 min, 1 h. */
const RETRY_PAUSES_S = [30, 120, 600, 3600];

type Channel = 'webhook' | 'email';

interface Remind {
  after_s: number;
  every_s?: number;
  max: number;
  webhook_url?: string;
  email_to?: string[];
  credentials?: Record<string, string>;
}

interface Claimed {
  request: EngineApprovalRequest;
  n: number;
  /** 1 for the first send of reminder n, then one more per retry. */
  attempt: number;
  channels: Channel[];
}

export function startApprovalSweep(deps: Deps): () => Promise<void> {
  return startSweep(deps.logger, 'approvals sweep', APPROVAL_SWEEP_INTERVAL_S, () => sweepApprovals(deps));
}

export async function sweepApprovals(deps: Deps): Promise<{ reminders: number; signals: number }> {
  let reminders = 0;
  for (const claimed of [...(await claimDueReminders(deps)), ...(await claimDueRetries(deps))]) {
    await sendReminder(deps, claimed);
    reminders++;
  }
  let signals = 0;
  const unsent = await deps.db
    .selectFrom('engine_approval_requests')
    .select('id')
    .where('outcome', 'is not', null)
    .where('signalled_at', 'is', null)
    .orderBy('decided_at')
    .limit(BATCH)
    .execute();
  for (const { id } of unsent) if (await sendOutcome(deps, id)) signals++;
  return { reminders, signals };
}

/**
 * Due reminders, each claimed for this sweep: its number taken, the next one scheduled (or none),
 * and its record written, in one transaction. A reminder is therefore sent at most once, whatever
 * the number of worker processes sweeping.
 */
async function claimDueReminders(deps: Deps): Promise<Claimed[]> {
  return deps.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('engine_approval_requests as a')
      .innerJoin('runs as r', 'r.id', 'a.run_id')
      .selectAll('a')
      .where('a.status', '=', 'pending')
      .where('a.next_reminder_at', '<=', sql<Date>`now()`)
      .where('r.status', 'not in', ['completed', 'failed', 'timed_out', 'cancelled'])
      .orderBy('a.next_reminder_at')
      .limit(BATCH)
      .forUpdate('a')
      .skipLocked()
      .execute();
    const out: Claimed[] = [];
    for (const request of due) {
      const remind = request.remind as unknown as Remind;
      const n = request.reminders_sent + 1;
      const next = n < remind.max && remind.every_s ? sql<Date>`now() + make_interval(secs => ${remind.every_s})` : null;
      await trx.updateTable('engine_approval_requests').set({ reminders_sent: n, next_reminder_at: next }).where('id', '=', request.id).execute();
      const target = [remind.webhook_url, ...(remind.email_to ?? [])].filter(Boolean).join(', ');
      await trx.insertInto('engine_approval_reminders').values({ approval_id: request.id, n, channel: remind.webhook_url ? (remind.email_to ? 'webhook+email' : 'webhook') : 'email', target }).execute();
      const channels: Channel[] = [...(remind.webhook_url ? (['webhook'] as const) : []), ...(remind.email_to?.length ? (['email'] as const) : [])];
      out.push({ request: { ...request, reminders_sent: n }, n, attempt: 1, channels });
    }
    return out;
  });
}

/**
 * Failed sends whose retry is due, each claimed for this sweep (its attempt counted and its due time
 * cleared in one transaction), while the request still waits and its run goes on.
 */
async function claimDueRetries(deps: Deps): Promise<Claimed[]> {
  return deps.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('engine_approval_reminders as m')
      .innerJoin('engine_approval_requests as a', 'a.id', 'm.approval_id')
      .innerJoin('runs as r', 'r.id', 'a.run_id')
      .select(['m.approval_id', 'm.n', 'm.attempts', 'm.retry_channels'])
      .where('m.next_attempt_at', '<=', sql<Date>`now()`)
      .where('a.status', '=', 'pending')
      .where('r.status', 'not in', ['completed', 'failed', 'timed_out', 'cancelled'])
      .orderBy('m.next_attempt_at')
      .limit(BATCH)
      .forUpdate('m')
      .skipLocked()
      .execute();
    const out: Claimed[] = [];
    for (const row of due) {
      const attempt = row.attempts + 1;
      await trx.updateTable('engine_approval_reminders').set({ attempts: attempt, next_attempt_at: null }).where('approval_id', '=', row.approval_id).where('n', '=', row.n).execute();
      const request = await trx.selectFrom('engine_approval_requests').selectAll().where('id', '=', row.approval_id).executeTakeFirstOrThrow();
      out.push({ request, n: row.n, attempt, channels: (row.retry_channels ?? '').split(',').filter((c): c is Channel => c === 'webhook' || c === 'email') });
    }
    return out;
  });
}

async function sendReminder(deps: Deps, { request, n, attempt, channels }: Claimed): Promise<void> {
  const remind = request.remind as unknown as Remind;
  const decided = new Set((await deps.db.selectFrom('engine_approval_decisions').select('approver').where('approval_id', '=', request.id).execute()).map((d) => d.approver));
  const links: Record<string, string> = {};
  for (const label of request.link_approvers) {
    if (!decided.has(`link:${label}`)) links[label] = (await mintLink(deps, deps.db, request, label)).url;
  }
  const data = {
    approval_id: request.id,
    run_id: request.run_id,
    workflow_id: request.workflow_id,
    node_id: request.node_id,
    message: request.message,
    reminder: n,
    created_at: request.created_at.toISOString(),
    expires_at: request.expires_at?.toISOString() ?? null,
    approvers: request.approvers,
    decided: [...decided],
    links,
  };
  const resolver = credentialResolver(deps, request.account_id, remind.credentials);
  const errors: string[] = [];
  const failed: Channel[] = [];
  let status: number | null = null;
  if (remind.webhook_url && channels.includes('webhook')) {
    try {
      const body = JSON.stringify({ event: 'approval.reminder', timestamp: new Date().toISOString(), data, attempt });
      const secret = resolver.slots().includes('webhook') ? (await resolver.get('webhook')).secret : undefined;
      const res = await safeFetch(
        remind.webhook_url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Atelier-Webhooks/1.0',
            'x-svc-event': 'approval.reminder',
            ...(secret ? { 'x-svc-signature': signPayload(secret, body) } : {}),
          },
          body,
          timeoutMs: REMINDER_TIMEOUT_MS,
          maxBytes: 64 * 1024,
        },
        { allowPrivateNetwork: deps.config.allowPrivateNetwork },
      );
      status = res.status;
      if (res.status < 200 || res.status >= 300) {
        errors.push(`webhook answered ${res.status}`);
        failed.push('webhook');
      }
    } catch (err) {
      errors.push(`webhook: ${(err as Error).message}`);
      failed.push('webhook');
    }
  }
  if (remind.email_to?.length && channels.includes('email')) {
    try {
      await sendReminderMail(deps, resolver, remind.email_to, data);
    } catch (err) {
      errors.push(`email: ${(err as Error).message}`);
      failed.push('email');
    }
  }
  // What failed is tried again after a pause, over those channels only, until REMINDER_ATTEMPTS.
  const retry = failed.length > 0 && attempt < REMINDER_ATTEMPTS;
  const pause = RETRY_PAUSES_S[Math.min(attempt, RETRY_PAUSES_S.length) - 1]!;
  await deps.db
    .updateTable('engine_approval_reminders')
    .set({
      response_status: status,
      error: errors.length ? errors.join('; ').slice(0, 1000) : null,
      retry_channels: retry ? failed.join(',') : null,
      next_attempt_at: retry ? sql<Date>`now() + make_interval(secs => ${pause})` : null,
    })
    .where('approval_id', '=', request.id)
    .where('n', '=', n)
    .execute();
}

async function sendReminderMail(deps: Deps, resolver: ReturnType<typeof credentialResolver>, to: string[], data: { approval_id: string; message: string | null; node_id: string; run_id: string; links: Record<string, string>; expires_at: string | null }) {
  const c = await resolver.get('smtp');
  let spread: Record<string, unknown> = {};
  if (c.secret.trim().startsWith('{')) spread = JSON.parse(c.secret) as Record<string, unknown>;
  const cred: Record<string, unknown> = { ...c.metadata, ...spread };
  const host = typeof cred.host === 'string' ? cred.host : undefined;
  if (!host) throw new Error('the smtp connection names no host');
  const port = Number(cred.port ?? 587);
  const address = await checkedAddress(host, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  const user = typeof cred.user === 'string' ? cred.user : typeof cred.username === 'string' ? cred.username : undefined;
  const password = typeof cred.password === 'string' ? cred.password : c.secret;
  const transport = nodemailer.createTransport({
    host: address, port, secure: cred.secure === true || port === 465, auth: user ? { user, pass: password } : undefined,
    tls: { servername: host }, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000,
  });
  try {
    // A link is a credential: each recipient gets only the link of the link approver labelled with
    // their address.
    for (const address of to) {
      const own = Object.entries(data.links).filter(([label]) => label.toLowerCase() === address.toLowerCase());
      const lines = [
        data.message ?? `Run ${data.run_id} waits for your approval at ${data.node_id}.`,
        '',
        ...own.map(([, url]) => `Decide here (one use): ${url}`),
        data.expires_at ? `Decide before ${data.expires_at}.` : '',
      ];
      await transport.sendMail({ from: typeof cred.from === 'string' ? cred.from : user?.includes('@') ? user : 'approvals@localhost', to: address, subject: `Approval waiting: ${data.node_id}`, text: lines.join('\n') });
    }
  } finally {
    transport.close();
  }
}
