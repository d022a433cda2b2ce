/** Open membership requests, newest first by cursor (GET applications/membershipRequests/admin), each opening its detail at `hrefOf`. */
import { ColumnHeads } from '../ColumnHeads';
import { useCallback } from 'react';
import { Link } from 'wouter';
import type { MembershipRequestView } from '../../../schemas/model/api/applications';
import { useAdminFrame } from '../../frame/frame-context';
import type { ListsApi } from '../lists-api';
import { MoreButton } from '../MoreButton';
import { ScrollRegion } from '../ScrollRegion';
import { useCursorPages } from '../use-cursor-pages';
import { When } from '../When';
import { StatePill } from './StatePill';

export function RequestsTable({ api, applicationId, hrefOf }: { api: ListsApi; applicationId?: string; hrefOf(request: MembershipRequestView): string }) {
  const { services, t } = useAdminFrame();
  const load = useCallback(
    async (cursor: string | undefined) => {
      const page = await api.requests({ applicationId, cursor });
      return { items: page.items, next: page.next ?? undefined };
    },
    [api, applicationId],
  );
  const { listing, more } = useCursorPages<MembershipRequestView>(load);
  if (listing.status === 'loading') return <p role="status">{t('adminAreas.requests.loading')}</p>;
  if (listing.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('adminAreas.requests.loadError', { message: listing.message })}
      </p>
    );
  return (
    <>
      {!listing.items.length ? (
        <p className="t-admin-empty">{t('adminAreas.requests.empty')}</p>
      ) : (
        <ScrollRegion label={t('adminAreas.requests.scroll')}>
          <table className="t-admin-table">
            <caption>{t('adminAreas.requests.caption')}</caption>
            <ColumnHeads keyPrefix="adminAreas.requests.columns" columns={['name', 'application', 'state', 'date']} />
            <tbody>
              {listing.items.map((request) => (
                <tr key={request.id}>
                  <th scope="row">
                    <Link href={hrefOf(request)} aria-label={t('adminAreas.requests.open', { name: request.name, application: request.applicationLabel })}>
                      {request.name}
                    </Link>
                  </th>
                  <td>{request.applicationLabel}</td>
                  <td>
                    <StatePill state={request.state} />
                  </td>
                  <td>
                    <When ms={request.createdAt} dates={services.dates} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <MoreButton
        listing={listing}
        label={t('adminAreas.requests.more')}
        errorText={(message) => t('adminAreas.requests.loadError', { message })}
        onMore={() => void more()}
      />
    </>
  );
}
