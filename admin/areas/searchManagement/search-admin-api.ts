/**
 * The search management area's calls: `GET` and `POST admin/searchManagement`
 * (schemas/model/api/search-management.ts). Its reindex processes start through admin/core's
 * `startProcess`, like every process.
 * Failures reject with the server's `{ error, message }`.
 */
import type { SearchManagementRequest, SearchManagementResponse } from '../../../schemas/model/api/search-management';
import { toAdminApiError, type AdminRequest } from '../../core/http-api';

export type ReindexType = 'userIndexing' | 'searchReindex';

export function createSearchAdminApi(request: AdminRequest) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    try {
      return await request<T>(method, path, body);
    } catch (error) {
      throw toAdminApiError(error);
    }
  };
  return {
    state: () => call<SearchManagementResponse>('GET', 'admin/searchManagement'),
    save: (change: SearchManagementRequest) => call<SearchManagementResponse>('POST', 'admin/searchManagement', change),
  };
}

export type SearchAdminApi = ReturnType<typeof createSearchAdminApi>;
