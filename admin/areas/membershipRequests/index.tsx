/**
 * The area `membershipRequests` (community §2): the requests waiting for a decision across every
 * application, filtered by application (`?applicationId=`), each opening the same detail as the
 * applications area (admin/core/membership/RequestDetail).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import type { ApplicationView } from '../../../schemas/model/api/applications';
import { createListsApi } from '../../core/lists-api';
import { RequestDetail } from '../../core/membership/RequestDetail';
import { RequestsTable } from '../../core/membership/RequestsTable';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import '../../core/area.css';
import '../../core/membership/membership.css';

export default function MembershipRequestsArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createListsApi(services.request), [services.request]);
  if (match.route.name === 'membershipRequest')
    return (
      <div className="t-admin-area">
        <Link href={adminHref('membershipRequests')} className="t-membership-back">
          {t('adminAreas.requests.back')}
        </Link>
        <h1 className="ts-page-title">{t('adminAreas.areas.membershipRequests.title')}</h1>
        <h2 className="t-membership-title">{t('adminAreas.requests.detailTitle')}</h2>
        <RequestDetail api={api} requestId={match.params.requestId} />
      </div>
    );
  return <Queue />;
}

function Queue() {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createListsApi(services.request), [services.request]);
  const filterId = useId();
  const [, navigate] = useLocation();
  const applicationId = new URLSearchParams(useSearch()).get('applicationId') ?? '';
  const [applications, setApplications] = useState<ApplicationView[]>([]);
  useEffect(() => {
    let live = true;
    api.applications().then(
      (found) => live && setApplications(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <div className="t-admin-area">
      <h1 className="ts-page-title">{t('adminAreas.areas.membershipRequests.title')}</h1>
      <p className="t-admin-intro">{t('adminAreas.requests.intro')}</p>
      <div className="t-membership-toolbar">
        <div className="t-membership-filter">
          <label htmlFor={filterId}>{t('adminAreas.requests.filter')}</label>
          <select
            id={filterId}
            value={applicationId}
            onChange={(e) => navigate(`${adminHref('membershipRequests')}${e.target.value ? `?applicationId=${encodeURIComponent(e.target.value)}` : ''}`)}
          >
            <option value="">{t('adminAreas.requests.allApplications')}</option>
            {applications.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <RequestsTable api={api} applicationId={applicationId || undefined} hrefOf={(r) => adminHref('membershipRequest', { requestId: r.id })} />
    </div>
  );
}
