/**
 * The moderation queue's calls (schemas/model/api/abuse.ts, moderators only). Failures reject with
 * the server's `{ error, message }` (toAdminApiError), shown by the screens.
 */
import type { AbuseContent, AbuseQueueResponse, AbuseReportDetail, AbuseReportedType, AbuseStatus, AbuseUpdateResponse } from '../../schemas/model/api/abuse';
import type { AdminRequest } from './http-api';

const seg = encodeURIComponent;

export interface AbuseQueueQuery {
  statuses: readonly AbuseStatus[];
  type?: AbuseReportedType;
  cursor?: string;
  limit?: number;
}

export function createAbuseApi(request: AdminRequest) {
  return {
    search(q: AbuseQueueQuery) {
      const params = new URLSearchParams({ status: q.statuses.join(',') });
      if (q.type) params.set('reportedType', q.type);
      if (q.cursor) params.set('cursor', q.cursor);
      if (q.limit) params.set('limit', String(q.limit));
      return request<AbuseQueueResponse>('GET', `reportAbuse/search?${params.toString()}`);
    },
    detail: (id: string) => request<AbuseReportDetail>('GET', `reportAbuse/${seg(id)}?bulkReports=true`),
    communication: (id: string) => request<AbuseContent>('GET', `reportAbuse/communication/${seg(id)}`),
    hide: (id: string) => request<AbuseReportDetail>('POST', 'reportAbuse/hideCommunicationAdmin', { id }),
    enable: (id: string) => request<AbuseReportDetail>('POST', 'reportAbuse/enableCommunicationAdmin', { id }),
    remove: (id: string, reason: string) => request<AbuseReportDetail>('POST', 'reportAbuse/deleteCommunicationAdmin', { id, reason }),
    comment: (id: string, message: string) => request<AbuseReportDetail>('POST', 'reportAbuse/commentCommunicationAdmin', { id, message }),
    update: (ids: readonly string[], status: AbuseStatus) => request<AbuseUpdateResponse>('POST', 'reportAbuse/update', { ids, status }),
  };
}

export type AbuseApi = ReturnType<typeof createAbuseApi>;
