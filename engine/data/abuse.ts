/**
 * Abuse reports from the member's side (schemas/model/api/abuse.ts `POST reportAbuse`), a slice
 * with one call: the report dialog (engine/react/abuse/ReportAbuseDialog.tsx) files a report on a
 * post, comment, profile or chat message. Imported by path, not through the data barrel: only the
 * views that offer "Report" load it.
 */
import type { AbuseReport, AbuseReportRequest } from '../../schemas/model/api/abuse';
import { defineSlice } from './slice';
import { dataCall } from './transport';

export const abuseCalls = {
  /** 201 a new report, 200 her open report on the same item; a refusal names what was wrong (the dialog shows it). */
  report: (body: AbuseReportRequest) => dataCall<AbuseReport>({ method: 'POST', path: 'reportAbuse', body }),
};

export interface AbuseReports {
  report(request: AbuseReportRequest): Promise<AbuseReport>;
}

export const abuseSlice = defineSlice<AbuseReports>({
  name: 'abuse',
  create({ transport }) {
    return { report: (request) => transport.request(abuseCalls.report(request)) };
  },
});
