/**
 * The area `applications` (community §2, §3, §4): the applications with their list and pending
 * requests, created here (a label and a list); an application's screen (`applications/:id`) with
 * its settings and fields; its requests (`…/requests`) and a request's detail (`…/requests/:id`)
 * with the moves the server allows (admin/core/membership/RequestDetail).
 */
import { DialogButtons } from '../../core/DialogButtons';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import type { UserListView } from '../../../schemas/model/api/lists';
import { countText } from '../../core/count-text';
import { Dialog } from '../../core/Dialog';
import { createListsApi, type ListsApi, type ListsApiError } from '../../core/lists-api';
import { useNavigateAfterClose } from '../../core/navigate-after-close';
import { RequestDetail } from '../../core/membership/RequestDetail';
import { RequestsTable } from '../../core/membership/RequestsTable';
import { ScrollRegion } from '../../core/ScrollRegion';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { ApplicationEditor } from './ApplicationEditor';
import '../../core/area.css';
import '../../core/membership/membership.css';

export default function ApplicationsArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createListsApi(services.request), [services.request]);
  const { applicationId, requestId } = match.params;
  const back = (href: string, label: string) => (
    <Link href={href} className="t-membership-back">
      {label}
    </Link>
  );
  return (
    <div className="t-admin-area t-applications">
      <h1 className="ts-page-title">{t('adminAreas.areas.applications.title')}</h1>
      {match.route.name === 'listJoinRequest' ? (
        <>
          {back(adminHref('listJoinRequests', { applicationId }), t('adminAreas.applications.backToRequests'))}
          <h2 className="t-membership-title">{t('adminAreas.requests.detailTitle')}</h2>
          <RequestDetail api={api} requestId={requestId} />
        </>
      ) : match.route.name === 'listJoinRequests' ? (
        <>
          {back(adminHref('editApplication', { applicationId }), t('adminAreas.applications.backToApplication'))}
          <h2 className="t-membership-title">{t('adminAreas.applications.requestsTitle')}</h2>
          <RequestsTable
            api={api}
            applicationId={applicationId}
            hrefOf={(r) => adminHref('listJoinRequest', { applicationId: r.applicationId, requestId: r.id })}
          />
        </>
      ) : match.route.name === 'editApplication' ? (
        <>
          {back(adminHref('applications'), t('adminAreas.applications.back'))}
          <ApplicationEditor api={api} applicationId={applicationId} />
        </>
      ) : (
        <Applications api={api} />
      )}
    </div>
  );
}

function Applications({ api }: { api: ListsApi }) {
  const { services, t } = useAdminFrame();
  const navigateAfterClose = useNavigateAfterClose();
  const [creating, setCreating] = useState(false);
  const loaded = useLoaded(useCallback(() => api.applications(), [api]));
  return (
    <>
      <div className="t-membership-toolbar">
        <p className="t-admin-intro">{t('adminAreas.applications.intro')}</p>
        <button type="button" className="ts-button ts-button--primary" aria-haspopup="dialog" onClick={() => setCreating(true)}>
          {t('adminAreas.applications.create')}
        </button>
      </div>
      <LoadedStates loaded={loaded} keyPrefix="adminAreas.applications" isEmpty={(applications) => !applications.length} />
      {loaded.status === 'ready' && loaded.value.length > 0 && (
        <ScrollRegion label={t('adminAreas.applications.scroll')}>
          <table className="t-admin-table">
            <caption>{t('adminAreas.applications.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminAreas.applications.columns.label')}</th>
                <th scope="col">{t('adminAreas.applications.columns.list')}</th>
                <th scope="col">{t('adminAreas.applications.columns.state')}</th>
                <th scope="col" className="t-admin-num">
                  {t('adminAreas.applications.columns.pending')}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaded.value.map((a) => (
                <tr key={a.id}>
                  <th scope="row">
                    <Link href={adminHref('editApplication', { applicationId: a.id })}>{a.label}</Link>
                  </th>
                  <td>{a.userListLabel}</td>
                  <td>{t(`adminAreas.applications.states.${a.state}`)}</td>
                  <td className="t-admin-num">
                    <Link
                      href={adminHref('listJoinRequests', { applicationId: a.id })}
                      aria-label={countText(t, services.locale, 'adminAreas.applications.pendingLink', a.pending, { label: a.label })}
                    >
                      {a.pending}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {creating && (
        <CreateApplication
          api={api}
          onClose={() => setCreating(false)}
          onCreated={(applicationId) => {
            setCreating(false);
            navigateAfterClose(adminHref('editApplication', { applicationId }));
          }}
        />
      )}
    </>
  );
}

function CreateApplication({ api, onClose, onCreated }: { api: ListsApi; onClose(): void; onCreated(id: string): void }) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [lists, setLists] = useState<UserListView[]>([]);
  const [label, setLabel] = useState('');
  const [listId, setListId] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    api.lists().then(
      (found) => live && setLists(found.filter((l) => !l.dynamic && !l.system)),
      (error: ListsApiError) => live && setProblem(t('adminAreas.lists.loadError', { message: error.message })),
    );
    return () => {
      live = false;
    };
  }, [api, t]);
  const create = async () => {
    if (!label.trim() || !listId) return setProblem(t('adminAreas.applications.createMissing'));
    setBusy(true);
    setProblem(undefined);
    try {
      const created = await api.createApplication(label.trim(), listId);
      services.toast({ type: 'positive', message: t('adminAreas.applications.created', { label: created.label }) });
      onCreated(created.id);
    } catch (error) {
      setProblem(t('adminAreas.applications.saveFailed', { message: (error as ListsApiError).message }));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('adminAreas.applications.createTitle')}
      size="small"
      busy={busy}
      onClose={onClose}
      className="t-admin-area"
      actions={
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          onConfirm={create}
          cancelLabel={t('adminAreas.lists.form.cancel')}
          confirmLabel={t('adminAreas.applications.create')}
          styled
        />
      }
    >
      <div className="t-membership-form">
        <label htmlFor={`${id}-label`}>{t('adminAreas.applications.label')}</label>
        <input id={`${id}-label`} type="text" maxLength={120} value={label} onChange={(e) => setLabel(e.target.value)} />
        <label htmlFor={`${id}-list`}>{t('adminAreas.applications.list')}</label>
        <select id={`${id}-list`} value={listId} onChange={(e) => setListId(e.target.value)}>
          <option value="">{t('adminAreas.applications.chooseList')}</option>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </select>
        {problem && (
          <p role="alert" className="t-admin-notice--error">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}
