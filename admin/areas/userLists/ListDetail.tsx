/** One list: what it is (type, capacity, members, dynamic or system), edit and delete, its permission toggles and its members. */
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import type { UserListView } from '../../../schemas/model/api/lists';
import type { ListsApi, ListsApiError } from '../../core/lists-api';
import { useNavigateAfterClose } from '../../core/navigate-after-close';
import { useAdminFrame } from '../../frame/frame-context';
import { DeleteListDialog } from './DeleteListDialog';
import { ListPermissions } from './ListPermissions';
import { AdminPermissionsDialog } from './AdminPermissionsDialog';
import { MembersSection } from './MembersSection';
import { capacityText } from './capacity-text';

type Loaded = { status: 'loading' } | { status: 'error'; message: string; notFound: boolean } | { status: 'ready'; list: UserListView };

/** Reads one list (from GET userLists) and keeps it current as the screen changes it. */
export function useList(api: ListsApi, listId: string) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const reload = useCallback(
    () =>
      api.list(listId).then(
        (list) => setLoaded({ status: 'ready', list }),
        (error: ListsApiError) => setLoaded({ status: 'error', message: error.message, notFound: error.status === 404 || error.error === 'notFound' }),
      ),
    [api, listId],
  );
  useEffect(() => void reload(), [reload]);
  return { loaded, reload, set: (list: UserListView) => setLoaded({ status: 'ready', list }) };
}

export function ListDetail({ api, listId }: { api: ListsApi; listId: string }) {
  const { t } = useAdminFrame();
  const id = useId();
  const navigateAfterClose = useNavigateAfterClose();
  const { loaded, reload, set } = useList(api, listId);
  const [deleting, setDeleting] = useState(false);
  const [editingAll, setEditingAll] = useState(false);
  if (loaded.status === 'loading') return <p role="status">{t('adminAreas.lists.loading')}</p>;
  if (loaded.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {loaded.notFound ? t('adminAreas.lists.notFound') : t('adminAreas.lists.loadError', { message: loaded.message })}
      </p>
    );
  const list = loaded.list;
  return (
    <>
      <h2 className="t-membership-title">{list.label}</h2>
      <section className="t-membership-card" aria-label={t('adminAreas.lists.about')}>
        <dl className="t-membership-facts">
          <dt>{t('adminAreas.lists.columns.type')}</dt>
          <dd>
            {t(`adminAreas.lists.types.${list.type}`)}
            {list.dynamic && ` · ${t('adminAreas.lists.dynamic')}`}
            {list.system && ` · ${t('adminAreas.lists.system')}`}
          </dd>
          <dt>{t('adminAreas.lists.columns.capacity')}</dt>
          <dd>{capacityText(list, t)}</dd>
          <dt>{t('adminAreas.lists.columns.members')}</dt>
          <dd>{list.users}</dd>
        </dl>
        <div className="t-admin-actions t-membership-section">
          <Link className="ts-button" href={adminHref('listEdit', { listId: list.id })}>
            {t('adminAreas.lists.edit')}
          </Link>
          {/* Offered for every list: the server says why one cannot go (a system list, one an application uses). */}
          <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setDeleting(true)}>
            {t('adminAreas.lists.delete.open')}
          </button>
        </div>
      </section>
      <section className="t-membership-section" aria-labelledby={`${id}-permissions`}>
        <h3 id={`${id}-permissions`}>{t('adminAreas.lists.permissions.title')}</h3>
        <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setEditingAll(true)}>
          {t('layoutsAdmin.adminPermissions.open')}
        </button>
        <ListPermissions api={api} list={list} onChange={set} />
      </section>
      <section className="t-membership-section" aria-labelledby={`${id}-members`}>
        <h3 id={`${id}-members`}>{t('adminAreas.lists.members.title')}</h3>
        <MembersSection api={api} list={list} onCountsChanged={() => void reload()} />
      </section>
      {editingAll && (
        <AdminPermissionsDialog
          api={api}
          list={list}
          onClose={() => setEditingAll(false)}
          onSaved={(saved) => {
            set(saved);
            setEditingAll(false);
          }}
        />
      )}
      {deleting && (
        <DeleteListDialog
          api={api}
          list={list}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            navigateAfterClose(adminHref('userLists'));
          }}
        />
      )}
    </>
  );
}
