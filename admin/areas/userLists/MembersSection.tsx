/**
 * A list's members (GET userLists/{id}/users): newest first by cursor with "Load more", filtered by
 * state and found by name or account id, each with her state and since when; add (AddMembersDialog) and remove, except on a
 * protected list (dynamic or system: its members come from its rule or the platform, §5).
 */
import { ColumnHeads } from '../../core/ColumnHeads';
import { useCallback, useEffect, useId, useState } from 'react';
import type { MembershipState } from '../../../schemas/model';
import type { ListUserRow, UserListView } from '../../../schemas/model/api/lists';
import { countText } from '../../core/count-text';
import { Dialog } from '../../core/Dialog';
import type { ListsApi, ListsApiError } from '../../core/lists-api';
import { StatePill } from '../../core/membership/StatePill';
import { MoreButton } from '../../core/MoreButton';
import { ScrollRegion } from '../../core/ScrollRegion';
import { useCursorPages } from '../../core/use-cursor-pages';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';
import { AddMembersDialog, SEARCH_DEBOUNCE_MS } from './AddMembersDialog';

/** `value` once it has stayed the same for `ms` (a search box asks when typing pauses). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const MEMBERSHIP_STATES: readonly MembershipState[] = ['accepted', 'applied', 'returned', 'withdrawn', 'rejected', 'banned', 'completed'];

export function MembersSection({ api, list, onCountsChanged }: { api: ListsApi; list: UserListView; onCountsChanged(): void }) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [state, setState] = useState<MembershipState | ''>('');
  const [text, setText] = useState('');
  const q = useSettled(text.trim(), SEARCH_DEBOUNCE_MS);
  const [total, setTotal] = useState<number>();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ListUserRow>();
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string>();
  const load = useCallback(
    async (cursor: string | undefined) => {
      const page = await api.members(list.id, { states: state ? [state] : undefined, cursor, q: q || undefined });
      if (cursor === undefined) setTotal(page.total);
      return { items: page.items, next: page.next ?? undefined };
    },
    [api, list.id, state, q],
  );
  const { listing, more, refresh, update } = useCursorPages<ListUserRow>(load);
  const protectedList = list.dynamic || list.system;

  const remove = async (row: ListUserRow) => {
    setRemoveBusy(true);
    setRemoveError(undefined);
    try {
      await api.removeMember(list.id, row.accountId);
      update((items) => items.filter((i) => i.id !== row.id));
      setTotal((n) => (n === undefined ? n : Math.max(0, n - 1)));
      setRemoving(undefined);
      services.toast({ type: 'positive', message: t('adminAreas.lists.members.removed', { name: row.name, label: list.label }) });
      onCountsChanged();
    } catch (error) {
      setRemoveError(t('adminAreas.lists.members.removeFailed', { message: (error as ListsApiError).message }));
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <>
      <div className="t-membership-toolbar">
        <div className="t-membership-filter">
          <label htmlFor={`${id}-state`}>{t('adminAreas.lists.members.filter')}</label>
          <select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value as MembershipState | '')}>
            <option value="">{t('adminAreas.lists.members.allStates')}</option>
            {MEMBERSHIP_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`adminAreas.membership.states.${s}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-q`}>{t('adminAreas.lists.members.find')}</label>
          <input id={`${id}-q`} type="search" value={text} maxLength={120} onChange={(e) => setText(e.target.value)} />
        </div>
        {protectedList ? (
          <p className="t-admin-meta">{t(list.dynamic ? 'adminAreas.lists.members.dynamic' : 'adminAreas.lists.members.system')}</p>
        ) : (
          <button type="button" className="ts-button ts-button--primary" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            {t('adminAreas.lists.members.add')}
          </button>
        )}
      </div>
      {list.isFull && <p className="t-admin-meta">{t('adminAreas.lists.full')}</p>}
      {listing.status === 'loading' && <p role="status">{t('adminAreas.lists.members.loading')}</p>}
      {listing.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {t('adminAreas.lists.members.loadFailed')}
        </p>
      )}
      {listing.status === 'ready' && (
        <>
          <p className="t-admin-meta" role="status">
            {total !== undefined && countText(t, services.locale, 'adminAreas.lists.members.total', total)}
          </p>
          {!listing.items.length ? (
            <p className="t-admin-empty">{q ? t('adminAreas.lists.members.noneFound', { q }) : t('adminAreas.lists.members.empty')}</p>
          ) : (
            <ScrollRegion label={t('adminAreas.lists.members.scroll')}>
              <table className="t-admin-table">
                <caption>{t('adminAreas.lists.members.caption', { label: list.label })}</caption>
                <ColumnHeads keyPrefix="adminAreas.lists.members.columns" columns={['name', 'state', 'actions']} />
                <tbody>
                  {listing.items.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">{row.name}</th>
                      <td>
                        <StatePill state={row.state} />
                        {row.dynamic && <span className="t-admin-meta"> {t('adminAreas.lists.members.byRule')}</span>}
                        {/* Since when, under the state: three columns fit a phone without scrolling sideways. */}
                        <span className="t-admin-meta t-membership-since">
                          {t('adminAreas.lists.members.since')} <When ms={row.createdAt} dates={services.dates} />
                        </span>
                      </td>
                      <td>
                        {!protectedList && !row.dynamic && (
                          <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setRemoving(row)}>
                            {t('adminAreas.lists.members.remove')}
                            <span className="ts-visually-hidden"> {row.name}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
      <MoreButton
        listing={listing}
        label={t('adminAreas.lists.members.more')}
        errorText={() => t('adminAreas.lists.members.loadFailed')}
        onMore={() => void more()}
      />
      {adding && (
        <AddMembersDialog
          api={api}
          list={list}
          onClose={() => setAdding(false)}
          onAdded={(count) => {
            setAdding(false);
            services.toast({ type: 'positive', message: countText(t, services.locale, 'adminAreas.lists.members.added', count, { label: list.label }) });
            void refresh().catch(() => undefined);
            onCountsChanged();
          }}
        />
      )}
      {removing && (
        <Dialog
          title={t('adminAreas.lists.members.removeTitle', { name: removing.name, label: list.label })}
          size="small"
          busy={removeBusy}
          className="t-admin-area"
          onClose={() => {
            setRemoving(undefined);
            setRemoveError(undefined);
          }}
          actions={
            <>
              <button type="button" className="ts-button" disabled={removeBusy} onClick={() => setRemoving(undefined)}>
                {t('adminAreas.lists.form.cancel')}
              </button>
              <button
                type="button"
                className="ts-button ts-button--primary"
                disabled={removeBusy}
                aria-busy={removeBusy || undefined}
                onClick={() => void remove(removing)}
              >
                {t('adminAreas.lists.members.removeConfirm')}
              </button>
            </>
          }
        >
          {removeError && (
            <p role="alert" className="t-admin-notice--error">
              {removeError}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
