/**
 * The area `userLists` (community §2, §3, §5, §6, §8): the lists with their type, capacity and
 * member counts, created here; a list's screen (`userLists/:listId`) with its permission toggles
 * and its members; its edit screen (`userLists/:listId/edit`). Texts of §8: saving fails, loading
 * members fails, deleting (400: the server's reason), a full list.
 */
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { Dialog } from '../../core/Dialog';
import { createListsApi, type ListsApi } from '../../core/lists-api';
import { useNavigateAfterClose } from '../../core/navigate-after-close';
import { ScrollRegion } from '../../core/ScrollRegion';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { capacityText } from './capacity-text';
import { ListDetail, useList } from './ListDetail';
import { ListForm } from './ListForm';
import '../../core/area.css';
import '../../core/membership/membership.css';

export default function UserListsArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createListsApi(services.request), [services.request]);
  return (
    <div className="t-admin-area t-lists">
      <h1 className="ts-page-title">{t('adminAreas.areas.userLists.title')}</h1>
      {match.route.name === 'listEdit' ? (
        <EditList api={api} listId={match.params.listId} />
      ) : match.route.name === 'listDetail' ? (
        <>
          <BackToLists />
          <ListDetail api={api} listId={match.params.listId} />
        </>
      ) : (
        <Lists api={api} />
      )}
    </div>
  );
}

function BackToLists() {
  const { t } = useAdminFrame();
  return (
    <Link href={adminHref('userLists')} className="t-membership-back">
      {t('adminAreas.lists.back')}
    </Link>
  );
}

function Lists({ api }: { api: ListsApi }) {
  const { services, t } = useAdminFrame();
  const navigateAfterClose = useNavigateAfterClose();
  const [creating, setCreating] = useState(false);
  const loaded = useLoaded(
    useCallback(async () => [...(await api.lists())].sort((a, b) => a.label.localeCompare(b.label, services.locale)), [api, services.locale]),
  );

  return (
    <>
      <div className="t-membership-toolbar">
        <p className="t-admin-intro">{t('adminAreas.lists.intro')}</p>
        <button type="button" className="ts-button ts-button--primary" aria-haspopup="dialog" onClick={() => setCreating(true)}>
          {t('adminAreas.lists.create')}
        </button>
      </div>
      <LoadedStates loaded={loaded} keyPrefix="adminAreas.lists" isEmpty={(lists) => !lists.length} />
      {loaded.status === 'ready' && loaded.value.length > 0 && (
        <ScrollRegion label={t('adminAreas.lists.scroll')}>
          <table className="t-admin-table">
            <caption>{t('adminAreas.lists.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminAreas.lists.columns.label')}</th>
                <th scope="col">{t('adminAreas.lists.columns.type')}</th>
                <th scope="col" className="t-admin-num">
                  {t('adminAreas.lists.columns.members')}
                </th>
                <th scope="col">{t('adminAreas.lists.columns.capacity')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.value.map((list) => (
                <tr key={list.id}>
                  <th scope="row">
                    <Link href={adminHref('listDetail', { listId: list.id })}>{list.label}</Link>
                  </th>
                  <td>
                    {t(`adminAreas.lists.types.${list.type}`)}
                    {list.dynamic && <span className="t-admin-pill t-lists__flag">{t('adminAreas.lists.dynamic')}</span>}
                    {list.system && <span className="t-admin-pill t-lists__flag">{t('adminAreas.lists.system')}</span>}
                  </td>
                  <td className="t-admin-num">{list.users}</td>
                  <td>{capacityText(list, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {creating && (
        <Dialog title={t('adminAreas.lists.createTitle')} onClose={() => setCreating(false)} size="small" className="t-admin-area">
          <ListForm
            submitLabel={t('adminAreas.lists.form.create')}
            onCancel={() => setCreating(false)}
            onSave={async (input) => {
              const created = await api.createList(input);
              services.toast({ type: 'positive', message: t('adminAreas.lists.created', { label: created.label }) });
              setCreating(false);
              navigateAfterClose(adminHref('listDetail', { listId: created.id }));
            }}
          />
        </Dialog>
      )}
    </>
  );
}

function EditList({ api, listId }: { api: ListsApi; listId: string }) {
  const { services, t } = useAdminFrame();
  const [, navigate] = useLocation();
  const { loaded } = useList(api, listId);
  const detail = adminHref('listDetail', { listId });
  return (
    <>
      <Link href={detail} className="t-membership-back">
        {t('adminAreas.lists.backToList')}
      </Link>
      {loaded.status === 'loading' && <p role="status">{t('adminAreas.lists.loading')}</p>}
      {loaded.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {loaded.notFound ? t('adminAreas.lists.notFound') : t('adminAreas.lists.loadError', { message: loaded.message })}
        </p>
      )}
      {loaded.status === 'ready' && (
        <>
          <h2 className="t-membership-title">{t('adminAreas.lists.editTitle', { label: loaded.list.label })}</h2>
          <ListForm
            list={loaded.list}
            submitLabel={t('adminAreas.lists.form.save')}
            onCancel={() => navigate(detail)}
            onSave={async (changes) => {
              const saved = await api.updateList(listId, changes);
              services.toast({ type: 'positive', message: t('adminAreas.lists.saved', { label: saved.label }) });
              navigate(detail);
            }}
          />
        </>
      )}
    </>
  );
}
