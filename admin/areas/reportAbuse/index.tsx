/**
 * The area `reportAbuse` (community §2 admin reportAbuse and `reportAbuse/:id/:bulkReports?`): the
 * moderation queue (./Queue.tsx) and a report's detail (./Detail.tsx). Calls:
 * admin/core/abuse-api.ts; rules engine/core/abuse.ts.
 */
import { useMemo } from 'react';
import { createAbuseApi } from '../../core/abuse-api';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { Detail } from './Detail';
import { Queue } from './Queue';
import '../../core/area.css';
import './abuse.css';

export default function ReportAbuseArea({ match }: AdminAreaProps) {
  const { services } = useAdminFrame();
  const api = useMemo(() => createAbuseApi(services.request), [services.request]);
  if (match.route.name === 'editReportAbuse') return <Detail api={api} reportId={match.params.id} showAll={!!match.params.bulkReports} />;
  return <Queue api={api} />;
}
