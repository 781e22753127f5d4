// control.approval's params: who decides (approvers, link approvers), how many (quorum, reject),
// what they fill in (a form of the widget's field types), reminders, and the timeout default. In
// src/ because the approvals service reads the same params when it opens a node's request; the node
// gets it through the node SDK.
import { z } from 'zod';
import { APPROVAL_NODE_TYPE } from '../contract/approval';
import { FormFields } from '../widget/fields';

export { APPROVAL_NODE_TYPE };

const remind = z
  .object({
    after_s: z.number().min(0).max(30 * 24 * 3600).describe('Seconds after the request opens before the first reminder (0: at once)'),
    every_s: z.number().min(60).max(30 * 24 * 3600).optional().describe('Seconds between further reminders'),
    max: z.number().int().min(1).max(20).default(1).describe('How many reminders at most'),
    webhook_url: z.url().optional().describe('POSTed a signed JSON reminder (signature: the secret of the connection in the `webhook` credentials slot)'),
    email_to: z.array(z.email()).min(1).max(20).optional().describe('Sent a reminder e-mail through the connection in the `smtp` credentials slot'),
  })
  .refine((r) => r.webhook_url !== undefined || r.email_to !== undefined, { message: 'a reminder needs webhook_url or email_to' });

export const ApprovalParams = z
  .object({
    /** How long to wait for the `approve` signal; absent = wait for ever (bounded by max_execution_time_s). */
    timeout_s: z.number().positive().max(30 * 24 * 3600).optional().describe('Seconds to wait for the approve signal before `default` applies'),
    /** The decision when timeout_s passes without a signal. */
    default: z.enum(['approved', 'rejected']).default('rejected').describe('Decision taken when no one answers in time'),
    /** Shown to the approver (e.g. in the UI). */
    message: z.string().optional().describe('Shown to the approver'),
    approvers: z.array(z.string().trim().min(1).max(320)).max(50).optional().describe('Who may decide: console users by e-mail, API keys by id; none named (and no links) = anyone in the account'),
    links: z.array(z.string().trim().min(1).max(200)).max(20).optional().describe('Approvers without an account, by label: each decides once through a signed one-time link'),
    quorum: z.number().int().min(1).max(70).optional().describe('Approvals needed (default 1)'),
    reject: z.enum(['any', 'quorum']).optional().describe('`any`: one rejection rejects (default); `quorum`: rejected once approval can no longer reach the quorum'),
    form: z.object({ fields: FormFields }).optional().describe('Fields an approver fills in; the values become the output'),
    remind: remind.optional().describe('Reminders while the approval waits'),
  })
  .superRefine((p, ctx) => {
    const named = (p.approvers?.length ?? 0) + (p.links?.length ?? 0);
    if (named > 0 && (p.quorum ?? 1) > named) ctx.addIssue({ code: 'custom', path: ['quorum'], message: `quorum ${p.quorum} is more than the ${named} approver(s) named` });
    const labels = new Set(p.links ?? []);
    if (labels.size !== (p.links?.length ?? 0)) ctx.addIssue({ code: 'custom', path: ['links'], message: 'link approver labels must be distinct' });
  });
export type ApprovalParams = z.output<typeof ApprovalParams>;
