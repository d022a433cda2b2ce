/**
 * Abuse reports from the member's side (schemas/model/api/abuse.ts `POST reportAbuse`), a slice
 * with one call: the report dialog (engine/react/abuse/ReportAbuseDialog.tsx) files a report on a
 * post, comment, profile or chat message; the moderation queue (the admin's reportAbuse area) hears
 * `abuse:queueChanged` through it. Imported by path, not through the data barrel: only the views
 * that offer "Report" and the admin frame load it.
 */
import type { AbuseQueueEvent, AbuseReport, AbuseReportRequest } from '../../schemas/model/api/abuse';
import { defineSlice } from './slice';
import { dataCall } from './transport';

export const abuseCalls = {
  /** 201 a new report, 200 her open report on the same item; a refusal names what was wrong (the dialog shows it). */
  report: (body: AbuseReportRequest) => dataCall<AbuseReport>({ method: 'POST', path: 'reportAbuse', body }),
};

export interface AbuseReports {
  report(request: AbuseReportRequest): Promise<AbuseReport>;
  /** A moderator's screens hear `abuse:queueChanged` (the queue changed; the waiting count); answers the unsubscribe. */
  onQueueChanged(listener: (event: AbuseQueueEvent) => void): () => void;
  queueChanged(event: AbuseQueueEvent): void;
}

export const abuseSlice = defineSlice<AbuseReports>({
  name: 'abuse',
  create({ transport }) {
    const listeners = new Set<(event: AbuseQueueEvent) => void>();
    return {
      report: (request) => transport.request(abuseCalls.report(request)),
      onQueueChanged(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      queueChanged(event) {
        for (const listener of [...listeners]) listener(event);
      },
    };
  },
  events: {
    'abuse:queueChanged': (slice, payload) => {
      const openCount = payload && typeof payload === 'object' ? (payload as { openCount?: unknown }).openCount : undefined;
      if (typeof openCount === 'number' && Number.isSafeInteger(openCount) && openCount >= 0) slice.queueChanged({ openCount });
    },
  },
});
