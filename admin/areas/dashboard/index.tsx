/**
 * The area `dashboard`: counts that need no insights, each linking to its area and shown only to
 * those who may open that area: members (GET admin/dashboard), pending membership requests (with
 * the user lists issue; until then the tile says so and shows no number), the moderation queue's
 * waiting items (GET admin/dashboard's abuseReports) and failing jobs (failed and dead, from GET admin/jobs).
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { mayOpenAdminArea, type AdminAreaName } from '../../../engine/core/admin-areas';
import type { AdminDashboardResponse } from '../../../schemas/model/api/staff';
import { toAdminApiError } from '../../core/http-api';
import { createJobsApi, type AdminJobsPage } from '../../core/jobs-api';
import { useAdminFrame } from '../../frame/frame-context';
import './dashboard.css';

type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

function useLoaded<T>(load: (() => Promise<T>) | undefined): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'error', message: toAdminApiError(error).message }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}

export default function DashboardArea() {
  const { services, t } = useAdminFrame();
  const titleId = useId();
  const { request, holder } = services;
  const may = (area: AdminAreaName) => mayOpenAdminArea(holder, area);
  const [members, tools, reports] = [may('users'), may('tools'), may('reportAbuse')];
  const counts = useLoaded(
    useMemo(() => (members || reports ? () => request<AdminDashboardResponse>('GET', 'admin/dashboard') : undefined), [members, reports, request]),
  );
  const failing = useLoaded(useMemo(() => (tools ? () => createJobsApi(request).list('failed', { limit: 1 }) : undefined), [tools, request]));

  return (
    <section className="t-dashboard" aria-labelledby={titleId}>
      <h1 id={titleId} className="ts-page-title">
        {t('adminAreas.areas.dashboard.title')}
      </h1>
      <ul className="t-tiles">
        {members && (
          <Tile area="users" label={t('adminAreas.dashboard.members')}>
            <Figure state={counts} value={(c) => c.members} hint={() => t('adminAreas.dashboard.membersHint')} />
          </Tile>
        )}
        {may('membershipRequests') && (
          <Tile area="membershipRequests" label={t('adminAreas.dashboard.pendingRequests')}>
            <span className="t-tile__soon">{t('adminAreas.notice.arrivesWith', { feature: t('adminAreas.features.lists') })}</span>
          </Tile>
        )}
        {reports && (
          <Tile area="reportAbuse" label={t('adminAreas.dashboard.abuseReports')}>
            <Figure state={counts} value={(c) => c.abuseReports ?? 0} hint={() => t('adminAreas.dashboard.abuseReportsHint')} />
          </Tile>
        )}
        {tools && (
          <Tile area="tools" label={t('adminAreas.dashboard.failingJobs')}>
            <Figure
              state={failing}
              value={(page: AdminJobsPage) => page.counts.failed + page.counts.dead}
              hint={(page: AdminJobsPage) => t('adminAreas.dashboard.failingJobsHint', { failed: page.counts.failed, dead: page.counts.dead })}
            />
          </Tile>
        )}
      </ul>
    </section>
  );
}

function Tile({ area, label, children }: { area: AdminAreaName; label: string; children: ReactNode }) {
  const { t } = useAdminFrame();
  return (
    <li>
      <Link href={`/admin/${area}`} className="t-tile">
        <span className="t-tile__label">{label}</span>
        {children}
        <span className="t-tile__link">{t('adminAreas.dashboard.open', { area: t(`adminAreas.areas.${area}.title`) })}</span>
      </Link>
    </li>
  );
}

function Figure<T>({ state, value, hint }: { state: Loaded<T>; value(v: T): number; hint(v: T): string }) {
  const { t } = useAdminFrame();
  if (state.status === 'loading') return <span className="t-tile__value t-tile__value--pending">{t('adminAreas.dashboard.loading')}</span>;
  if (state.status === 'error') return <span className="t-tile__error">{t('adminAreas.dashboard.loadError', { message: state.message })}</span>;
  return (
    <>
      <span className="t-tile__value">{value(state.value)}</span>
      <span className="t-tile__hint">{hint(state.value)}</span>
    </>
  );
}
