/**
 * The email channel of a notification: one `sendEmail` per recipient (server/email/send.ts),
 * template `notification.<event>`, queued inside the transaction that stores the batch, with an
 * idempotency key per (batch, recipient) and a signed unsubscribe link for that event.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { NotificationEvent } from '../../engine/core/notifications';
import type { Settings } from '../../schemas/model';
import type { AppContext } from '../context';
import { sendEmail } from '../email/send';
import { activeBrand } from '../settings/brands';
import type { DB } from '../storage/database';
import { unsubscribeToken } from './unsubscribe-token';

/** The site's address for links in emails: PUBLIC_URL, else the address this server listens on. */
export function siteUrl(ctx: AppContext): string {
  const configured = ctx.config.env.PUBLIC_URL;
  if (configured && /^https?:\/\//.test(configured)) return configured.replace(/\/+$/, '');
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? 'localhost' : ctx.config.host;
  return `http://${host}:${ctx.listeningPort ?? ctx.config.port}`;
}

export function unsubscribeUrl(ctx: AppContext, accountId: string, event: NotificationEvent): string {
  return `${siteUrl(ctx)}/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx, accountId, event))}`;
}

/** The brand's name, the `siteName` of every notification email. */
export async function siteName(ctx: AppContext): Promise<string> {
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
  return (await activeBrand(ctx, settings))?.brandName ?? 'Tessera';
}

/** What every email key of one notification batch starts with (the history counts them by it). */
export const emailKeyPrefix = (batchId: string): string => `notification:${batchId}:`;

/** The email's idempotency key: readable when short, hashed when the ids are long (sendEmail takes at most 190 characters). */
export function emailKey(batchId: string, recipient: string): string {
  const key = `${emailKeyPrefix(batchId)}${recipient}`;
  return key.length <= 190 ? key : `notification:${crypto.createHash('sha256').update(`${batchId}\n${recipient}`).digest('hex')}`;
}

export interface NotificationEmail {
  batchId: string;
  event: NotificationEvent;
  recipient: string;
  recipientName: string;
  title: string;
  message: string;
  /** An app path (engine/core notificationLink) or null. */
  link: string | null;
  fromName: string;
  siteName: string;
  params?: Record<string, unknown>;
}

export async function queueNotificationEmail(ctx: AppContext, email: NotificationEmail, tx: Transaction<DB>): Promise<void> {
  const site = siteUrl(ctx);
  await sendEmail(
    ctx,
    {
      accountId: email.recipient,
      templateId: `notification.${email.event}`,
      params: {
        ...email.params,
        title: email.title,
        message: email.message,
        link: email.link ? `${site}/app${email.link}` : '',
        recipientName: email.recipientName,
        siteName: email.siteName,
        fromName: email.fromName,
      },
      unsubscribeUrl: unsubscribeUrl(ctx, email.recipient, email.event),
      key: emailKey(email.batchId, email.recipient),
    },
    { tx },
  );
}
