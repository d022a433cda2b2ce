/** The unsubscribe link's token: names an account and an event, signed (signed-values.ts), never expiring: an old email's link still works. */
import { isNotificationEvent, type NotificationEvent } from '../../engine/core/notifications';
import type { AppContext } from '../context';
import { readSignedValue, signValue } from './signed-values';

export function unsubscribeToken(ctx: AppContext, accountId: string, event: NotificationEvent): string {
  return signValue(ctx, 'unsubscribe', { a: accountId, e: event });
}

/** Who and what a token unsubscribes, or undefined when it is malformed or tampered with. */
export function readUnsubscribeToken(ctx: AppContext, token: unknown): { accountId: string; event: NotificationEvent } | undefined {
  const value = readSignedValue(ctx, 'unsubscribe', token) as { a?: unknown; e?: unknown } | undefined;
  if (!value || typeof value !== 'object' || typeof value.a !== 'string' || !value.a || !isNotificationEvent(value.e)) return undefined;
  return { accountId: value.a, event: value.e };
}
