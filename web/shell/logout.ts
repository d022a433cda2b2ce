/**
 * Logout (spec 4.1 step 7): the logout call answers with the framework logout address to end at
 * (`url`, or `redirectTo` as the merged server names it);
 * without one, or when the call fails, the session is cleared and the browser goes to the site origin.
 */
import { checkAppPath } from '../../engine/core/url-check';
import type { ApiClient } from '../api/client';

export const LOGGED_OUT_KEY = 'tessera.loggedOut';
export const DEVICE_ID_KEY = 'tessera.deviceId';

export async function logout(api: ApiClient, go: (url: string) => void, origin = window.location.origin): Promise<void> {
  let target = origin;
  try {
    const res = await api.get<{ url?: string; redirectTo?: string } | undefined>('logout', {
      query: { deviceId: localStorage.getItem(DEVICE_ID_KEY) ?? undefined },
      quiet: true,
    });
    const next = res?.url ?? res?.redirectTo;
    // An absolute http(s) address or a same-site path; anything else falls back to the origin.
    if (typeof next === 'string' && (/^https?:\/\//.test(next) || checkAppPath(next).ok)) target = new URL(next, origin).toString();
  } catch {
    // Fall back to the site origin.
  }
  api.clearToken();
  sessionStorage.setItem(LOGGED_OUT_KEY, '1');
  go(target);
}
