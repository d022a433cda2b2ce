/**
 * A member's memberships across lists (`users/:accountId/lists`, GET
 * profile/listMembershipStates/{id}/true): each list with her state there and the moves an admin
 * may make now (engine/core membershipMoves), made through the list's add call in that state, and
 * removal; a list whose members come from a rule or the platform (dynamic, system) is shown only.
 */
import { ColumnHeads } from '../../core/ColumnHeads';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { membershipMoves } from '../../../engine/core/membership-moves';
import type { MembershipState } from '../../../schemas/model';
import type { UserListView } from '../../../schemas/model/api/lists';
import { createListsApi, isListFull, type ListsApiError } from '../../core/lists-api';
import { StatePill } from '../../core/membership/StatePill';
import { ScrollRegion } from '../../core/ScrollRegion';
import { useAdminFrame } from '../../frame/frame-context';

type Row = { list: UserListView; state: MembershipState };
type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: Row[]; name: string };

export function MemberLists({ accountId }: { accountId: string }) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createListsApi(services.request), [services.request]);
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<string>();

  const load = useCallback(async () => {
    try {
      const [{ states }, lists, name] = await Promise.all([api.memberStates(accountId), api.lists(), api.memberName(accountId).catch(() => accountId)]);
      const rows = lists
        .filter((list) => Object.hasOwn(states, list.id))
        .map((list) => ({ list, state: states[list.id] }))
        .sort((a, b) => a.list.label.localeCompare(b.list.label, services.locale));
      setLoaded({ status: 'ready', rows, name });
    } catch (error) {
      setLoaded({ status: 'error', message: (error as ListsApiError).message });
    }
  }, [api, accountId, services.locale]);
  useEffect(() => void load(), [load]);

  const act = async (row: Row, to: MembershipState | 'remove') => {
    setBusy(`${row.list.id}:${to}`);
    try {
      if (to === 'remove') await api.removeMember(row.list.id, accountId);
      else {
        const answer = await api.addMembers(row.list.id, [accountId], to);
        const skipped = answer.skipped.find((s) => s.accountId === accountId);
        if (skipped) throw { error: 'skipped', message: skipped.reason } satisfies ListsApiError;
      }
      services.toast({
        type: 'positive',
        message:
          to === 'remove'
            ? t('adminAreas.memberLists.removed', { label: row.list.label })
            : t('adminAreas.memberLists.moved', { label: row.list.label, state: t(`adminAreas.membership.states.${to}`) }),
      });
      await load();
    } catch (error) {
      const e = error as ListsApiError;
      services.toast({ type: 'negative', message: isListFull(e) ? t('adminAreas.lists.full') : t('adminAreas.memberLists.failed', { message: e.message }) });
    } finally {
      setBusy(undefined);
    }
  };

  if (loaded.status === 'loading') return <p role="status">{t('adminAreas.memberLists.loading')}</p>;
  if (loaded.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('adminAreas.memberLists.loadError', { message: loaded.message })}
      </p>
    );
  return (
    <>
      <h2 className="t-membership-title" id={`${id}-title`}>
        {t('adminAreas.memberLists.title', { name: loaded.name })}
      </h2>
      {!loaded.rows.length ? (
        <p className="t-admin-empty">{t('adminAreas.memberLists.empty')}</p>
      ) : (
        <ScrollRegion label={t('adminAreas.memberLists.scroll')}>
          <table className="t-admin-table">
            <caption>{t('adminAreas.memberLists.caption', { name: loaded.name })}</caption>
            <ColumnHeads keyPrefix="adminAreas.memberLists.columns" columns={['list', 'state', 'moves']} />
            <tbody>
              {loaded.rows.map((row) => {
                const locked = row.list.dynamic || row.list.system;
                return (
                  <tr key={row.list.id}>
                    <th scope="row">
                      <Link href={adminHref('listDetail', { listId: row.list.id })}>{row.list.label}</Link>
                    </th>
                    <td>
                      <StatePill state={row.state} />
                    </td>
                    <td>
                      {locked ? (
                        <span className="t-admin-meta">{t(row.list.dynamic ? 'adminAreas.lists.members.dynamic' : 'adminAreas.lists.members.system')}</span>
                      ) : (
                        <span className="t-admin-actions">
                          {[...membershipMoves(row.state, 'admin'), 'remove' as const].map((to) => (
                            <button
                              key={to}
                              type="button"
                              className="ts-button"
                              disabled={busy !== undefined}
                              aria-busy={busy === `${row.list.id}:${to}` || undefined}
                              aria-label={t('adminAreas.memberLists.moveLabel', { move: t(`adminAreas.memberLists.moves.${to}`), label: row.list.label })}
                              onClick={() => void act(row, to)}
                            >
                              {t(`adminAreas.memberLists.moves.${to}`)}
                            </button>
                          ))}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
