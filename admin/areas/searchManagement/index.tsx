/**
 * The area `searchManagement` (core §2.3, §6; issue 34 part 6): which profile fields and which
 * entity definition fields are searchable and filterable, the member index's state, and the
 * reindex processes' start (community §8: the start's success or failure message). Staff who may
 * read search management but not update it see everything read-only.
 */
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { formatDayAndTime } from '../../../engine/core/date-display';
import { can, SUBJECTS } from '../../../engine/core/permissions';
import type {
  ProfileFieldFlagsChange,
  EntityFieldFlagsChange,
  SearchManagementField,
  SearchManagementResponse,
} from '../../../schemas/model/api/search-management';
import { ScrollRegion } from '../../core/ScrollRegion';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import { createProcessesApi, startProcess } from '../../core/processes-api';
import { createSearchAdminApi, type ReindexType, type SearchAdminApi } from './search-admin-api';
import '../../core/area.css';
import './search-admin.css';

type Flags = Record<string, { searchable: boolean; filterable: boolean }>;
type SaveState = { status: 'idle' | 'saving' | 'saved' | 'savedStale' | 'nothing' } | { status: 'error'; message: string };
type StartState = { status: 'idle' | 'starting' } | { status: 'started' | 'failed'; message: string };

/** A table's flags keyed `<table>/<field key>`, for the edited copy. */
const flagKey = (table: string, key: string) => `${table}\u0000${key}`;
const PROFILE = '';

function flagsOf(state: SearchManagementResponse): Flags {
  const out: Flags = {};
  for (const f of state.profileFields) out[flagKey(PROFILE, f.key)] = { searchable: f.searchable, filterable: f.filterable };
  for (const d of state.entityDefinitions) for (const f of d.fields) out[flagKey(d.id, f.key)] = { searchable: f.searchable, filterable: f.filterable };
  return out;
}

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error ? String((error as { message: unknown }).message) : String(error);

export default function SearchManagementArea() {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createSearchAdminApi(services.request), [services.request]);
  const loaded = useLoaded(useCallback(() => api.state(), [api]));
  const writable = can(services.holder, 'update', SUBJECTS.searchManagement);
  return (
    <div className="t-admin-area t-search-admin">
      <h1 className="ts-page-title">{t('adminAreas.areas.searchManagement.title')}</h1>
      <p className="t-admin-intro">{t('searchAdmin.intro')}</p>
      {!writable && <p className="t-admin-intro">{t('searchAdmin.readOnly')}</p>}
      <LoadedStates loaded={loaded} keyPrefix="searchAdmin" isEmpty={() => false} />
      {loaded.status === 'ready' && <SearchSettingsForm state={loaded.value} api={api} writable={writable && loaded.value.canUpdate} />}
    </div>
  );
}

function SearchSettingsForm({ state: initial, api, writable }: { state: SearchManagementResponse; api: SearchAdminApi; writable: boolean }) {
  const { t, services } = useAdminFrame();
  const [state, setState] = useState(initial);
  const [flags, setFlags] = useState<Flags>(() => flagsOf(initial));
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const [start, setStart] = useState<StartState>({ status: 'idle' });
  const processes = useMemo(() => createProcessesApi(services.request), [services.request]);

  const set = (table: string, key: string, flag: 'searchable' | 'filterable', value: boolean) => {
    setFlags((before) => ({ ...before, [flagKey(table, key)]: { ...before[flagKey(table, key)], [flag]: value } }));
    setSave({ status: 'idle' });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const changed = (table: string, f: SearchManagementField) => {
      const now = flags[flagKey(table, f.key)];
      const out: { searchable?: boolean; filterable?: boolean } = {};
      if (now.searchable !== f.searchable) out.searchable = now.searchable;
      if (now.filterable !== f.filterable) out.filterable = now.filterable;
      return Object.keys(out).length ? out : undefined;
    };
    const profileFields: ProfileFieldFlagsChange[] = state.profileFields.flatMap((f) => {
      const c = changed(PROFILE, f);
      return c ? [{ key: f.key, ...c }] : [];
    });
    const entityFields: EntityFieldFlagsChange[] = state.entityDefinitions.flatMap((d) =>
      d.fields.flatMap((f) => {
        const c = changed(d.id, f);
        return c ? [{ definitionId: d.id, key: f.key, ...c }] : [];
      }),
    );
    if (!profileFields.length && !entityFields.length) return setSave({ status: 'nothing' });
    setSave({ status: 'saving' });
    try {
      const next = await api.save({ ...(profileFields.length ? { profileFields } : {}), ...(entityFields.length ? { entityFields } : {}) });
      setState(next);
      setFlags(flagsOf(next));
      setSave({ status: next.index.stale ? 'savedStale' : 'saved' });
    } catch (error) {
      setSave({ status: 'error', message: messageOf(error) });
    }
  }

  async function reindex(type: ReindexType) {
    setStart({ status: 'starting' });
    const outcome = await startProcess(processes, t, type, {});
    setStart({ status: outcome.started ? 'started' : 'failed', message: outcome.text });
  }

  const { index } = state;
  return (
    <>
      <section className="t-search-admin__status" aria-labelledby="t-search-admin-status">
        <h2 id="t-search-admin-status">{t('searchAdmin.status.title')}</h2>
        <dl>
          <dt>{t('searchAdmin.status.documents')}</dt>
          <dd>{index.documentsIndexed}</dd>
          <dt>{t('searchAdmin.status.entities')}</dt>
          <dd>{index.entitiesIndexed}</dd>
          <dt>{t('searchAdmin.status.lastReindex')}</dt>
          <dd>{index.lastReindexAt ? formatDayAndTime(index.lastReindexAt, services.dates) : t('searchAdmin.status.never')}</dd>
        </dl>
        <p className={index.stale ? 't-search-admin__stale' : 't-admin-meta'}>{t(index.stale ? 'searchAdmin.status.stale' : 'searchAdmin.status.current')}</p>
        {writable && (
          <div className="t-admin-actions">
            <button
              type="button"
              className={`ts-button${index.stale ? ' ts-button--primary' : ''}`}
              disabled={start.status === 'starting'}
              onClick={() => void reindex('userIndexing')}
            >
              {t('searchAdmin.reindex')}
            </button>
            <button type="button" className="ts-button" disabled={start.status === 'starting'} onClick={() => void reindex('searchReindex')}>
              {t('searchAdmin.reindexEntities')}
            </button>
          </div>
        )}
        {start.status === 'failed' ? (
          <p role="alert" className="t-admin-notice--error">
            {start.message}
          </p>
        ) : (
          <p role="status" className="t-admin-notice--status">
            {start.status === 'started' ? start.message : start.status === 'starting' ? t('searchAdmin.starting') : ''}
          </p>
        )}
      </section>

      <form className="t-search-admin__form" onSubmit={(e) => void submit(e)}>
        <fieldset disabled={!writable}>
          <legend className="ts-visually-hidden">{t('adminAreas.areas.searchManagement.title')}</legend>
          <FieldsTable table={PROFILE} caption={t('searchAdmin.profileFields')} fields={state.profileFields} flags={flags} onChange={set} />
          {state.entityDefinitions.length === 0 && <p className="t-admin-empty">{t('searchAdmin.noEntityDefinitions')}</p>}
          {state.entityDefinitions.map((d) => (
            <FieldsTable
              key={d.id}
              table={d.id}
              caption={t('searchAdmin.entityFields', { name: d.name || d.id })}
              fields={d.fields}
              flags={flags}
              onChange={set}
            />
          ))}
        </fieldset>
        {writable && (
          <div className="t-admin-actions">
            <button type="submit" className="ts-button ts-button--primary" disabled={save.status === 'saving'}>
              {t(save.status === 'saving' ? 'searchAdmin.saving' : 'searchAdmin.save')}
            </button>
          </div>
        )}
        {save.status === 'error' ? (
          <p role="alert" className="t-admin-notice--error">
            {t('searchAdmin.saveFailed', { message: save.message })}
          </p>
        ) : (
          <p role="status" className="t-admin-notice--status">
            {save.status === 'saved' || save.status === 'savedStale' || save.status === 'nothing'
              ? t(save.status === 'nothing' ? 'searchAdmin.nothingChanged' : `searchAdmin.${save.status}`)
              : ''}
          </p>
        )}
      </form>
    </>
  );
}

function FieldsTable({
  table,
  caption,
  fields,
  flags,
  onChange,
}: {
  table: string;
  caption: string;
  fields: SearchManagementField[];
  flags: Flags;
  onChange: (table: string, key: string, flag: 'searchable' | 'filterable', value: boolean) => void;
}) {
  const { t } = useAdminFrame();
  if (!fields.length)
    return (
      <>
        <h2 className="t-search-admin__caption">{caption}</h2>
        <p className="t-admin-empty">{t('searchAdmin.empty')}</p>
      </>
    );
  return (
    <ScrollRegion label={caption}>
      <table className="t-admin-table t-search-admin__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('searchAdmin.field')}</th>
            <th scope="col">{t('searchAdmin.type')}</th>
            <th scope="col">{t('searchAdmin.searchable')}</th>
            <th scope="col">{t('searchAdmin.filterable')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => {
            const now = flags[flagKey(table, f.key)];
            const label = f.label === f.key ? f.key : `${f.label} (${f.key})`;
            return (
              <tr key={f.key}>
                <th scope="row">{label}</th>
                <td>
                  <code>{f.type}</code>
                </td>
                <td>
                  <FlagBox
                    checked={now.searchable}
                    allowed={f.canSearch}
                    label={t('searchAdmin.searchableOf', { field: f.label })}
                    why={t('searchAdmin.cannotSearch')}
                    onChange={(v) => onChange(table, f.key, 'searchable', v)}
                  />
                </td>
                <td>
                  <FlagBox
                    checked={now.filterable}
                    allowed={f.canFilter}
                    label={t('searchAdmin.filterableOf', { field: f.label })}
                    why={t('searchAdmin.cannotFilter')}
                    onChange={(v) => onChange(table, f.key, 'filterable', v)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** One flag: a labelled checkbox; a type that cannot take the flag may only turn it off (a default left on from before the settings). */
function FlagBox({
  checked,
  allowed,
  label,
  why,
  onChange,
}: {
  checked: boolean;
  allowed: boolean;
  label: string;
  why: string;
  onChange: (value: boolean) => void;
}) {
  const whyId = useId();
  return (
    <span className="t-search-admin__cell">
      <label className="t-search-admin__flag">
        <input
          type="checkbox"
          checked={checked}
          disabled={!allowed && !checked}
          aria-describedby={allowed ? undefined : whyId}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="ts-visually-hidden">{label}</span>
      </label>
      {!allowed && (
        <span id={whyId} className="t-admin-meta">
          {why}
        </span>
      )}
    </span>
  );
}
