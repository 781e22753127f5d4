import { z } from 'zod';
import { inlineCredential, type NodeDefinition, NodeError, redact, smtpTransport } from '../../../src/engine/node-sdk';

const address = z.string().min(3).max(320);
const addresses = z.union([address, z.array(address).max(100)]);
const params = z.object({
  from: z.string().min(3).max(320).describe('Sender, `Name <addr@example.com>` or a bare address.'),
  to: addresses.describe('Recipient address or list.'),
  cc: addresses.optional().describe('Carbon-copy recipients.'),
  bcc: addresses.optional().describe('Blind-copy recipients.'),
  reply_to: z.string().max(320).optional().describe('Reply-To address.'),
  subject: z.string().max(998).describe('Subject line.'),
  text: z.string().max(1_000_000).optional().describe('Plain-text body.'),
  html: z.string().max(2_000_000).optional().describe('HTML body (sent with the text body as its alternative).'),
  attachments: z.array(z.object({
    filename: z.string().min(1).max(255).describe('File name shown to the recipient.'),
    content: z.string().max(10_000_000).describe('File content: text, or base64 when `encoding` is base64.'),
    encoding: z.enum(['utf8', 'base64']).default('utf8').describe('How `content` is encoded.'),
    content_type: z.string().max(255).optional().describe('MIME type (guessed from the name when absent).'),
  })).max(20).default([]).describe('Small attachments (up to 10 MB each).'),
  credential: inlineCredential('{host, port (587), secure (true for 465), user, password}'),
});

export const integrationSmtpSend: NodeDefinition<typeof params> = {
  type: 'integration.smtp_send',
  version: 1,
  category: 'integration',
  subcategory: 'email',
  name: 'Send email (SMTP)',
  description: 'Sends an email through an SMTP server (nodemailer; the `smtp` credentials slot: host, port, secure, user, password; STARTTLS when offered): text and/or HTML, cc, bcc, reply-to and attachments. `main` = {message_id, accepted, rejected, response}. A refused recipient list fails the node.',
  tags: ['email', 'smtp', 'mail', 'notification'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{message_id, accepted, rejected, response}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p }) {
    if (!p.text && !p.html) throw new NodeError('give `text` or `html`', { type: 'invalid_params' });
    const { transport, password: pass } = await smtpTransport(ctx, p.credential);
    try {
      const info = await transport.sendMail({
        from: p.from, to: p.to, cc: p.cc, bcc: p.bcc, replyTo: p.reply_to, subject: p.subject, text: p.text, html: p.html,
        attachments: p.attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content, a.encoding), contentType: a.content_type })),
      });
      return { output: { main: { message_id: info.messageId, accepted: info.accepted.map(String), rejected: info.rejected.map(String), response: info.response } } };
    } catch (err) {
      const e = err as { message?: string; responseCode?: number; code?: string };
      const message = redact(e.message ?? String(err), [pass]);
      throw new NodeError(`smtp: ${message}`, { type: 'smtp_error', retryable: e.responseCode ? e.responseCode >= 400 && e.responseCode < 500 : e.code !== 'EAUTH' && e.code !== 'EENVELOPE' });
    } finally {
      transport.close();
    }
  },
};
