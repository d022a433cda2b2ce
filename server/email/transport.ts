/**
 * The SMTP transport of an app (nodemailer over SMTP_URL), made on first use and closed with the
 * domain; none when SMTP_URL is unset, and the outbox is then where emails end.
 */
import nodemailer from 'nodemailer';
import type { AppContext } from '../context';

type Transporter = ReturnType<typeof nodemailer.createTransport>;
const transports = new WeakMap<AppContext, Transporter>();

export function smtpOf(ctx: AppContext): Transporter | undefined {
  const url = ctx.config.smtpUrl;
  if (!url) return undefined;
  let transport = transports.get(ctx);
  if (!transport) transports.set(ctx, (transport = nodemailer.createTransport(url)));
  return transport;
}

export function closeSmtp(ctx: AppContext): void {
  transports.get(ctx)?.close();
  transports.delete(ctx);
}

/** SMTP's permanent refusals (5xx: no such mailbox, policy): retrying cannot help. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
