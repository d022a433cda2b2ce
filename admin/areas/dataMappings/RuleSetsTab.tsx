/**
 * Rule sets: named rule queries, listed by title, each created or edited in a dialog (title,
 * description, the query in the rules editor with who it lets in, and the dynamic lists that
 * follow it) and deleted after a confirmation (refused, with the server's reason, while lists
 * follow it).
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { RuleQuery } from '../../../schemas/model';
import type { UserListView } from '../../../schemas/model/api/lists';
import type { RuleSet, RuleSetListResponse } from '../../../schemas/model/api/mappings';
import { countText } from '../../core/count-text';
import { Dialog } from '../../core/Dialog';
import { DialogButtons } from '../../core/DialogButtons';
import { fullRegistry } from '../../core/full-registry';
import { toAdminApiError } from '../../core/http-api';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import { RulesEditorDialog, type RuleSubjectChoices } from '../../rules-editor';
import type { MappingsApi } from './api';
import { DeleteDialog, ListChecks, TitleField } from './parts';

const EMPTY_QUERY: RuleQuery = { logicalOperator: 'all', rules: [] };
const ruleCount = (q: RuleQuery): number => (q.rules?.length ?? 0) + (q.groups ?? []).reduce((n, g) => n + ruleCount(g), 0);

export function RuleSetsTab({ api, writable }: { api: MappingsApi; writable: boolean }) {
  const { t, services } = useAdminFrame();
  const [version, setVersion] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version reloads after a write
  const load = useCallback(() => api.ruleSets(), [api, version]);
  const loaded = useLoaded<RuleSetListResponse>(load);
  const [editing, setEditing] = useState<RuleSet | 'new'>();
  const [deleting, setDeleting] = useState<RuleSet>();

  return (
    <section>
      <p className="t-admin-intro">{t('mappingsAdmin.ruleSets.intro')}</p>
      {writable && (
        <p>
          <button type="button" className="ts-button ts-button--primary" aria-haspopup="dialog" onClick={() => setEditing('new')}>
            {t('mappingsAdmin.ruleSets.add')}
          </button>
        </p>
      )}
      <LoadedStates loaded={loaded} keyPrefix="mappingsAdmin.ruleSets" isEmpty={(v) => !v.items.length} />
      {loaded.status === 'ready' && loaded.value.items.length > 0 && (
        <div className="t-admin-table-scroll">
          <table className="t-admin-table">
            <caption>{t('mappingsAdmin.ruleSets.caption', { total: loaded.value.items.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mappingsAdmin.ruleSets.columns.title')}</th>
                <th scope="col">{t('mappingsAdmin.ruleSets.columns.description')}</th>
                <th scope="col">{t('mappingsAdmin.ruleSets.columns.rules')}</th>
                <th scope="col">{t('mappingsAdmin.ruleSets.columns.lists')}</th>
                {writable && <th scope="col">{t('mappingsAdmin.ruleSets.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {loaded.value.items.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{r.title}</th>
                  <td>{r.description}</td>
                  <td>{countText(t, services.locale, 'mappingsAdmin.ruleSets.ruleCount', ruleCount(r.query))}</td>
                  <td>{countText(t, services.locale, 'mappingsAdmin.ruleSets.listCount', r.listIds.length)}</td>
                  {writable && (
                    <td className="t-mappings__row-actions">
                      <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setEditing(r)}>
                        {t('mappingsAdmin.ruleSets.edit', { title: r.title })}
                      </button>
                      <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setDeleting(r)}>
                        {t('mappingsAdmin.ruleSets.delete', { title: r.title })}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <RuleSetDialog
          api={api}
          ruleSet={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            setVersion((v) => v + 1);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          item={deleting}
          keyPrefix="mappingsAdmin.ruleSets"
          remove={api.removeRuleSet}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => setVersion((v) => v + 1)}
        />
      )}
    </section>
  );
}

function RuleSetDialog({ api, ruleSet, onClose, onSaved }: { api: MappingsApi; ruleSet?: RuleSet; onClose(): void; onSaved(): void }) {
  const { t, services } = useAdminFrame();
  const id = useId();
  const [title, setTitle] = useState(ruleSet?.title ?? '');
  const [description, setDescription] = useState(ruleSet?.description ?? '');
  const [query, setQuery] = useState<RuleQuery>(ruleSet?.query ?? EMPTY_QUERY);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [subjects, setSubjects] = useState<RuleSubjectChoices>({});
  const [lists, setLists] = useState<UserListView[]>();
  const [listIds, setListIds] = useState<string[]>(ruleSet?.listIds ?? []);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    let live = true;
    api.ruleSubjects().then(
      (s) => live && setSubjects(s),
      () => undefined,
    );
    api.lists().then(
      (all) => live && setLists(all.filter((l) => l.dynamic && !l.system)),
      () => live && setLists([]),
    );
    return () => {
      live = false;
    };
  }, [api]);
  const count = useMemo(() => ruleCount(query), [query]);

  const save = async () => {
    if (!title.trim()) return setFailure(t('mappingsAdmin.ruleSets.titleRequired'));
    setBusy(true);
    setFailure(undefined);
    try {
      const body = { title: title.trim(), description: description.trim(), query, listIds };
      if (ruleSet) await api.updateRuleSet(ruleSet.id, body);
      else await api.createRuleSet(body);
      services.toast({ type: 'positive', message: t('mappingsAdmin.ruleSets.saved', { title: body.title }) });
      onSaved();
    } catch (error) {
      setFailure(toAdminApiError(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={ruleSet ? t('mappingsAdmin.ruleSets.editTitle', { title: ruleSet.title }) : t('mappingsAdmin.ruleSets.newTitle')}
      size="medium"
      busy={busy}
      onClose={onClose}
      actions={
        <DialogButtons
          styled
          busy={busy}
          onCancel={onClose}
          onConfirm={save}
          cancelLabel={t('mappingsAdmin.cancel')}
          confirmLabel={t('mappingsAdmin.ruleSets.save')}
          busyLabel={t('mappingsAdmin.ruleSets.saving')}
        />
      }
    >
      <TitleField id={`${id}-title`} label={t('mappingsAdmin.ruleSets.columns.title')} value={title} onChange={setTitle} />
      <div className="t-mappings__field">
        <label htmlFor={`${id}-description`}>{t('mappingsAdmin.ruleSets.columns.description')}</label>
        <textarea id={`${id}-description`} value={description} maxLength={1000} rows={2} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <p>
        {countText(t, services.locale, 'mappingsAdmin.ruleSets.ruleCount', count)}{' '}
        <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setRulesOpen(true)}>
          {t('mappingsAdmin.ruleSets.editRules')}
        </button>
      </p>
      <fieldset className="t-mappings__lists">
        <legend>{t('mappingsAdmin.ruleSets.followers')}</legend>
        <p className="t-admin-meta">{t('mappingsAdmin.ruleSets.followersHelp')}</p>
        {lists && !lists.length && <p className="t-admin-meta">{t('mappingsAdmin.ruleSets.noDynamicLists')}</p>}
        {lists && <ListChecks lists={lists} chosen={listIds} onChange={setListIds} />}
      </fieldset>
      {failure !== undefined && (
        <p role="alert" className="t-admin-notice--error">
          {t('mappingsAdmin.ruleSets.saveFailed', { message: failure })}
        </p>
      )}
      <RulesEditorDialog
        open={rulesOpen}
        onClose={() => setRulesOpen(false)}
        title={t('mappingsAdmin.ruleSets.rulesTitle', { title: title || t('mappingsAdmin.ruleSets.newTitle') })}
        query={query}
        onChange={setQuery}
        registry={fullRegistry}
        subjects={subjects}
        locale={services.locale}
        preview={api.rulePreview}
      />
    </Dialog>
  );
}
