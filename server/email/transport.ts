/**
 * The SMTP transport of an app (nodemailer over SMTP_URL), made on first use and closed with the
 * domain; none when SMTP_URL is unset, and the outbox is then where emails end.
 */
import type Nodemailer from 'nodemailer';
import type { AppContext } from '../context';

type Transporter = ReturnType<typeof Nodemailer.createTransport>;
const transports = new WeakMap<AppContext, Promise<Transporter>>();

/** Loaded on the first email sent: a server without SMTP_URL never loads nodemailer. */
export function smtpOf(ctx: AppContext): Promise<Transporter> | undefined {
  const url = ctx.config.smtpUrl;
  if (!url) return undefined;
  let transport = transports.get(ctx);
  if (!transport) transports.set(ctx, (transport = import('nodemailer').then((m) => m.default.createTransport(url))));
  return transport;
}

export async function closeSmtp(ctx: AppContext): Promise<void> {
  const transport = transports.get(ctx);
  transports.delete(ctx);
  (await transport)?.close();
}

/** SMTP's permanent refusals (5xx: no such mailbox, policy): retrying cannot help. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
