/**
 * One data mapping (`dataMappings/:id`, `new` for a blank one): its title, the file's columns and
 * the profile field each fills (with a transform, and whether a row needs it), the match key that
 * finds an existing member, and the lists imported members join. The problems of
 * engine/core/data-mappings.ts show as it is edited (the server checks the same rule on save).
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { DATA_MAPPING_TRANSFORMS, dataMappingProblems } from '../../../engine/core/data-mappings';
import type { DataMapping, DataMappingData, DataMappingField, DataMappingProfileField, DataMappingTransform } from '../../../schemas/model/api/mappings';
import type { UserListView } from '../../../schemas/model/api/lists';
import { toAdminApiError } from '../../core/http-api';
import { useAdminFrame } from '../../frame/frame-context';
import type { MappingsApi } from './api';
import { ListChecks, TitleField } from './parts';

interface Loaded {
  mapping?: DataMapping;
  fields: DataMappingProfileField[];
  lists: UserListView[];
}

const BLANK: DataMappingField[] = [{ column: 'Email', profileField: 'email', required: true }];

export function MappingEditor({ api, id, writable }: { api: MappingsApi; id: string; writable: boolean }) {
  const { t, services } = useAdminFrame();
  const [, navigate] = useLocation();
  const isNew = id === 'new';
  const [loaded, setLoaded] = useState<Loaded | { error: string; missing: boolean }>();
  useEffect(() => {
    let live = true;
    Promise.all([isNew ? Promise.resolve(undefined) : api.mapping(id), api.profileFields(), api.lists()]).then(
      ([mapping, fields, lists]) => live && setLoaded({ mapping, fields: fields.fields, lists: lists.filter((l) => !l.dynamic && !l.system) }),
      (error: unknown) => {
        const refusal = toAdminApiError(error);
        if (live) setLoaded({ error: refusal.message, missing: refusal.error === 'notFound' });
      },
    );
    return () => {
      live = false;
    };
  }, [api, id, isNew]);

  return (
    <div className="t-admin-area t-mappings">
      <p>
        <Link href={adminHref('dataMappings')}>{t('mappingsAdmin.editor.back')}</Link>
      </p>
      <h1 className="ts-page-title">
        {isNew
          ? t('mappingsAdmin.editor.newTitle')
          : loaded && !('error' in loaded) && loaded.mapping
            ? t('mappingsAdmin.editor.editTitle', { title: loaded.mapping.title })
            : t('adminAreas.areas.dataMappings.title')}
      </h1>
      {!loaded && <p role="status">{t('mappingsAdmin.editor.loading')}</p>}
      {loaded && 'error' in loaded && loaded.missing && <p>{t('mappingsAdmin.editor.notFound', { id })}</p>}
      {loaded && 'error' in loaded && !loaded.missing && (
        <p role="alert" className="t-admin-notice--error">
          {t('mappingsAdmin.editor.loadError', { message: loaded.error })}
        </p>
      )}
      {loaded && !('error' in loaded) && (
        <MappingForm
          loaded={loaded}
          writable={writable}
          onSave={async (body) => {
            if (isNew) {
              const created = await api.create(body);
              services.toast({ type: 'positive', message: t('mappingsAdmin.editor.created', { title: created.title }) });
              navigate(adminHref('editMapping', { id: created.id }));
            } else {
              await api.update(id, body);
              services.toast({ type: 'positive', message: t('mappingsAdmin.editor.saved', { title: body.title }) });
            }
          }}
        />
      )}
    </div>
  );
}

function MappingForm({
  loaded,
  writable,
  onSave,
}: {
  loaded: Loaded;
  writable: boolean;
  onSave(body: { title: string; data: DataMappingData }): Promise<void>;
}) {
  const { t } = useAdminFrame();
  const id = useId();
  const [title, setTitle] = useState(loaded.mapping?.title ?? '');
  const [rows, setRows] = useState<DataMappingField[]>(loaded.mapping?.data.fields ?? BLANK);
  const [matchColumn, setMatchColumn] = useState(loaded.mapping?.data.match.column ?? 'Email');
  const [lists, setLists] = useState<string[]>(loaded.mapping?.data.lists ?? []);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const matchRow = rows.find((r) => r.column.trim().toLowerCase() === matchColumn.trim().toLowerCase());
  const data: DataMappingData = {
    source: 'csv',
    match: { column: matchColumn, profileField: matchRow?.profileField ?? '' },
    fields: rows,
    ...(lists.length ? { lists } : {}),
  };
  const problems = useMemo(
    () =>
      dataMappingProblems(
        data,
        loaded.fields.map((f) => f.key),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- data is rebuilt from these
    [rows, matchColumn, lists, loaded.fields],
  );
  const change = (i: number, patch: Partial<DataMappingField>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length || !title.trim()) return;
    setSaving(true);
    setFailure(undefined);
    try {
      await onSave({ title: title.trim(), data });
    } catch (error) {
      setFailure(toAdminApiError(error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="t-mappings__form" onSubmit={(e) => void submit(e)} aria-describedby={problems.length ? `${id}-problems` : undefined}>
      <fieldset disabled={!writable || saving}>
        <TitleField id={`${id}-title`} label={t('mappingsAdmin.editor.title')} value={title} onChange={setTitle} />
        <div className="t-admin-table-scroll">
          <table className="t-admin-table t-mappings__columns">
            <caption>{t('mappingsAdmin.editor.columnsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mappingsAdmin.editor.column')}</th>
                <th scope="col">{t('mappingsAdmin.editor.profileField')}</th>
                <th scope="col">{t('mappingsAdmin.editor.transform')}</th>
                <th scope="col">{t('mappingsAdmin.editor.required')}</th>
                <th scope="col">{t('mappingsAdmin.editor.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const n = i + 1;
                return (
                  <tr key={i}>
                    <td>
                      <input
                        aria-label={t('mappingsAdmin.editor.columnN', { n })}
                        value={row.column}
                        maxLength={200}
                        onChange={(e) => change(i, { column: e.target.value })}
                      />
                    </td>
                    <td>
                      <select
                        aria-label={t('mappingsAdmin.editor.profileFieldN', { n })}
                        value={row.profileField}
                        onChange={(e) => change(i, { profileField: e.target.value })}
                      >
                        {!loaded.fields.some((f) => f.key === row.profileField) && (
                          <option value={row.profileField}>{t('mappingsAdmin.editor.unknownField', { key: row.profileField })}</option>
                        )}
                        {loaded.fields.map((f) => (
                          <option key={f.key} value={f.key}>
                            {f.account ? t(`mappingsAdmin.accountFields.${f.key}`) : f.label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <select
                        aria-label={t('mappingsAdmin.editor.transformN', { n })}
                        value={row.transform ?? ''}
                        onChange={(e) => change(i, { transform: (e.target.value || undefined) as DataMappingTransform | undefined })}
                      >
                        <option value="">{t('mappingsAdmin.transforms.none')}</option>
                        {DATA_MAPPING_TRANSFORMS.map((x) => (
                          <option key={x} value={x}>
                            {t(`mappingsAdmin.transforms.${x === 'split;' ? 'split' : x}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('mappingsAdmin.editor.requiredN', { n })}
                        checked={!!row.required}
                        onChange={(e) => change(i, { required: e.target.checked || undefined })}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="ts-button"
                        aria-label={t('mappingsAdmin.editor.removeColumn', { n })}
                        disabled={rows.length <= 1}
                        onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                      >
                        {t('mappingsAdmin.editor.remove')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p>
          <button
            type="button"
            className="ts-button"
            onClick={() =>
              setRows((all) => [...all, { column: '', profileField: loaded.fields.find((f) => !all.some((r) => r.profileField === f.key))?.key ?? '' }])
            }
          >
            {t('mappingsAdmin.editor.addColumn')}
          </button>
        </p>
        <div className="t-mappings__field">
          <label htmlFor={`${id}-match`}>{t('mappingsAdmin.editor.match')}</label>
          <select id={`${id}-match`} value={matchColumn} onChange={(e) => setMatchColumn(e.target.value)} aria-describedby={`${id}-match-help`}>
            {!matchRow && <option value={matchColumn}>{matchColumn || t('mappingsAdmin.editor.noMatch')}</option>}
            {rows
              .filter((r) => r.column.trim())
              .map((r) => (
                <option key={r.column} value={r.column}>
                  {r.column}
                </option>
              ))}
          </select>
          <p id={`${id}-match-help`} className="t-admin-meta">
            {t('mappingsAdmin.editor.matchHelp')}
          </p>
        </div>
        <fieldset className="t-mappings__lists">
          <legend>{t('mappingsAdmin.editor.lists')}</legend>
          {!loaded.lists.length && <p className="t-admin-meta">{t('mappingsAdmin.editor.noLists')}</p>}
          <ListChecks lists={loaded.lists} chosen={lists} onChange={setLists} />
        </fieldset>
      </fieldset>
      {problems.length > 0 && (
        <div id={`${id}-problems`} className="t-admin-notice--error" role="status">
          <p>{t('mappingsAdmin.editor.problems')}</p>
          <ul>
            {problems.map((p) => (
              <li key={`${p.path}:${p.code}`}>{t(`mappingsAdmin.problems.${p.code}`, p.params)}</li>
            ))}
          </ul>
        </div>
      )}
      {failure !== undefined && (
        <p role="alert" className="t-admin-notice--error">
          {t('mappingsAdmin.editor.saveFailed', { message: failure })}
        </p>
      )}
      {writable && (
        <div className="t-admin-actions">
          <button type="submit" className="ts-button ts-button--primary" disabled={saving || problems.length > 0} aria-busy={saving || undefined}>
            {saving ? t('mappingsAdmin.editor.saving') : t('mappingsAdmin.editor.save')}
          </button>
        </div>
      )}
    </form>
  );
}
