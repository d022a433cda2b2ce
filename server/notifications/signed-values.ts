/**
 * Small signed values of this domain: list cursors (opaque to the client, so a tampered one is a
 * 400, not a different page) and unsubscribe tokens (no sign-in needed, so the signature is all
 * that says who may turn an email off). Each purpose has its own key derived from the session
 * secret (as the media tokens of server/files do), so neither is ever a session token nor the other.
 */
import crypto from 'node:crypto';
import { loadOrCreateSecret } from '../auth/tokens';
import type { AppContext } from '../context';

export type SignedPurpose = 'notification cursor' | 'history cursor' | 'unsubscribe' | 'membership request cursor';

const keys = new WeakMap<AppContext, Map<SignedPurpose, Buffer>>();

function keyOf(ctx: AppContext, purpose: SignedPurpose): Buffer {
  let byPurpose = keys.get(ctx);
  if (!byPurpose) keys.set(ctx, (byPurpose = new Map()));
  let key = byPurpose.get(purpose);
  if (!key) {
    key = crypto.createHmac('sha256', loadOrCreateSecret(ctx.config.dataDir)).update(`tessera ${purpose}`).digest();
    byPurpose.set(purpose, key);
  }
  return key;
}

const mac = (key: Buffer, body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url');

/** `<base64url JSON>.<base64url HMAC>`. */
export function signValue(ctx: AppContext, purpose: SignedPurpose, value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${mac(keyOf(ctx, purpose), body)}`;
}

/** The value a token signed for this purpose carries, or undefined when it is malformed or its signature does not match. */
export function readSignedValue(ctx: AppContext, purpose: SignedPurpose, token: unknown): unknown {
  if (typeof token !== 'string' || token.length > 2000) return undefined;
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(keyOf(ctx, purpose), body));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
