/**
 * The search management area's calls: `GET` and `POST admin/searchManagement`
 * (schemas/model/api/search-management.ts) and the start of a reindex process, `POST
 * admin/process/{type}/start` (schemas/model/api/processes.ts, served by the processes domain).
 * Failures reject with the server's `{ error, message }`.
 */
import type { StartProcessRequest, StartProcessResponse } from '../../../schemas/model/api/processes';
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
    startReindex: (type: ReindexType) => call<StartProcessResponse>('POST', `admin/process/${type}/start`, { payload: {} } satisfies StartProcessRequest),
  };
}

export type SearchAdminApi = ReturnType<typeof createSearchAdminApi>;
