/** The session token (spec 7): a JWT kept in local storage under `jwt`. */
export const JWT_STORAGE_KEY = 'jwt';

/** Issued-at of a JWT in ms, from its `iat` claim; undefined when the token is not a readable JWT. */
export function tokenIssuedAtMs(jwt: string): number | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { iat?: unknown };
    return typeof json.iat === 'number' ? json.iat * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** True when the token is older than `maxAgeS` seconds (tokens without `iat` are never refreshed). */
export function tokenNeedsRefresh(jwt: string, maxAgeS: number, nowMs: number): boolean {
  const iat = tokenIssuedAtMs(jwt);
  return iat !== undefined && nowMs - iat > maxAgeS * 1000;
}
