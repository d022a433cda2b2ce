/**
 * Adds members to a list: search the member directory by name (POST profile/search, as they type),
 * tick the ones to add, add them accepted. A full list refuses with the list-at-capacity message
 * (nothing added); members already there are said as skipped.
 */
import { DialogButtons } from '../../core/DialogButtons';
import { useEffect, useId, useState } from 'react';
import type { UserListView } from '../../../schemas/model/api/lists';
import { Dialog } from '../../core/Dialog';
import { isListFull, type ListsApi, type ListsApiError, type MemberHit } from '../../core/lists-api';
import { countText } from '../../core/count-text';
import { useAdminFrame } from '../../frame/frame-context';

export const SEARCH_DEBOUNCE_MS = 250;

type Found = { status: 'idle' } | { status: 'searching' } | { status: 'ready'; hits: MemberHit[] } | { status: 'error'; message: string };

export function AddMembersDialog({ api, list, onClose, onAdded }: { api: ListsApi; list: UserListView; onClose(): void; onAdded(count: number): void }) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    const q = text.trim();
    if (!q) return setFound({ status: 'idle' });
    let live = true;
    setFound({ status: 'searching' });
    const timer = setTimeout(() => {
      api.searchMembers(q).then(
        (hits) => live && setFound({ status: 'ready', hits }),
        (error: ListsApiError) => live && setFound({ status: 'error', message: error.message }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, text]);

  const pick = (hit: MemberHit, on: boolean) =>
    setChosen((now) => {
      const next = new Map(now);
      if (on) next.set(hit.accountId, hit.name);
      else next.delete(hit.accountId);
      return next;
    });

  const add = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await api.addMembers(list.id, [...chosen.keys()]);
      const skipped = answer.skipped.map((s) => `${chosen.get(s.accountId) ?? s.accountId}: ${s.reason}`);
      if (skipped.length) services.toast({ type: 'warning', message: t('adminAreas.lists.members.skipped', { skipped: skipped.join('; ') }) });
      onAdded(answer.added.length);
    } catch (error) {
      const e = error as ListsApiError;
      setRefusal(isListFull(e) ? t('adminAreas.lists.full') : t('adminAreas.lists.members.addFailed', { message: e.message }));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('adminAreas.lists.members.addTitle', { label: list.label })}
      size="small"
      busy={busy}
      onClose={onClose}
      className="t-admin-area"
      actions={
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          onConfirm={add}
          cancelLabel={t('adminAreas.lists.form.cancel')}
          confirmLabel={countText(t, services.locale, 'adminAreas.lists.members.addCount', chosen.size)}
          disabled={!chosen.size}
          styled
        />
      }
    >
      <div className="t-membership-form">
        <label htmlFor={`${id}-search`}>{t('adminAreas.lists.members.search')}</label>
        <input id={`${id}-search`} type="search" value={text} autoComplete="off" onChange={(e) => setText(e.target.value)} />
        <p role="status" className="t-admin-meta">
          {found.status === 'searching' && t('adminAreas.lists.members.searching')}
          {found.status === 'ready' && countText(t, services.locale, 'adminAreas.lists.members.found', found.hits.length)}
        </p>
        {found.status === 'error' && (
          <p role="alert" className="t-admin-notice--error">
            {t('adminAreas.lists.members.searchFailed', { message: found.message })}
          </p>
        )}
        {(found.status === 'ready' || chosen.size > 0) && (
          <ul className="t-membership-hits" aria-label={t('adminAreas.lists.members.results')}>
            {[...chosen].map(([accountId, name]) => (
              <li key={accountId}>
                <label>
                  <input type="checkbox" checked onChange={() => pick({ accountId, name }, false)} />
                  {name}
                </label>
              </li>
            ))}
            {found.status === 'ready' &&
              found.hits
                .filter((hit) => !chosen.has(hit.accountId))
                .map((hit) => (
                  <li key={hit.accountId}>
                    <label>
                      <input type="checkbox" checked={false} onChange={(e) => pick(hit, e.target.checked)} />
                      {hit.name}
                    </label>
                  </li>
                ))}
          </ul>
        )}
        {refusal && (
          <p role="alert" className="t-admin-notice--error">
            {refusal}
          </p>
        )}
      </div>
    </Dialog>
  );
}
