// The `smtp` credentials slot as a nodemailer transport: {host, port (587), secure (true for 465),
// user, password}, the host checked like a user URL; STARTTLS when the server offers it.
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { credential, optionalField } from './credentials';
import { checkedEndpoint } from './endpoint';

export interface SmtpHandle { transport: Transporter<SMTPTransport.SentMessageInfo>; password: string | undefined }

/** A transport for the slot's server; the caller closes it. */
export async function smtpTransport(ctx: NodeContext, inline: Record<string, unknown> | undefined): Promise<SmtpHandle> {
  const cred = await credential(ctx, 'smtp', inline);
  const host = optionalField(cred, ['host']);
  if (!host) throw new NodeError('missing credential: bind an smtp connection to the "smtp" slot or set params.credential.host', { type: 'missing_credential' });
  const port = Number(cred.port ?? 587);
  const secure = cred.secure === true || port === 465;
  const ep = await checkedEndpoint(ctx, `smtp://${host.includes(':') ? `[${host}]` : host}:${port}`, { defaultPort: 587, schemes: ['smtp'] });
  const user = optionalField(cred, ['user', 'username']);
  const password = optionalField(cred, ['password', 'secret']);
  const transport = nodemailer.createTransport({
    host: ep.address, port, secure, auth: user ? { user, pass: password } : undefined,
    tls: { servername: host, rejectUnauthorized: cred.reject_unauthorized !== false }, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000,
  });
  return { transport, password };
}
