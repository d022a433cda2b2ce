/**
 * The short-lived media token (GET user/image_access_token): media URLs carry it in a query
 * parameter because <img> and <video> cannot send a bearer header. Signed with a key derived from
 * the session secret for this one purpose, so a media token is never a session token (and a
 * session token is never accepted as a media token). A media token names the session it was issued
 * to (`sid`): the media routes check that session is still live, so logout ends its media tokens too.
 * Verified tokens are remembered: a page of thumbnails costs one HMAC, not one per image.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** A day: the app fetches a new one at every start-up (spec 4.1) and refreshes its session daily. */
export const MEDIA_TOKEN_LIFETIME_S = 86_400;
const VERIFIED_CACHE_SIZE = 10_000;

/** Who a media token speaks for: the account, its session, and when that session was issued (ms, as `SessionClaims.issuedAt`). */
export interface MediaViewer {
  accountId: string;
  sid: string;
  issuedAt: number;
}

export class MediaTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, MediaViewer & { expiresAt: number }>();

  constructor(sessionSecret: Uint8Array) {
    this.key = new Uint8Array(crypto.createHmac('sha256', sessionSecret).update('tessera media token').digest());
  }

  async issue(session: MediaViewer): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.floor(Date.now() / 1000) + MEDIA_TOKEN_LIFETIME_S;
    const token = await new SignJWT({ use: 'media', sid: session.sid, sessionIssuedAt: session.issuedAt })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.accountId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt: expiresAt * 1000 };
  }

  /** The account and session a valid, unexpired media token was issued to; undefined otherwise (a token without a session too). */
  async verify(token: string | undefined): Promise<MediaViewer | undefined> {
    if (!token || token.length > 2000) return undefined;
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.use !== 'media' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.sid !== 'string') return undefined;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      const viewer = {
        accountId: payload.sub,
        sid: payload.sid,
        issuedAt: typeof payload.sessionIssuedAt === 'number' ? payload.sessionIssuedAt : 0,
        expiresAt: payload.exp * 1000,
      };
      this.verified.set(token, viewer);
      return viewer;
    } catch {
      return undefined;
    }
  }
}
