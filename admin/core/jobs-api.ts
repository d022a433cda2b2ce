/**
 * The admin's calls to the background jobs (the jobs domain): `GET admin/jobs` lists one state,
 * newest first, with the counts of the live states and a cursor to older ones; `POST
 * admin/jobs/{id}/retry` queues a failed or dead job again and answers it. Failures reject with
 * the server's `{ error, message }`.
 */
import type { AdminJob, AdminJobsResponse, JobState } from '../../schemas/model/api/jobs';
import { toAdminApiError, type AdminRequest } from './http-api';

export type { AdminJob, JobState } from '../../schemas/model/api/jobs';
export type AdminJobsPage = AdminJobsResponse;

/** 1..100 on the server. */
export const JOBS_PAGE_SIZE = 20;

export function createJobsApi(request: AdminRequest) {
  const call = async <T>(method: 'GET' | 'POST', path: string): Promise<T> => {
    try {
      return await request<T>(method, path);
    } catch (error) {
      throw toAdminApiError(error);
    }
  };
  return {
    list(state: JobState, options: { limit?: number; before?: string } = {}): Promise<AdminJobsPage> {
      const query = new URLSearchParams({ state, limit: String(options.limit ?? JOBS_PAGE_SIZE) });
      if (options.before) query.set('before', options.before);
      return call('GET', `admin/jobs?${query}`);
    },
    retry: (id: number): Promise<AdminJob> => call('POST', `admin/jobs/${encodeURIComponent(String(id))}/retry`),
  };
}

export type JobsApi = ReturnType<typeof createJobsApi>;
