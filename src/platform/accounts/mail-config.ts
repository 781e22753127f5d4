import { z } from 'zod';

/**
 * The SMTP server Atelier sends its own e-mail through (the signup's address confirmation), read
 * from the same environment as `loadConfig` (blank values already removed). Unset host: no mail is
 * sent, and public signups count as confirmed at creation, since no link could reach them.
 */
const mailEnv = z.object({
  ATELIER_SMTP_HOST: z.string().optional(),
  ATELIER_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  ATELIER_SMTP_SECURE: z.enum(['1', '0', 'true', 'false', 'yes', 'no']).optional().transform((v) => (v === undefined ? undefined : v === '1' || v === 'true' || v === 'yes')),
  ATELIER_SMTP_USER: z.string().optional(),
  ATELIER_SMTP_PASSWORD: z.string().optional(),
  ATELIER_MAIL_FROM: z.string().default('Atelier <no-reply@atelier.local>'),
});

export const MAIL_SETTINGS: readonly string[] = Object.keys(mailEnv.shape);

export interface MailConfig {
  /** Unset: Atelier sends no e-mail. */
  host?: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

export function loadMailConfig(source: Record<string, string | undefined>): MailConfig {
  const e = mailEnv.parse(Object.fromEntries(Object.entries(source).filter(([k]) => k.startsWith('ATELIER_SMTP_') || k === 'ATELIER_MAIL_FROM')));
  return { host: e.ATELIER_SMTP_HOST, port: e.ATELIER_SMTP_PORT, secure: e.ATELIER_SMTP_SECURE ?? e.ATELIER_SMTP_PORT === 465, user: e.ATELIER_SMTP_USER, password: e.ATELIER_SMTP_PASSWORD, from: e.ATELIER_MAIL_FROM };
}
