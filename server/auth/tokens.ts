/**
 * Sessions: HS256 JWTs (jose) carrying the account id (`sub`), the serviceId and a session id
 * (`sid`, revoked by logout). The signing secret is generated on first run and kept in the data
 * folder, so tokens survive restarts; processes that share a database share the data folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_REFRESH_AGE_S } from '../../engine/core/constants';

/** A token lives a week; the app refreshes it once it is a day old (spec 7). */
export const TOKEN_LIFETIME_S = TOKEN_REFRESH_AGE_S * 7;

export interface SessionClaims {
  accountId: string;
  serviceId: string;
  sid: string;
  /** Milliseconds: a session ended at a time must not outlive it by the rest of that second. */
  issuedAt: number;
  expiresAt: number;
}

export function loadOrCreateSecret(dataDir: string): Uint8Array {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    try {
      // wx: two processes starting together never overwrite each other's secret.
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} is too short to be a signing secret; delete it to generate a new one`);
  return new TextEncoder().encode(text);
}

/** Verified tokens remembered, so a busy client does not pay for an HMAC on every request. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  private readonly verified = new Map<string, SessionClaims>();
  /** The secret imported once for verifying (jose would import raw bytes again on every call). */
  private verifyKey?: Promise<CryptoKey>;

  constructor(private readonly secret: Uint8Array) {}

  async issue(accountId: string, serviceId: string, sid: string = crypto.randomUUID()): Promise<string> {
    return new SignJWT({ serviceId, sid, iatMs: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(accountId)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_S}s`)
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired token; undefined for anything else (tampered, expired, malformed). */
  async verify(token: string): Promise<SessionClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return undefined;
    }
    try {
      this.verifyKey ??= crypto.webcrypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      const { payload } = await jwtVerify(token, await this.verifyKey, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.serviceId !== 'string' || typeof payload.sid !== 'string') return undefined;
      const claims = {
        accountId: payload.sub,
        serviceId: payload.serviceId,
        sid: payload.sid,
        issuedAt: typeof payload.iatMs === 'number' ? payload.iatMs : (payload.iat ?? 0) * 1000,
        expiresAt: payload.exp ?? 0,
      };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
      return claims;
    } catch {
      return undefined;
    }
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
