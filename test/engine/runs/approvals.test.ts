// Approvals through /v1/approvals on real runs: N-of-M quorums, rejection rules, one decision per
// approver, typed forms, the timeout default, one-time links without a key, account isolation,
// the inbox, run events and audit, and reminders delivered once to a loopback receiver.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken } from '../../../src/platform/auth/sessions';
import { createWorkflow, getRun, spec, startRun, useEngineStack, waitFor, waitForRun } from './helpers';

const fx = useEngineStack();
const A = '/engine/v1/v1/approvals';

function approvalSpec(params: Record<string, unknown>, credentials?: Record<string, string>) {
  const s = spec(
    [
      { id: 'start', type: 'trigger.manual' },
      { id: 'gate', type: 'control.approval', params },
      { id: 'yes', type: 'io.set', params: { values: { decision: 'approved' } } },
      { id: 'no', type: 'io.set', params: { values: { decision: 'rejected' } } },
    ],
    [['start', 'gate'], ['gate', 'yes', 'approved'], ['gate', 'no', 'rejected']],
  );
  if (credentials) (s.nodes[1] as Record<string, unknown>).credentials = credentials;
  return s;
}

const session = (email: string) => issueSessionToken(fx.stack.config.sessionSecret, { accountId: fx.stack.accountId, email });

/** Starts a run of an approval workflow and answers its approval once the request exists. */
async function waitingApproval(params: Record<string, unknown>, input: Record<string, unknown> = {}, credentials?: Record<string, string>) {
  const wf = await createWorkflow(fx.stack, approvalSpec(params, credentials));
  const { run_id } = await startRun(fx.stack, wf, input);
  const approval = await waitFor(`approval of ${run_id}`, async () => {
    const r = await fx.stack.api('GET', `${A}?status=pending&run_id=${run_id}`);
    return r.body.data?.[0];
  });
  return { runId: run_id, approval, workflowId: wf };
}

const decideAs = (key: string, id: string, body: Record<string, unknown>) => fx.stack.api('POST', `${A}/${id}/decisions`, { key, body });

describe('approvals', () => {
  it('2-of-3 approves once the second approver approves; the first alone changes nothing', async () => {
    const [ada, bob, cy] = await Promise.all(['ada@example.com', 'Bob@Example.com', 'cy@example.com'].map(session));
    const { runId, approval } = await waitingApproval({ approvers: ['ada@example.com', 'bob@example.com', 'cy@example.com'], quorum: 2, message: 'ship it?' });
    expect(approval).toMatchObject({ status: 'pending', quorum: 2, reject: 'any', message: 'ship it?', node_id: 'gate', run_id: runId, decisions: [], tally: { approvals: 0, rejections: 0, quorum: 2, approvers_total: 3 } });
    expect(approval.id).toMatch(/^apr_/);

    // A console user's inbox lists what names them; an unnamed user's does not.
    const inbox = await fx.stack.api('GET', `${A}?status=pending&run_id=${runId}`, { key: ada! });
    expect(inbox.body.data.map((a: { id: string }) => a.id)).toEqual([approval.id]);
    expect(inbox.body.data[0].can_decide).toBe(true);
    const stranger = await session('eve@example.com');
    expect((await fx.stack.api('GET', `${A}?status=pending&run_id=${runId}`, { key: stranger })).body.data).toEqual([]);
    const refused = await decideAs(stranger, approval.id, { approved: true });
    expect(refused.status).toBe(403);
    expect(refused.body.detail.error).toBe('not_an_approver');

    const first = await decideAs(ada!, approval.id, { approved: true, comment: 'looks good' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ repeated: false, approval: { status: 'pending', tally: { approvals: 1, rejections: 0 } }, decision: { approver: 'ada@example.com', via: 'session', approved: true, comment: 'looks good' } });
    await new Promise((r) => setTimeout(r, 500));
    expect((await getRun(fx.stack, runId)).status).toBe('running');

    const second = await decideAs(bob!, approval.id, { approved: true });
    expect(second.body.approval).toMatchObject({ status: 'approved', tally: { approvals: 2 } });
    const run = await waitForRun(fx.stack, runId);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.yes.output.main).toEqual({ decision: 'approved' });
    expect(run.node_outputs.no.skipped).toBe(true);
    const out = run.node_outputs.gate.output.approved;
    expect(out).toMatchObject({ approved: true, approval_id: approval.id, decided_by: 'bob@example.com', values: {} });
    expect(out.decisions.map((d: { approver: string }) => d.approver)).toEqual(['ada@example.com', 'bob@example.com']);
    expect(out.node_id).toBeUndefined();

    // The third approver comes too late.
    const late = await decideAs(cy!, approval.id, { approved: false });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatchObject({ error: 'approval_closed', status: 'approved' });

    // Each decision is a run event and an audit entry.
    const events = await fx.stack.api('GET', `/engine/v1/v1/runs/${runId}/events?since_seq=0`, { headers: { accept: 'application/json' } });
    const text = typeof events.body === 'string' ? events.body : JSON.stringify(events.body);
    expect(text.match(/approval_decided/g)?.length).toBe(2);
    const audit = await fx.stack.api('GET', `/engine/v1/v1/audit/recent?limit=100`);
    const entries = audit.body.data.filter((e: { action: string; diff: { approval_id?: string } }) => e.action === 'approval.decided' && e.diff.approval_id === approval.id);
    expect(entries.map((e: { actor_id: string }) => e.actor_id).sort()).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it('a quorum above the approvers named is refused when the workflow is saved, naming quorum', async () => {
    const r = await fx.stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'bad quorum', spec: approvalSpec({ approvers: ['ada@example.com'], quorum: 2 }) } });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body.detail)).toContain('quorum');
  });

  it('reject "any": one rejection rejects; reject "quorum": only once the quorum is out of reach', async () => {
    const [ada, bob] = await Promise.all(['ada@example.com', 'bob@example.com'].map(session));
    const any = await waitingApproval({ approvers: ['ada@example.com', 'bob@example.com'], quorum: 2 });
    expect((await decideAs(ada!, any.approval.id, { approved: false, comment: 'no' })).body.approval.status).toBe('rejected');
    const run = await waitForRun(fx.stack, any.runId);
    expect(run.node_outputs.no.output.main).toEqual({ decision: 'rejected' });
    expect(run.node_outputs.gate.output.rejected).toMatchObject({ approved: false, comment: 'no', decided_by: 'ada@example.com' });

    const q = await waitingApproval({ approvers: ['ada@example.com', 'bob@example.com', 'cy@example.com'], quorum: 2, reject: 'quorum' });
    expect((await decideAs(ada!, q.approval.id, { approved: false })).body.approval.status).toBe('pending');
    expect((await decideAs(bob!, q.approval.id, { approved: false })).body.approval.status).toBe('rejected');
    expect((await waitForRun(fx.stack, q.runId)).node_outputs.no.output.main).toEqual({ decision: 'rejected' });
  });

  it('a second decision by the same approver answers the first one and changes nothing', async () => {
    const ada = await session('ada@example.com');
    const { runId, approval } = await waitingApproval({ approvers: ['ada@example.com', 'bob@example.com'], quorum: 2 });
    const first = await decideAs(ada, approval.id, { approved: true, comment: 'yes' });
    const again = await decideAs(ada, approval.id, { approved: false, comment: 'changed my mind' });
    expect(again.status).toBe(200);
    expect(again.body.repeated).toBe(true);
    expect(again.body.decision).toEqual(first.body.decision);
    expect(again.body.approval).toMatchObject({ status: 'pending', tally: { approvals: 1, rejections: 0 } });
    const got = await fx.stack.api('GET', `${A}/${approval.id}`, { key: ada });
    expect(got.body.decisions).toHaveLength(1);
    expect(got.body.my_decision).toMatchObject({ approved: true, comment: 'yes' });
    expect(got.body.can_decide).toBe(false);
    await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/cancel`);
  });

  it('form values are checked against the form (4xx naming the field) and become the output', async () => {
    const form = { fields: [
      { name: 'budget', type: 'number', label: 'Budget', required: true },
      { name: 'channel', type: 'select', label: 'Channel', options: ['email', 'social'] },
      { name: 'launch', type: 'date', label: 'Launch day' },
    ] };
    const { runId, approval } = await waitingApproval({ form });
    expect(approval.form.fields.map((f: { name: string }) => f.name)).toEqual(['budget', 'channel', 'launch']);
    const key = fx.stack.adminKey;
    const bad = await decideAs(key, approval.id, { approved: true, values: { budget: 'lots', channel: 'fax', extra: 1 } });
    expect(bad.status).toBe(422);
    const locs = bad.body.detail.map((i: { loc: string[] }) => i.loc.join('.')).sort();
    expect(locs).toEqual(['body.values.budget', 'body.values.channel', 'body.values.extra']);
    const missing = await decideAs(key, approval.id, { approved: true, values: { channel: 'email' } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'values', 'budget'] });
    // A refused decision is not recorded.
    expect((await fx.stack.api('GET', `${A}/${approval.id}`)).body.decisions).toEqual([]);

    const ok = await decideAs(key, approval.id, { approved: true, values: { budget: 1200, channel: 'email', launch: '2026-12-01' } });
    expect(ok.status).toBe(200);
    const run = await waitForRun(fx.stack, runId);
    expect(run.node_outputs.gate.output.approved.values).toEqual({ budget: 1200, channel: 'email', launch: '2026-12-01' });
    expect(run.node_outputs.gate.output.approved.decisions[0]).toMatchObject({ via: 'api_key', values: { budget: 1200 } });
  });

  it('timeout_s passes: the default branch is taken and the request is timed_out', async () => {
    const { runId, approval } = await waitingApproval({ timeout_s: 1, default: 'approved' });
    expect(approval.expires_at).not.toBeNull();
    const run = await waitForRun(fx.stack, runId);
    expect(run.node_outputs.gate.output).toEqual({ approved: {} });
    const closed = await waitFor('timed_out', async () => {
      const r = await fx.stack.api('GET', `${A}/${approval.id}`);
      return r.body.status === 'timed_out' ? r.body : undefined;
    });
    expect(closed.decided_at).not.toBeNull();
    const late = await decideAs(fx.stack.adminKey, approval.id, { approved: false });
    expect(late.status).toBe(409);
  });

  it('a one-time link decides without a key, once; an expired or unknown link is refused', async () => {
    const { runId, approval } = await waitingApproval({ links: ['partner@example.org'], message: 'sign?', form: { fields: [{ name: 'note', type: 'text', label: 'Note' }] } });
    const unknownLabel = await fx.stack.api('POST', `${A}/${approval.id}/links`, { body: { approver: 'someone' } });
    expect(unknownLabel.status).toBe(422);
    const minted = await fx.stack.api('POST', `${A}/${approval.id}/links`, { body: { approver: 'partner@example.org' } });
    expect(minted.status).toBe(201);
    expect(minted.body.url).toContain(`/approvals/links/${minted.body.token}`);
    const linkPath = `${A}/links/${minted.body.token}`;

    // The API key is not an approver of a request that names only a link approver.
    expect((await decideAs(fx.stack.adminKey, approval.id, { approved: true })).status).toBe(403);

    const seen = await fx.stack.api('GET', linkPath, { key: null });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ approval_id: approval.id, approver: 'partner@example.org', message: 'sign?', status: 'pending', run_id: runId });
    expect(seen.body.inputs_preview).toBeUndefined();
    expect(seen.body.approvers).toBeUndefined();

    const decided = await fx.stack.api('POST', linkPath, { key: null, body: { approved: true, values: { note: 'fine by us' } } });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'approved', decision: { approver: 'link:partner@example.org', via: 'link', values: { note: 'fine by us' } } });
    const run = await waitForRun(fx.stack, runId);
    expect(run.node_outputs.gate.output.approved).toMatchObject({ approved: true, values: { note: 'fine by us' } });

    const reused = await fx.stack.api('POST', linkPath, { key: null, body: { approved: false } });
    expect(reused.status).toBe(410);
    expect(reused.body.detail.error).toBe('approval_link_used');
    expect((await fx.stack.api('GET', linkPath, { key: null })).status).toBe(410);
    expect((await fx.stack.api('GET', `${A}/links/apl_not-a-real-token`, { key: null })).status).toBe(404);

    const other = await waitingApproval({ links: ['partner@example.org'] });
    const short = await fx.stack.api('POST', `${A}/${other.approval.id}/links`, { body: { approver: 'partner@example.org', expires_in_s: 1 } });
    await new Promise((r) => setTimeout(r, 1200));
    const expired = await fx.stack.api('POST', `${A}/links/${short.body.token}`, { key: null, body: { approved: true } });
    expect(expired.status).toBe(410);
    expect(expired.body.detail.error).toBe('approval_link_expired');
    expect((await fx.stack.api('GET', `${A}/${other.approval.id}`)).body.decisions).toEqual([]);
    await fx.stack.api('POST', `/engine/v1/v1/runs/${other.runId}/cancel`);
  });

  it("another account's approval is a 404, and is not in its inbox", async () => {
    const { runId, approval } = await waitingApproval({});
    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('GET', `${A}/${approval.id}`, { key: other.key })).status).toBe(404);
    expect((await decideAs(other.key, approval.id, { approved: true })).status).toBe(404);
    expect((await fx.stack.api('POST', `${A}/${approval.id}/links`, { key: other.key, body: { approver: 'x' } })).status).toBe(404);
    const inbox = await fx.stack.api('GET', `${A}?status=all`, { key: other.key });
    expect(inbox.status).toBe(200);
    expect(inbox.body.data).toEqual([]);
    // The owner's key, open to anyone in the account, decides.
    expect((await decideAs(fx.stack.adminKey, approval.id, { approved: true })).body.approval.status).toBe('approved');
    expect((await waitForRun(fx.stack, runId)).status).toBe('completed');
  });

  it('only an admin key, the owner or a named approver mints links; the minter is kept on the decision and in the audit', async () => {
    const { runId, approval } = await waitingApproval({ approvers: ['ada@example.com'], links: ['partner@example.org'], quorum: 1 });
    const ci = await fx.stack.api('POST', '/v1/auth/keys', { body: { name: 'ci writer', type: 'write' } });
    expect(ci.status).toBe(201);
    const refused = await fx.stack.api('POST', `${A}/${approval.id}/links`, { key: ci.body.key, body: { approver: 'partner@example.org' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail.error).toBe('not_a_link_minter');
    const stranger = await session('mallory@example.com');
    expect((await fx.stack.api('POST', `${A}/${approval.id}/links`, { key: stranger!, body: { approver: 'partner@example.org' } })).status).toBe(403);
    const ada = await session('ada@example.com');
    const minted = await fx.stack.api('POST', `${A}/${approval.id}/links`, { key: ada!, body: { approver: 'partner@example.org' } });
    expect(minted.status).toBe(201);
    const decided = await fx.stack.api('POST', `${A}/links/${minted.body.token}`, { key: null, body: { approved: true } });
    expect(decided.status).toBe(200);
    const seen = await fx.stack.api('GET', `${A}/${approval.id}`);
    expect(seen.body.decisions[0]).toMatchObject({ approver: 'link:partner@example.org', via: 'link', minted_by: 'ada@example.com' });
    const audit = await fx.stack.atelier.deps.db.selectFrom('engine_audit_entries').select(['action', 'actor_id', 'diff']).where('account_id', '=', fx.stack.accountId).where('action', 'in', ['approval.link_minted', 'approval.decided']).orderBy('created_at', 'desc').limit(2).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['approval.decided', 'approval.link_minted']);
    expect(audit.find((a) => a.action === 'approval.link_minted')!.actor_id).toBe('ada@example.com');
    expect(audit.find((a) => a.action === 'approval.decided')!.diff).toMatchObject({ link_minted_by: 'ada@example.com' });
    await waitForRun(fx.stack, runId);
  });

  it('params a template makes invalid fail closed: a text message still keeps its approvers, anything else names no one', async () => {
    const titled = await waitingApproval({ approvers: ['ada@example.com'], message: '{{start.output.main.title}}' }, { title: 42 });
    expect(titled.approval).toMatchObject({ message: '42', approvers: ['ada@example.com'] });
    const writer = await fx.stack.api('POST', '/v1/auth/keys', { body: { name: 'writer', type: 'write' } });
    expect((await decideAs(writer.body.key, titled.approval.id, { approved: true })).status).toBe(403);

    const broken = await waitingApproval({ approvers: '{{start.output.main.who}}' as unknown as string[], message: 'who?' }, { who: 7 });
    expect(broken.approval.message).toMatch(/invalid once their templates were filled in/);
    for (const key of [writer.body.key, fx.stack.adminKey]) expect((await decideAs(key, broken.approval.id, { approved: true })).status).toBe(403);
    expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${broken.runId}/signals/approve`, { body: { payload: { approved: true } } })).status).toBe(409);
    for (const r of [titled, broken]) expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${r.runId}/cancel`)).status).toBe(200);
  });

  it('the raw approve signal cannot decide a governed approval: 409 pointing at the decisions route, nothing decided', async () => {
    const { runId, approval } = await waitingApproval({ approvers: ['ada@example.com'], quorum: 1, form: { fields: [{ name: 'budget', type: 'number', label: 'Budget', required: true }] } });
    for (const payload of [{ approved: true, decided_by: 'forged', values: { budget: 1e9, extra: 1 } }, { approved: true, node_id: 'gate' }, { approved: true, approval_id: approval.id }]) {
      const r = await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/signals/approve`, { body: { payload } });
      expect(r.status, JSON.stringify(payload)).toBe(409);
      expect(r.body.detail.error).toBe('approval_decisions_only');
      expect(r.body.detail.message).toMatch(/decisions/);
    }
    const still = await fx.stack.api('GET', `${A}/${approval.id}`);
    expect(still.body.status).toBe('pending');
    expect(still.body.decisions ?? []).toEqual([]);
    expect((await getRun(fx.stack, runId)).status).toBe('running');
    expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/cancel`)).status).toBe(200);
  });

  it('the direct approve signal still decides a plain approval, and the request follows the node', async () => {
    const { runId, approval } = await waitingApproval({});
    const r = await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/signals/approve`, { body: { payload: { approved: false, by: 'ops' } } });
    expect(r.status).toBe(200);
    const run = await waitForRun(fx.stack, runId);
    expect(run.node_outputs.gate.output).toEqual({ rejected: { approved: false, by: 'ops' } });
    await waitFor('rejected', async () => (await fx.stack.api('GET', `${A}/${approval.id}`)).body.status === 'rejected');
  });

  it('a run resumed while its approval waited waits on a new request; the old one takes no decision', async () => {
    const { runId, approval } = await waitingApproval({});
    expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/cancel`)).status).toBe(200);
    await waitForRun(fx.stack, runId, ['cancelled']);
    expect((await fx.stack.api('GET', `${A}/${approval.id}`)).body.status).toBe('cancelled');
    expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/resume`)).status).toBe(200);
    const again = await waitFor('the new request', async () => {
      const r = await fx.stack.api('GET', `${A}?status=pending&run_id=${runId}`);
      return r.body.data?.[0];
    });
    expect(again.id).not.toBe(approval.id);
    expect(again.generation).toBeGreaterThan(approval.generation);
    const stale = await decideAs(fx.stack.adminKey, approval.id, { approved: true });
    expect(stale.status).toBe(409);
    expect(stale.body.detail.status).toBe('cancelled');
    expect((await decideAs(fx.stack.adminKey, again.id, { approved: true })).body.approval.status).toBe('approved');
    expect((await waitForRun(fx.stack, runId)).status).toBe('completed');
  });
});

describe('approval reminders', () => {
  let receiver: Server;
  let url = '';
  const calls: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let smtp: SMTPServer;
  let smtpPort = 0;
  const mails: Array<{ to: string[]; text: string }> = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
      onAuth(auth, _session, cb) { cb(auth.username === 'mailer' && auth.password === 'mail-pass-1' ? null : new Error('bad login'), { user: auth.username }); },
      onData(stream, session, cb) {
        let text = '';
        stream.on('data', (d: Buffer) => (text += d.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        calls.push({ headers: req.headers, body });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/remind`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    receiver.closeAllConnections();
    await new Promise<void>((r) => receiver.close(() => r()));
  });

  it('a due reminder reaches the webhook once, signed, with a working link; it is recorded', async () => {
    const conn = await fx.stack.api('POST', '/engine/v1/v1/connections', { body: { provider: 'webhook', name: 'approval reminders', secret: 'rem-secret-123' } });
    expect(conn.status).toBe(201);
    const { runId, approval } = await waitingApproval({ links: ['ops'], remind: { after_s: 0, max: 1, webhook_url: url } }, {}, { webhook: conn.body.id });
    await waitFor('a reminder', async () => calls.length > 0 || undefined, 20_000);
    // Several sweeps later, still one.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    const sig = createHmac('sha256', 'rem-secret-123').update(call!.body).digest('hex');
    expect(call!.headers['x-svc-signature']).toBe(sig);
    expect(call!.headers['x-svc-event']).toBe('approval.reminder');
    const envelope = JSON.parse(call!.body);
    expect(envelope).toMatchObject({ event: 'approval.reminder', data: { approval_id: approval.id, run_id: runId, reminder: 1 } });
    const link = envelope.data.links.ops as string;
    expect((await fx.stack.api('POST', link.slice(fx.stack.url.length), { key: null, body: { approved: true } })).status).toBe(200);
    expect((await waitForRun(fx.stack, runId)).status).toBe('completed');
    const got = await fx.stack.api('GET', `${A}/${approval.id}`);
    expect(got.body.reminders_sent).toBe(1);
    const rows = await fx.stack.atelier.deps.db.selectFrom('engine_approval_reminders').selectAll().where('approval_id', '=', approval.id).execute();
    expect(rows).toMatchObject([{ n: 1, channel: 'webhook', response_status: 204, error: null }]);
  });

  it('a reminder the webhook refused is sent again after a pause, over that channel only, until it is delivered', async () => {
    const answers = [503, 500, 204];
    const got: Array<{ attempt: number }> = [];
    const flaky = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        got.push(JSON.parse(body));
        res.statusCode = answers[got.length - 1] ?? 204;
        res.end();
      });
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', () => r()));
    try {
      const flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/remind`;
      const { runId, approval } = await waitingApproval({ remind: { after_s: 0, max: 1, webhook_url: flakyUrl } });
      const row = () => fx.stack.atelier.deps.db.selectFrom('engine_approval_reminders').selectAll().where('approval_id', '=', approval.id).executeTakeFirstOrThrow();
      const due = () => fx.stack.atelier.deps.db.updateTable('engine_approval_reminders').set({ next_attempt_at: new Date() }).where('approval_id', '=', approval.id).execute();
      await waitFor('the first send', async () => got.length === 1 && (await row()).error !== null || undefined, 20_000);
      const first = await row();
      expect(first).toMatchObject({ attempts: 1, response_status: 503, retry_channels: 'webhook' });
      // Not before its pause (30 s): nothing more arrives meanwhile.
      expect(first.next_attempt_at!.getTime() - Date.now()).toBeGreaterThan(20_000);
      await due();
      await waitFor('the second send', async () => got.length === 2 && (await row()).attempts === 2 && (await row()).response_status === 500 || undefined, 20_000);
      await due();
      await waitFor('the third send', async () => got.length === 3 && (await row()).error === null || undefined, 20_000);
      expect(got.map((g) => g.attempt)).toEqual([1, 2, 3]);
      expect(await row()).toMatchObject({ attempts: 3, response_status: 204, error: null, retry_channels: null, next_attempt_at: null });
      expect((await fx.stack.api('GET', `${A}/${approval.id}`)).body.reminders_sent).toBe(1);
      expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/cancel`)).status).toBe(200);
    } finally {
      flaky.closeAllConnections();
      await new Promise<void>((r) => flaky.close(() => r()));
    }
  });

  it('an e-mail reminder goes to each address once, with only the link labelled with that address', async () => {
    const conn = await fx.stack.api('POST', '/engine/v1/v1/connections', { body: { provider: 'smtp', name: 'mail', secret: 'mail-pass-1', metadata: { host: '127.0.0.1', port: smtpPort, user: 'mailer' } } });
    expect(conn.status).toBe(201);
    const { runId, approval } = await waitingApproval(
      { links: ['partner@example.org', 'legal'], quorum: 1, message: 'Sign the contract?', remind: { after_s: 0, max: 1, email_to: ['partner@example.org', 'boss@example.org'] } },
      {},
      { smtp: conn.body.id },
    );
    await waitFor('two e-mails', async () => mails.length >= 2 || undefined, 20_000);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['boss@example.org', 'partner@example.org']);
    const partner = mails.find((m) => m.to[0] === 'partner@example.org')!.text.replace(/=\r?\n/g, '');
    const boss = mails.find((m) => m.to[0] === 'boss@example.org')!.text.replace(/=\r?\n/g, '');
    expect(partner).toContain('Sign the contract?');
    expect(boss).not.toContain('/approvals/links/');
    const link = /(https?:\/\/\S+\/approvals\/links\/apl_[A-Za-z0-9_-]+)/.exec(partner)?.[1];
    expect(link).toBeDefined();
    const decided = await fx.stack.api('POST', link!.slice(fx.stack.url.length), { key: null, body: { approved: true } });
    expect(decided.body.decision).toMatchObject({ approver: 'link:partner@example.org' });
    expect((await waitForRun(fx.stack, runId)).status).toBe('completed');
    const rows = await fx.stack.atelier.deps.db.selectFrom('engine_approval_reminders').selectAll().where('approval_id', '=', approval.id).execute();
    expect(rows).toMatchObject([{ n: 1, channel: 'email', error: null }]);
  });
});
