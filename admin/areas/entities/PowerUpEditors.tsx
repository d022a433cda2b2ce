/**
 * An entity's power-ups (POST entities/{id}/fields turns one on or off, among the definition's)
 * and each one's data (POST entities/{id}/{powerUp}/powerUpData): durations, contact, join,
 * connections as labelled inputs; membership as its membership types (label, description, primary
 * user list, tags, landing page and pages among the location module's entity pages). socialShare
 * and addToFavorites have no data.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ENTITY_MEMBERSHIP_TYPES_MAX } from '../../../engine/core/entities';
import type { Entity, EntityDefinition, JsonObject, MembershipType, PowerUp } from '../../../schemas/model';
import type { UserListView } from '../../../schemas/model/api/lists';
import { Switch } from '../../core/membership/Switch';
import { useAdminFrame } from '../../frame/frame-context';
import { messageOf, type EntitiesApi } from './entities-api';
import { Failure, SubmitButton, useBusyAction, usePowerUpCatalogue, type ModulePage } from './shared';

interface SectionProps {
  api: EntitiesApi;
  entity: Entity;
  definition: EntityDefinition;
  editable: boolean;
  modulePages: ModulePage[];
  onSaved(entity: Entity): void;
}

/** The lists for the pickers (GET userLists), once. */
function useLists(api: EntitiesApi): UserListView[] {
  const [lists, setLists] = useState<UserListView[]>([]);
  useEffect(() => {
    let live = true;
    api.userLists().then(
      (found) => live && setLists(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return lists;
}

export function PowerUpsSection({ api, entity, definition, editable, modulePages, onSaved }: SectionProps) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const catalogue = usePowerUpCatalogue(api);
  const lists = useLists(api);
  const [busy, setBusy] = useState<PowerUp>();
  const toggle = async (powerUp: PowerUp, on: boolean) => {
    setBusy(powerUp);
    try {
      onSaved(await api.entityPowerUps(entity.id, on ? { add: [powerUp] } : { remove: [powerUp] }));
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminAreas.entities.powerUps.failed', { message: messageOf(error) }) });
    } finally {
      setBusy(undefined);
    }
  };
  const on = new Set(entity.powerUps ?? []);
  return (
    <section className="t-membership-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('adminAreas.entities.definition.tab.powerUps')}</h3>
      {!definition.powerUps.length ? (
        <p className="t-admin-empty">{t('adminAreas.entities.powerUps.noneOnDefinition')}</p>
      ) : (
        <ul className="t-entities__powerups">
          {definition.powerUps.map((p) => (
            <li key={p} className="t-membership-card">
              <Switch
                label={t(`adminAreas.entities.powerUps.names.${p}`)}
                on={on.has(p)}
                busy={busy === p}
                disabled={!editable}
                onToggle={() => void toggle(p, !on.has(p))}
              />
              {catalogue.get(p)?.description && <p className="t-admin-meta">{catalogue.get(p)!.description}</p>}
              {on.has(p) && p === 'membership' && (
                <MembershipTypes api={api} entity={entity} editable={editable} lists={lists} modulePages={modulePages} onSaved={onSaved} />
              )}
              {on.has(p) && SIMPLE[p] && <SimpleData api={api} entity={entity} powerUp={p} editable={editable} lists={lists} onSaved={onSaved} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Input = { key: string; kind: 'text' | 'email' | 'tel' | 'url' | 'datetime' | 'checkbox' | 'list' | 'lists' | 'membershipType' };

/** The inputs of the power-ups whose data is a few plain values (schemas/model/entity.ts). */
const SIMPLE: Partial<Record<PowerUp, Input[]>> = {
  durations: [
    { key: 'start', kind: 'datetime' },
    { key: 'end', kind: 'datetime' },
    { key: 'timeZone', kind: 'text' },
    { key: 'allDay', kind: 'checkbox' },
  ],
  contact: [
    { key: 'name', kind: 'text' },
    { key: 'email', kind: 'email' },
    { key: 'phone', kind: 'tel' },
    { key: 'website', kind: 'url' },
    { key: 'accountId', kind: 'text' },
  ],
  join: [
    { key: 'userListId', kind: 'list' },
    { key: 'membershipTypeId', kind: 'membershipType' },
    { key: 'approval', kind: 'checkbox' },
  ],
  connections: [{ key: 'connectionIds', kind: 'lists' }],
};

/** An ISO instant as a datetime-local value (the admin's own clock) and back. */
const toLocalInput = (iso: unknown): string => {
  const ms = typeof iso === 'string' ? Date.parse(iso) : NaN;
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string): string | undefined => {
  const ms = Date.parse(value);
  return value && Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
};

const membershipTypesOf = (entity: Entity): MembershipType[] => {
  const types = entity.powerUpData?.membership?.membershipType;
  return Array.isArray(types) ? types.filter((x) => x && typeof x === 'object' && typeof x.id === 'string') : [];
};

function SimpleData({
  api,
  entity,
  powerUp,
  editable,
  lists,
  onSaved,
}: {
  api: EntitiesApi;
  entity: Entity;
  powerUp: PowerUp;
  editable: boolean;
  lists: UserListView[];
  onSaved(e: Entity): void;
}) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const inputs = SIMPLE[powerUp]!;
  const stored = (entity.powerUpData?.[powerUp] ?? {}) as JsonObject;
  const [values, setValues] = useState<JsonObject>(stored);
  const { busy, failure, run } = useBusyAction();
  const set = (key: string, value: JsonObject[string] | undefined) =>
    setValues((now) => {
      const next = { ...now };
      if (value === undefined || value === '') delete next[key];
      else next[key] = value;
      return next;
    });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      onSaved(await api.powerUpData(entity.id, powerUp, values));
      services.toast({ type: 'positive', message: t('adminAreas.entities.powerUps.saved', { name: t(`adminAreas.entities.powerUps.names.${powerUp}`) }) });
    });
  };
  const label = (key: string) => t(`adminAreas.entities.powerUps.data.${powerUp}.${key}`);
  return (
    <form
      className="t-membership-form"
      noValidate
      onSubmit={(e) => void save(e)}
      aria-label={t('adminAreas.entities.powerUps.dataOf', { name: t(`adminAreas.entities.powerUps.names.${powerUp}`) })}
    >
      <fieldset disabled={!editable} className="t-entities__plain">
        {inputs.map(({ key, kind }) => {
          const inputId = `${id}-${key}`;
          const value = values[key];
          if (kind === 'checkbox')
            return (
              <label key={key} className="t-membership-check">
                <input type="checkbox" checked={value === true} onChange={(e) => set(key, e.target.checked)} />
                {label(key)}
              </label>
            );
          if (kind === 'lists') {
            const chosen = new Set(Array.isArray(value) ? value : []);
            const connectionLists = lists.filter((l) => l.type === 'connection');
            return (
              <fieldset key={key}>
                <legend>{label(key)}</legend>
                {!connectionLists.length && <p className="t-admin-meta">{t('adminAreas.entities.powerUps.noConnectionLists')}</p>}
                {connectionLists.map((l) => (
                  <label key={l.id} className="t-membership-check">
                    <input
                      type="checkbox"
                      checked={chosen.has(l.id)}
                      onChange={(e) => set(key, e.target.checked ? [...chosen, l.id].map(String) : [...chosen].filter((x) => x !== l.id).map(String))}
                    />
                    {l.label}
                  </label>
                ))}
              </fieldset>
            );
          }
          if (kind === 'list' || kind === 'membershipType') {
            const choices =
              kind === 'list' ? lists.map((l) => ({ id: l.id, label: l.label })) : membershipTypesOf(entity).map((m) => ({ id: m.id, label: m.label || m.id }));
            return (
              <div key={key} className="t-entities__field">
                <label htmlFor={inputId}>{label(key)}</label>
                <select id={inputId} value={typeof value === 'string' ? value : ''} onChange={(e) => set(key, e.target.value)}>
                  <option value="">{t('adminAreas.entities.settings.none')}</option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                  {typeof value === 'string' && value && !choices.some((c) => c.id === value) && <option value={value}>{value}</option>}
                </select>
              </div>
            );
          }
          return (
            <div key={key} className="t-entities__field">
              <label htmlFor={inputId}>{label(key)}</label>
              <input
                id={inputId}
                type={kind === 'datetime' ? 'datetime-local' : kind}
                maxLength={kind === 'datetime' ? undefined : 500}
                value={kind === 'datetime' ? toLocalInput(value) : typeof value === 'string' ? value : ''}
                onChange={(e) => set(key, kind === 'datetime' ? fromLocalInput(e.target.value) : e.target.value)}
              />
            </div>
          );
        })}
      </fieldset>
      {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
      {editable && (
        <div className="t-admin-actions">
          <SubmitButton
            busy={busy}
            label={t('adminAreas.entities.powerUps.save', { name: t(`adminAreas.entities.powerUps.names.${powerUp}`) })}
            primary={false}
          />
        </div>
      )}
    </form>
  );
}

const newTypeId = () => `type-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The membership power-up's types: what each member type is, the list that makes one, and where she lands (core §2.5). */
function MembershipTypes({
  api,
  entity,
  editable,
  lists,
  modulePages,
  onSaved,
}: {
  api: EntitiesApi;
  entity: Entity;
  editable: boolean;
  lists: UserListView[];
  modulePages: ModulePage[];
  onSaved(e: Entity): void;
}) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [types, setTypes] = useState<MembershipType[]>(() => membershipTypesOf(entity));
  const { busy, failure, setFailure, run } = useBusyAction();
  const change = (index: number, patch: Partial<MembershipType>) => setTypes((now) => now.map((x, i) => (i === index ? { ...x, ...patch } : x)));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (types.some((x) => !x.label?.trim())) return setFailure(t('adminAreas.entities.membership.labelRequired'));
    await run(async () => {
      const data = { ...(entity.powerUpData?.membership ?? {}), membershipType: types } as unknown as JsonObject;
      onSaved(await api.powerUpData(entity.id, 'membership', data));
      services.toast({ type: 'positive', message: t('adminAreas.entities.powerUps.saved', { name: t('adminAreas.entities.powerUps.names.membership') }) });
    });
  };
  return (
    <form className="t-membership-form t-entities__types" noValidate onSubmit={(e) => void save(e)} aria-label={t('adminAreas.entities.membership.title')}>
      {!types.length && <p className="t-admin-empty">{t('adminAreas.entities.membership.empty')}</p>}
      {types.map((type, i) => {
        const p = `${id}-${i}`;
        const pages = new Set(type.pages?.value ?? []);
        const name = type.label?.trim() || t('adminAreas.entities.membership.untitled', { n: i + 1 });
        return (
          <fieldset key={type.id} disabled={!editable}>
            <legend>{name}</legend>
            <label htmlFor={`${p}-label`}>{t('adminAreas.entities.membership.label')}</label>
            <input id={`${p}-label`} type="text" maxLength={120} value={type.label ?? ''} onChange={(e) => change(i, { label: e.target.value })} />
            <label htmlFor={`${p}-description`}>{t('adminAreas.entities.membership.description')}</label>
            <textarea
              id={`${p}-description`}
              rows={2}
              maxLength={1000}
              value={type.description ?? ''}
              onChange={(e) => change(i, { description: e.target.value })}
            />
            <label htmlFor={`${p}-list`}>{t('adminAreas.entities.membership.primaryUserList')}</label>
            <select
              id={`${p}-list`}
              value={type.primaryUserList?.value ?? ''}
              onChange={(e) => change(i, { primaryUserList: e.target.value ? { value: e.target.value } : undefined })}
            >
              <option value="">{t('adminAreas.entities.settings.none')}</option>
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.label}
                </option>
              ))}
            </select>
            <label htmlFor={`${p}-tags`}>{t('adminAreas.entities.membership.tags')}</label>
            <input
              id={`${p}-tags`}
              type="text"
              maxLength={500}
              aria-describedby={`${p}-tags-hint`}
              value={(type.tags?.value ?? []).join(', ')}
              onChange={(e) =>
                change(i, {
                  tags: {
                    value: e.target.value
                      .split(',')
                      .map((x) => x.trim())
                      .filter(Boolean),
                  },
                })
              }
            />
            <p id={`${p}-tags-hint`} className="t-admin-meta">
              {t('adminAreas.entities.membership.tagsHint')}
            </p>
            <label htmlFor={`${p}-landing`}>{t('adminAreas.entities.membership.landingPage')}</label>
            <select
              id={`${p}-landing`}
              value={type.landingPage?.value ?? ''}
              onChange={(e) => change(i, { landingPage: e.target.value ? { value: e.target.value } : undefined })}
            >
              <option value="">{t('adminAreas.entities.settings.none')}</option>
              {modulePages.map((pg) => (
                <option key={pg.id} value={pg.id}>
                  {pg.name}
                </option>
              ))}
            </select>
            <fieldset>
              <legend>{t('adminAreas.entities.membership.pages')}</legend>
              {!modulePages.length && <p className="t-admin-meta">{t('adminAreas.entities.pages.noModule')}</p>}
              {modulePages.map((pg) => (
                <label key={pg.id} className="t-membership-check">
                  <input
                    type="checkbox"
                    checked={pages.has(pg.id)}
                    onChange={(e) => change(i, { pages: { value: e.target.checked ? [...pages, pg.id] : [...pages].filter((x) => x !== pg.id) } })}
                  />
                  {pg.name}
                </label>
              ))}
            </fieldset>
            {editable && (
              <div className="t-admin-actions">
                <button type="button" className="ts-button" onClick={() => setTypes((now) => now.filter((_, j) => j !== i))}>
                  {t('adminAreas.entities.membership.remove')}
                  <span className="ts-visually-hidden"> {name}</span>
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
      {editable && (
        <div className="t-admin-actions">
          <button
            type="button"
            className="ts-button"
            disabled={types.length >= ENTITY_MEMBERSHIP_TYPES_MAX}
            onClick={() => setTypes((now) => [...now, { id: newTypeId(), label: '' }])}
          >
            {t('adminAreas.entities.membership.add')}
          </button>
          <SubmitButton busy={busy} label={t('adminAreas.entities.membership.save')} />
        </div>
      )}
    </form>
  );
}
