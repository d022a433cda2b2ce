/** The admin's request function over the shell's API client (bearer token, refresh, base /api/v1). */
import type { AdminRequest } from '../../admin/core/http-api';
import type { ApiClient } from '../api/client';

/** Quiet: the admin shows each failure itself (in its dialog or as a notice), not as a second toast. */
export function adminRequestOf(api: ApiClient): AdminRequest {
  const options = { quiet: true };
  return <T>(method: string, path: string, body?: unknown): Promise<T> => {
    if (method === 'GET') return api.get<T>(path, options);
    if (method === 'POST') return api.post<T>(path, body, options);
    if (method === 'PUT') return api.put<T>(path, body, options);
    return api.delete<T>(path, options);
  };
}
