/**
 * A definition's edit tabs (route editEntityDefinition, `:tab` one of fields, powerUps, settings,
 * notifications): its fields (added, edited, removed, each saved at once), the power-ups its
 * entities may turn on (the GET structure/powerUp catalogue with the blocks that need each), its
 * settings (name, concept type, description, where new entities live, their default permission
 * type, whether members may create them, the image and location fields) and the notification
 * events its entities own. Without `update` on the definition (canEditDefinition) every input is
 * disabled and nothing offers to save (core §6).
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import {
  canEditDefinition,
  ENTITY_CONCEPT_TYPES,
  ENTITY_DEFINITION_NAME_MAX,
  ENTITY_NOTIFICATION_EVENTS,
  ENTITY_PERMISSION_TYPES,
  POWER_UPS,
} from '../../../engine/core/entities';
import type { EntityConceptType, EntityDefinition, EntityFieldDefinition, EntityPermissionType, PowerUp } from '../../../schemas/model';
import { Dialog } from '../../core/Dialog';
import { useNavigateAfterClose } from '../../core/navigate-after-close';
import { Switch } from '../../core/membership/Switch';
import { TabPanel, Tabs } from '../../core/Tabs';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import { messageOf, type EntitiesApi } from './entities-api';
import { FieldDialog, fieldTypeTitle } from './FieldDialog';
import { DeleteWithConfirm, Failure, SubmitButton, useBusyAction, usePowerUpCatalogue, useStructure, useHolder } from './shared';

export const DEFINITION_TABS = ['fields', 'powerUps', 'settings', 'notifications'] as const;
type Tab = (typeof DEFINITION_TABS)[number];

interface TabProps {
  api: EntitiesApi;
  definition: EntityDefinition;
  editable: boolean;
  onSaved(definition: EntityDefinition): void;
}

export function DefinitionEditor({ api, definitionId, tab }: { api: EntitiesApi; definitionId: string; tab: string }) {
  const { t } = useAdminFrame();
  const holder = useHolder();
  const [, navigate] = useLocation();
  const idPrefix = useId();
  const loaded = useLoaded(useCallback(() => api.definition(definitionId), [api, definitionId]));
  const [definition, setDefinition] = useState<EntityDefinition>();
  useEffect(() => setDefinition(loaded.status === 'ready' ? loaded.value : undefined), [loaded]);
  if (!definition) return <LoadedStates loaded={loaded} keyPrefix="adminAreas.entities.definition" isEmpty={() => false} />;
  const current: Tab = (DEFINITION_TABS as readonly string[]).includes(tab) ? (tab as Tab) : 'fields';
  const editable = canEditDefinition(holder, definition.id);
  const props: TabProps = { api, definition, editable, onSaved: setDefinition };
  return (
    <>
      <h2 className="t-membership-title">{t('adminAreas.entities.definition.title', { name: definition.name })}</h2>
      {!editable && <p className="t-entities__readonly">{t('adminAreas.entities.readOnly')}</p>}
      <Tabs
        tabs={DEFINITION_TABS}
        current={current}
        idPrefix={idPrefix}
        label={t('adminAreas.entities.definition.tabs')}
        labelOf={(x) => t(`adminAreas.entities.definition.tab.${x}`)}
        onChange={(next) => navigate(adminHref('editEntityDefinition', { definitionId: definition.id, tab: next }), { replace: true })}
      />
      {DEFINITION_TABS.map((x) => (
        <TabPanel key={x} tab={x} current={current} idPrefix={idPrefix}>
          {x === current &&
            (x === 'fields' ? (
              <FieldsTab {...props} />
            ) : x === 'powerUps' ? (
              <PowerUpsTab {...props} />
            ) : x === 'settings' ? (
              <SettingsTab {...props} />
            ) : (
              <NotificationsTab {...props} />
            ))}
        </TabPanel>
      ))}
    </>
  );
}

function FieldsTab({ api, definition, editable, onSaved }: TabProps) {
  const { services, t } = useAdminFrame();
  const [editing, setEditing] = useState<EntityFieldDefinition | 'new'>();
  const [removing, setRemoving] = useState<EntityFieldDefinition>();
  const [busy, setBusy] = useState(false);
  const remove = async (field: EntityFieldDefinition) => {
    setBusy(true);
    try {
      onSaved(await api.removeField(definition.id, field.id));
      setRemoving(undefined);
      services.toast({ type: 'positive', message: t('adminAreas.entities.fields.removed', { label: field.label || field.key }) });
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminAreas.entities.fields.removeFailed', { message: messageOf(error) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="t-membership-section">
      {!definition.fields.length ? (
        <p className="t-admin-empty">{t('adminAreas.entities.fields.empty')}</p>
      ) : (
        <ul className="t-membership-fields" aria-label={t('adminAreas.entities.definition.tab.fields')}>
          {definition.fields.map((field) => {
            const name = field.label || field.key;
            const flags = (['required', 'searchable', 'filterable', 'unique'] as const).filter((f) => field[f]);
            return (
              <li key={field.id}>
                <span>
                  <strong>{name}</strong> <code>{field.key}</code> <span className="t-admin-meta">{fieldTypeTitle(field.type)}</span>
                  {flags.length > 0 && <span className="t-admin-meta"> · {flags.map((f) => t(`adminAreas.entities.fields.${f}`)).join(', ')}</span>}
                </span>
                {editable && (
                  <span className="t-admin-actions">
                    <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setEditing(field)}>
                      {t('adminAreas.entities.fields.edit')}
                      <span className="ts-visually-hidden"> {name}</span>
                    </button>
                    <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setRemoving(field)}>
                      {t('adminAreas.entities.fields.remove')}
                      <span className="ts-visually-hidden"> {name}</span>
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable && (
        <div className="t-admin-actions t-membership-section">
          <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setEditing('new')}>
            {t('adminAreas.entities.fields.add')}
          </button>
        </div>
      )}
      {editing && (
        <FieldDialog
          field={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSave={async (field) => {
            onSaved(await api.saveField(definition.id, field));
            setEditing(undefined);
            services.toast({ type: 'positive', message: t('adminAreas.entities.fields.saved', { label: field.label || field.key }) });
          }}
        />
      )}
      {removing && (
        <Dialog
          title={t('adminAreas.entities.fields.removeTitle', { label: removing.label || removing.key })}
          size="small"
          busy={busy}
          onClose={() => setRemoving(undefined)}
          className="t-admin-area"
          description={t('adminAreas.entities.fields.removeBody')}
          actions={
            <>
              <button type="button" className="ts-button" disabled={busy} onClick={() => setRemoving(undefined)}>
                {t('adminAreas.entities.cancel')}
              </button>
              <button type="button" className="ts-button ts-button--primary" disabled={busy} onClick={() => void remove(removing)}>
                {t('adminAreas.entities.fields.remove')}
              </button>
            </>
          }
        >
          {null}
        </Dialog>
      )}
    </section>
  );
}

function PowerUpsTab({ api, definition, editable, onSaved }: TabProps) {
  const { services, t } = useAdminFrame();
  const catalogue = usePowerUpCatalogue(api);
  const [busy, setBusy] = useState<PowerUp>();
  const toggle = async (powerUp: PowerUp, on: boolean) => {
    setBusy(powerUp);
    try {
      onSaved(await api.definitionPowerUps(definition.id, on ? { add: [powerUp] } : { remove: [powerUp] }));
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminAreas.entities.powerUps.failed', { message: messageOf(error) }) });
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section className="t-membership-section">
      <p className="t-admin-intro">{t('adminAreas.entities.powerUps.intro')}</p>
      <ul className="t-entities__powerups">
        {POWER_UPS.map((p) => {
          const info = catalogue.get(p);
          const on = definition.powerUps.includes(p);
          return (
            <li key={p} className="t-membership-card">
              <Switch
                label={t(`adminAreas.entities.powerUps.names.${p}`)}
                on={on}
                busy={busy === p}
                disabled={!editable}
                onToggle={() => void toggle(p, !on)}
              />
              {info?.description && <p className="t-admin-meta">{info.description}</p>}
              {info && info.requiredBy.length > 0 && (
                <p className="t-admin-meta">{t('adminAreas.entities.powerUps.requiredBy', { blocks: info.requiredBy.join(', ') })}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SettingsTab({ api, definition, editable, onSaved }: TabProps) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const structure = useStructure(api);
  const settings = definition.settings ?? {};
  const [name, setName] = useState(definition.name);
  const [conceptType, setConceptType] = useState<EntityConceptType>(definition.conceptType);
  const [description, setDescription] = useState(definition.description ?? '');
  const [module, setModule] = useState(settings.location?.module ?? '');
  const [page, setPage] = useState(settings.location?.page ?? '');
  const [permissionType, setPermissionType] = useState<EntityPermissionType>(settings.permissionType ?? 'default');
  const [membersMayCreate, setMembersMayCreate] = useState(!!settings.membersMayCreate);
  const [imageField, setImageField] = useState(settings.imageField ?? '');
  const [locationField, setLocationField] = useState(settings.locationField ?? '');
  const { busy, failure, setFailure, run } = useBusyAction();
  const pages = structure?.modules.find((m) => m.slug === module)?.pages.filter((p) => p.type === 'entity') ?? [];
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setFailure(t('adminAreas.entities.definitions.nameRequired'));
    await run(async () => {
      const { location: _l, imageField: _i, locationField: _g, ...kept } = settings;
      const saved = await api.updateDefinition(definition.id, {
        name: name.trim(),
        conceptType,
        description: description.trim(),
        settings: {
          ...kept,
          ...(module ? { location: { ...settings.location, module, ...(page ? { page } : {}) } } : {}),
          permissionType,
          membersMayCreate,
          ...(imageField ? { imageField } : {}),
          ...(locationField ? { locationField } : {}),
        },
      });
      onSaved(saved);
      services.toast({ type: 'positive', message: t('adminAreas.entities.definition.saved', { name: saved.name }) });
    });
  };
  const fieldsOfType = (type: string) => definition.fields.filter((f) => f.type === type);
  return (
    <form
      className="t-membership-form t-membership-section"
      noValidate
      onSubmit={(e) => void save(e)}
      aria-label={t('adminAreas.entities.definition.tab.settings')}
    >
      <fieldset disabled={!editable} className="t-entities__plain">
        <label htmlFor={`${id}-name`}>{t('adminAreas.entities.definitions.name')}</label>
        <input id={`${id}-name`} type="text" maxLength={ENTITY_DEFINITION_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-concept`}>{t('adminAreas.entities.definitions.conceptType')}</label>
        <select id={`${id}-concept`} value={conceptType} onChange={(e) => setConceptType(e.target.value as EntityConceptType)}>
          {ENTITY_CONCEPT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`adminAreas.entities.conceptTypes.${c}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-description`}>{t('adminAreas.entities.settings.description')}</label>
        <textarea id={`${id}-description`} rows={3} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
        <label htmlFor={`${id}-module`}>{t('adminAreas.entities.settings.module')}</label>
        <select
          id={`${id}-module`}
          value={module}
          onChange={(e) => {
            setModule(e.target.value);
            setPage('');
          }}
        >
          <option value="">{t('adminAreas.entities.settings.none')}</option>
          {structure?.modules
            .filter((m) => m.id !== 'global')
            .map((m) => (
              <option key={m.id} value={m.slug}>
                {m.name}
              </option>
            ))}
          {module && !structure?.modules.some((m) => m.slug === module) && <option value={module}>{module}</option>}
        </select>
        <label htmlFor={`${id}-page`}>{t('adminAreas.entities.settings.page')}</label>
        <select id={`${id}-page`} value={page} disabled={!module} aria-describedby={`${id}-page-hint`} onChange={(e) => setPage(e.target.value)}>
          <option value="">{t('adminAreas.entities.settings.firstPage')}</option>
          {pages.map((p) => (
            <option key={p.id} value={p.slug}>
              {p.name}
            </option>
          ))}
          {page && !pages.some((p) => p.slug === page) && <option value={page}>{page}</option>}
        </select>
        <p id={`${id}-page-hint`} className="t-admin-meta">
          {t('adminAreas.entities.settings.pageHint')}
        </p>
        <label htmlFor={`${id}-permission`}>{t('adminAreas.entities.settings.permissionType')}</label>
        <select id={`${id}-permission`} value={permissionType} onChange={(e) => setPermissionType(e.target.value as EntityPermissionType)}>
          {ENTITY_PERMISSION_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`adminAreas.entities.permissionTypes.${p}`)}
            </option>
          ))}
        </select>
        <label className="t-membership-check">
          <input type="checkbox" checked={membersMayCreate} onChange={(e) => setMembersMayCreate(e.target.checked)} />
          {t('adminAreas.entities.settings.membersMayCreate')}
        </label>
        <FieldChoice
          id={`${id}-image`}
          label={t('adminAreas.entities.settings.imageField')}
          fields={fieldsOfType('imageUploader')}
          value={imageField}
          onChange={setImageField}
        />
        <FieldChoice
          id={`${id}-geo`}
          label={t('adminAreas.entities.settings.locationField')}
          fields={fieldsOfType('geoLocation')}
          value={locationField}
          onChange={setLocationField}
        />
      </fieldset>
      {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
      {editable && (
        <div className="t-admin-actions">
          <SubmitButton busy={busy} label={t('adminAreas.entities.save')} />
          <DeleteDefinition api={api} definition={definition} />
        </div>
      )}
    </form>
  );
}

/** A choice among the definition's fields (by key), or none. */
function FieldChoice({
  id,
  label,
  fields,
  value,
  onChange,
}: {
  id: string;
  label: string;
  fields: EntityFieldDefinition[];
  value: string;
  onChange(key: string): void;
}) {
  const { t } = useAdminFrame();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('adminAreas.entities.settings.none')}</option>
        {fields.map((f) => (
          <option key={f.id} value={f.key}>
            {f.label || f.key}
          </option>
        ))}
      </select>
    </>
  );
}

/** Asks, then deletes the definition; while it has entities the server refuses (409) and says so. */
function DeleteDefinition({ api, definition }: { api: EntitiesApi; definition: EntityDefinition }) {
  const { services, t } = useAdminFrame();
  const navigateAfterClose = useNavigateAfterClose();
  return (
    <DeleteWithConfirm
      texts={{
        open: t('adminAreas.entities.definition.delete'),
        title: t('adminAreas.entities.definition.deleteTitle', { name: definition.name }),
        body: t('adminAreas.entities.definition.deleteBody'),
        confirm: t('adminAreas.entities.definition.deleteConfirm'),
        failed: t('adminAreas.entities.definition.deleteFailed'),
      }}
      onDelete={async () => {
        await api.deleteDefinition(definition.id);
        services.toast({ type: 'positive', message: t('adminAreas.entities.definition.deleted', { name: definition.name }) });
      }}
      onDeleted={() => navigateAfterClose(adminHref('entities'))}
    />
  );
}

function NotificationsTab({ api, definition, editable, onSaved }: TabProps) {
  const { services, t } = useAdminFrame();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(definition.settings?.notificationsForEntities ?? []));
  const { busy, failure, run } = useBusyAction();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const saved = await api.updateDefinition(definition.id, {
        settings: { ...definition.settings, notificationsForEntities: ENTITY_NOTIFICATION_EVENTS.filter((x) => chosen.has(x)) },
      });
      onSaved(saved);
      services.toast({ type: 'positive', message: t('adminAreas.entities.definition.saved', { name: saved.name }) });
    });
  };
  return (
    <form className="t-membership-form t-membership-section" noValidate onSubmit={(e) => void save(e)}>
      <fieldset disabled={!editable}>
        <legend>{t('adminAreas.entities.notifications.legend')}</legend>
        {ENTITY_NOTIFICATION_EVENTS.map((x) => (
          <label key={x} className="t-membership-check">
            <input
              type="checkbox"
              checked={chosen.has(x)}
              onChange={(e) =>
                setChosen((now) => {
                  const next = new Set(now);
                  if (e.target.checked) next.add(x);
                  else next.delete(x);
                  return next;
                })
              }
            />
            {t(`adminAreas.events.${x}`)}
          </label>
        ))}
      </fieldset>
      <p className="t-admin-meta">{t('adminAreas.entities.notifications.hint')}</p>
      {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
      {editable && (
        <div className="t-admin-actions">
          <SubmitButton busy={busy} label={t('adminAreas.entities.save')} />
        </div>
      )}
    </form>
  );
}
