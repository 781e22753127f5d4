// The approvals inbox (GET /v1/approvals, GET /v1/approvals/{id}), decisions
// (POST /v1/approvals/{id}/decisions), one-time links minted by the account
// (POST /v1/approvals/{id}/links), and the public link routes (GET/POST
// /v1/approvals/links/{token}: no key, the link is the credential, rate-limited per client address).
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { ApiError } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { isoTime, listOf } from '../../infra/http/views';
import { createWindowStore, scaleLimit } from '../../platform/limits/rate-limiter';
import { FIELD_TYPES } from '../widget/fields';
import { approverOf, createLink, decide, DEFAULT_LINK_TTL_S, decideByLink, getApproval, listApprovals, refuseSandboxOnLive, viewLink } from './service';

const STATUSES = ['pending', 'approved', 'rejected', 'timed_out', 'cancelled'] as const;
/** Calls per minute one client address may make to the link routes. */
export const LINK_RATE_PER_MINUTE = 60;

const FieldView = z.object({ name: z.string(), type: z.enum(FIELD_TYPES), label: z.string(), required: z.boolean(), options: z.array(z.string()).nullable() });
const FormView = z.object({ fields: z.array(FieldView) }).nullable();
const TallyView = z.object({ approvals: z.number().int(), rejections: z.number().int(), quorum: z.number().int(), approvers_total: z.number().int().nullable().describe('null: open to anyone in the account') });

export const ApprovalDecisionView = z.object({
  approver: z.string().describe('An e-mail (console user), an API key id, or link:<label>'),
  via: z.enum(['api_key', 'session', 'link']),
  approved: z.boolean(),
  comment: z.string().nullable(),
  values: z.record(z.string(), z.unknown()),
  minted_by: z.string().nullable().describe('A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent)'),
  decided_at: isoTime,
});

export const ApprovalView = z.object({
  id: z.string(),
  object: z.literal('approval'),
  status: z.enum(STATUSES),
  run_id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string().nullable(),
  node_id: z.string(),
  generation: z.number().int(),
  message: z.string().nullable(),
  approvers: z.array(z.string()),
  links: z.array(z.string()).describe('Labels of the approvers who decide through a one-time link'),
  quorum: z.number().int(),
  reject: z.enum(['any', 'quorum']),
  default: z.enum(['approved', 'rejected']),
  form: FormView,
  inputs_preview: z.record(z.string(), z.unknown()).describe('What each upstream node passed in, by node id (cut at 2,000 characters)'),
  cost_so_far_usd: z.number(),
  created_at: isoTime,
  expires_at: isoTime.nullable(),
  decided_at: isoTime.nullable(),
  decisions: z.array(ApprovalDecisionView),
  tally: TallyView,
  can_decide: z.boolean().describe('Whether the caller may decide now'),
  my_decision: ApprovalDecisionView.nullable(),
  reminders_sent: z.number().int(),
});

const ApprovalListView = listOf(ApprovalView, { limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() });
const DecisionAnswer = z.object({ approval: ApprovalView, decision: ApprovalDecisionView, repeated: z.boolean().describe('true: this approver had decided already; that decision stands') });
const LinkView = z.object({ object: z.literal('approval_link'), approval_id: z.string(), approver: z.string(), token: z.string(), url: z.string(), expires_at: isoTime });
const LinkRequestView = z.object({
  object: z.literal('approval_link_request'),
  approval_id: z.string(),
  status: z.enum(STATUSES),
  approver: z.string(),
  message: z.string().nullable(),
  form: FormView,
  workflow_name: z.string().nullable(),
  run_id: z.string(),
  node_id: z.string(),
  tally: TallyView,
  created_at: isoTime,
  expires_at: isoTime.nullable(),
  link_expires_at: isoTime,
});
const LinkDecisionAnswer = z.object({ object: z.literal('approval_link_decision'), approval_id: z.string(), status: z.enum(STATUSES), decision: ApprovalDecisionView, repeated: z.boolean() });

const IdParams = z.object({ id: z.string().min(1).max(100) });
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const ListQuery = z.object({
  status: z.enum([...STATUSES, 'all']).default('pending'),
  run_id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a run id').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const DecisionBody = z.object({
  approved: z.boolean(),
  comment: z.string().max(4000).optional(),
  values: z.record(z.string(), z.unknown()).optional(),
});
const LinkBody = z.object({
  approver: z.string().min(1).max(200).describe('One of the request\'s link approver labels'),
  expires_in_s: z.number().int().min(1).max(DEFAULT_LINK_TTL_S * 4).optional().describe('Default 7 days; never past the request\'s own expiry'),
});

export function approvalRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/approvals', route({ query: ListQuery, response: ApprovalListView, summary: 'The approvals inbox: what waits for the caller (a key: the account\'s; a console user: those naming them or open to all)' }, ({ auth, query }) =>
    listApprovals(deps, auth, { status: query.status, runId: query.run_id, limit: query.limit, offset: query.offset })));
  router.get('/approvals/:id', route({ params: IdParams, response: ApprovalView }, ({ auth, params }) => getApproval(deps, auth, params.id)));
  router.post('/approvals/:id/decisions', route({ params: IdParams, body: DecisionBody, response: DecisionAnswer, errors: [403, 409], summary: 'Approve or reject (once per approver; a repeat answers the first decision)' }, async ({ auth, params, body }) => {
    if (auth.sandbox) await refuseSandboxOnLive(deps, auth.accountId, params.id);
    return decide(deps, auth.accountId, params.id, await approverOf(deps.db, auth), body);
  }));
  router.post('/approvals/:id/links', route({ params: IdParams, body: LinkBody, response: LinkView, status: 201, errors: [403, 409], summary: 'Mint a one-time link for a link approver (the token is shown once): an admin key, the account owner or a named approver' }, async ({ auth, params, body }) => {
    if (auth.sandbox) await refuseSandboxOnLive(deps, auth.accountId, params.id);
    return createLink(deps, auth, params.id, body.approver, body.expires_in_s);
  }));
  return router;
}

/** GET/POST /engine/v1[/v1]/approvals/links/{token}: no API key; mounted with the public routes. */
export function publicApprovalLinkRoutes(deps: Deps): Router {
  const router = Router();
  const windows = createWindowStore(deps.config.redisUrl, `atelier:approval-link:${deps.config.temporal.taskQueue}:`);
  const limit = scaleLimit(LINK_RATE_PER_MINUTE, deps.config.rateLimitScale);
  const throttle = async (req: Request) => {
    const now = Date.now();
    const hit = await windows.hit([{ key: req.ip ?? 'unknown', limit }], now);
    if (hit.blocked === -1) return;
    const oldest = hit.windows[0]?.oldestMs ?? now;
    throw new ApiError(429, { detail: { error: 'rate_limited', message: `Rate limit exceeded: ${limit} per 1 minute` } }, { 'Retry-After': String(Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000))) });
  };
  const paths = ['/engine/v1/v1/approvals/links/:token', '/engine/v1/approvals/links/:token'];
  // Counted before anything else: a flood of malformed or guessed calls is throttled like any other.
  router.use(paths, (req, _res, next) => {
    throttle(req).then(() => next(), next);
  });
  router.get(paths, route({ params: TokenParams, response: LinkRequestView, errors: [404, 410, 429], summary: 'What a one-time approval link asks (no API key: the link is the credential)' }, ({ params }) =>
    viewLink(deps, params.token)));
  router.post(paths, route({ params: TokenParams, body: DecisionBody, response: LinkDecisionAnswer, errors: [404, 409, 410, 429], summary: 'Decide through a one-time approval link (no API key; the link is spent)' }, ({ params, body }) =>
    decideByLink(deps, params.token, body)));
  return router;
}
