/**
 * One entity (route editEntity) or a new one (newEntity): title (at most 256) and slug (the slug
 * rule; a slug another entity holds is the server's 409, shown at the field), the definition's
 * fields as a form (./DataForm.tsx), the power-ups among the definition's with their data
 * (./PowerUpEditors.tsx), which of the location module's entity pages are viewable, the
 * permission type (admins only, others read it), a notification among the definition's
 * notificationsForEntities, and delete. Without canEditEntity every input is disabled and nothing
 * offers to save (core §6).
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import {
  canChangePermissionType,
  canCreateEntity,
  canEditEntity,
  ENTITY_NOTIFICATION_MESSAGE_MAX,
  ENTITY_PERMISSION_TYPES,
  ENTITY_SLUG_MAX,
  ENTITY_TITLE_MAX,
  entitySlugProblem,
  entityTitleProblem,
} from '../../../engine/core/entities';
import type { Entity, EntityDefinition, EntityPermissionType, JsonObject } from '../../../schemas/model';
import { countText } from '../../core/count-text';
import { useNavigateAfterClose } from '../../core/navigate-after-close';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import { DataForm } from './DataForm';
import { isSlugRefusal, messageOf, type EntitiesApi, type EntitiesApiError } from './entities-api';
import { PowerUpsSection } from './PowerUpEditors';
import { DeleteWithConfirm, Failure, SubmitButton, useBusyAction, useHolder, useStructure, type ModulePage } from './shared';

export function EntityEditor({ api, definitionId, entityId }: { api: EntitiesApi; definitionId: string; entityId?: string }) {
  const loaded = useLoaded(
    useCallback(async () => {
      const [definition, entity] = await Promise.all([api.definition(definitionId), entityId ? api.entity(entityId) : Promise.resolve(undefined)]);
      return { definition, entity };
    }, [api, definitionId, entityId]),
  );
  if (loaded.status !== 'ready') return <LoadedStates loaded={loaded} keyPrefix="adminAreas.entities.entity" isEmpty={() => false} />;
  return loaded.value.entity ? (
    <EditEntity api={api} definition={loaded.value.definition} initial={loaded.value.entity} />
  ) : (
    <NewEntity api={api} definition={loaded.value.definition} />
  );
}

/** Title and slug inputs with their problems (the client's rules, then the server's refusal at the slug). */
function TitleAndSlug(props: {
  title: string;
  slug: string;
  setTitle(v: string): void;
  setSlug(v: string): void;
  touched: boolean;
  slugRefusal?: string;
  slugOptional?: boolean;
  disabled: boolean;
}) {
  const { t } = useAdminFrame();
  const id = useId();
  const titleProblem = entityTitleProblem(props.title);
  const slugProblem = props.slugOptional && !props.slug ? null : entitySlugProblem(props.slug);
  const titleText = props.touched && titleProblem ? t(`adminAreas.entities.entity.titleProblems.${titleProblem}`, { max: ENTITY_TITLE_MAX }) : undefined;
  const slugText =
    props.slugRefusal ?? (props.touched && slugProblem ? t(`adminAreas.entities.entity.slugProblems.${slugProblem}`, { max: ENTITY_SLUG_MAX }) : undefined);
  return (
    <fieldset disabled={props.disabled} className="t-entities__plain">
      <label htmlFor={`${id}-title`}>{t('adminAreas.entities.entity.title')}</label>
      <input
        id={`${id}-title`}
        type="text"
        maxLength={ENTITY_TITLE_MAX}
        value={props.title}
        aria-invalid={titleText ? true : undefined}
        aria-describedby={titleText ? `${id}-title-error` : undefined}
        onChange={(e) => props.setTitle(e.target.value)}
      />
      {titleText && (
        <p id={`${id}-title-error`} className="t-admin-notice--error">
          {titleText}
        </p>
      )}
      <label htmlFor={`${id}-slug`}>{t('adminAreas.entities.entity.slug')}</label>
      <input
        id={`${id}-slug`}
        type="text"
        maxLength={ENTITY_SLUG_MAX}
        spellCheck={false}
        autoCapitalize="off"
        value={props.slug}
        aria-invalid={slugText ? true : undefined}
        aria-describedby={`${id}-slug-hint${slugText ? ` ${id}-slug-error` : ''}`}
        onChange={(e) => props.setSlug(e.target.value)}
      />
      <p id={`${id}-slug-hint`} className="t-admin-meta">
        {t(props.slugOptional ? 'adminAreas.entities.entity.slugHintNew' : 'adminAreas.entities.entity.slugHint')}
      </p>
      {slugText && (
        <p id={`${id}-slug-error`} role="alert" className="t-admin-notice--error">
          {slugText}
        </p>
      )}
    </fieldset>
  );
}

function NewEntity({ api, definition }: { api: EntitiesApi; definition: EntityDefinition }) {
  const { services, t } = useAdminFrame();
  const holder = useHolder();
  const navigateAfterClose = useNavigateAfterClose();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [touched, setTouched] = useState(false);
  const [slugRefusal, setSlugRefusal] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const editable = canCreateEntity(holder, definition);

  const create = useCallback(
    async (data: JsonObject) => {
      setTouched(true);
      setSlugRefusal(undefined);
      setFailure(undefined);
      if (entityTitleProblem(title) || (slug && entitySlugProblem(slug))) throw new Error(t('adminAreas.entities.entity.fixAbove'));
      try {
        const created = await api.createEntity(definition.id, { title: title.trim(), ...(slug.trim() ? { slug: slug.trim() } : {}), data });
        services.toast({ type: 'positive', message: t('adminAreas.entities.entity.created', { title: created.title }) });
        navigateAfterClose(adminHref('editEntity', { definitionId: definition.id, entityId: created.id }));
      } catch (error) {
        const e = error as EntitiesApiError;
        if (isSlugRefusal(e)) setSlugRefusal(e.message);
        throw error;
      }
    },
    [api, definition.id, title, slug, services, t, navigateAfterClose],
  );
  return (
    <>
      <h2 className="t-membership-title">{t('adminAreas.entities.entity.newTitle', { name: definition.name })}</h2>
      {!editable && <p className="t-entities__readonly">{t('adminAreas.entities.readOnly')}</p>}
      <section className="t-membership-form t-membership-section" aria-label={t('adminAreas.entities.entity.basics')}>
        <TitleAndSlug
          title={title}
          slug={slug}
          setTitle={setTitle}
          setSlug={setSlug}
          touched={touched}
          slugRefusal={slugRefusal}
          slugOptional
          disabled={!editable}
        />
      </section>
      {definition.fields.length > 0 ? (
        <section className="t-membership-section" aria-label={t('adminAreas.entities.entity.fields')}>
          <h3>{t('adminAreas.entities.entity.fields')}</h3>
          <DataForm
            formId={`entity-new-${definition.id}`}
            fields={definition.fields}
            editable={editable}
            all
            submitLabel={t('adminAreas.entities.entity.create')}
            onSave={create}
          />
        </section>
      ) : (
        editable && (
          <div className="t-admin-actions t-membership-section">
            <button
              type="button"
              className="ts-button ts-button--primary"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => {
                setBusy(true);
                create({})
                  .catch((error: unknown) => setFailure(messageOf(error)))
                  .finally(() => setBusy(false));
              }}
            >
              {busy ? t('adminAreas.entities.saving') : t('adminAreas.entities.entity.create')}
            </button>
          </div>
        )
      )}
      {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
    </>
  );
}

function EditEntity({ api, definition, initial }: { api: EntitiesApi; definition: EntityDefinition; initial: Entity }) {
  const { services, t } = useAdminFrame();
  const holder = useHolder();
  const [entity, setEntity] = useState(initial);
  const editable = canEditEntity(holder, entity, definition);
  const structure = useStructure(api);
  const moduleSlug = entity.location?.module ?? definition.settings?.location?.module;
  const modulePages = structure?.modules.find((m) => m.slug === moduleSlug)?.pages.filter((p) => p.type === 'entity') ?? [];
  const saveData = useCallback(
    async (values: JsonObject) => {
      const saved = await api.updateKeys(entity.id, values);
      setEntity(saved);
      services.toast({ type: 'positive', message: t('adminAreas.entities.entity.saved', { title: saved.title }) });
    },
    [api, entity.id, services, t],
  );
  return (
    <>
      <h2 className="t-membership-title">{entity.title}</h2>
      {!editable && <p className="t-entities__readonly">{t('adminAreas.entities.readOnly')}</p>}
      {entity.unreadable?.length ? (
        <p className="t-admin-notice--error">{t('adminAreas.entities.entity.unreadable', { parts: entity.unreadable.join(', ') })}</p>
      ) : null}
      <Basics api={api} entity={entity} editable={editable} onSaved={setEntity} />
      <section className="t-membership-section" aria-labelledby={`${entity.id}-fields`}>
        <h3 id={`${entity.id}-fields`}>{t('adminAreas.entities.entity.fields')}</h3>
        {definition.fields.length ? (
          <DataForm
            formId={`entity-${entity.id}`}
            fields={definition.fields}
            data={entity.data}
            editable={editable}
            contextId={entity.id}
            submitLabel={t('adminAreas.entities.entity.saveFields')}
            onSave={saveData}
          />
        ) : (
          <p className="t-admin-empty">{t('adminAreas.entities.entity.noFields')}</p>
        )}
      </section>
      <PowerUpsSection api={api} entity={entity} definition={definition} editable={editable} modulePages={modulePages} onSaved={setEntity} />
      <PagePermissions api={api} entity={entity} editable={editable} modulePages={modulePages} moduleSlug={moduleSlug} onSaved={setEntity} />
      <PermissionType api={api} entity={entity} onSaved={setEntity} />
      {editable && <SendNotification api={api} entity={entity} definition={definition} />}
      {editable && <DeleteEntity api={api} entity={entity} definitionId={definition.id} />}
    </>
  );
}

type Saved = (entity: Entity) => void;

function Basics({ api, entity, editable, onSaved }: { api: EntitiesApi; entity: Entity; editable: boolean; onSaved: Saved }) {
  const { services, t } = useAdminFrame();
  const [title, setTitle] = useState(entity.title);
  const [slug, setSlug] = useState(entity.slug ?? '');
  const [touched, setTouched] = useState(false);
  const [slugRefusal, setSlugRefusal] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setSlugRefusal(undefined);
    setFailure(undefined);
    if (entityTitleProblem(title) || entitySlugProblem(slug)) return;
    setBusy(true);
    try {
      const saved = await api.settings(entity.id, { title: title.trim(), slug: slug.trim() });
      onSaved(saved);
      // Show what was stored (trimmed).
      setTitle(saved.title);
      setSlug(saved.slug ?? '');
      setTouched(false);
      services.toast({ type: 'positive', message: t('adminAreas.entities.entity.saved', { title: saved.title }) });
    } catch (error) {
      const refusal = error as EntitiesApiError;
      if (isSlugRefusal(refusal)) setSlugRefusal(refusal.message);
      else setFailure(refusal.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="t-membership-form t-membership-section" noValidate onSubmit={(e) => void save(e)} aria-label={t('adminAreas.entities.entity.basics')}>
      <TitleAndSlug title={title} slug={slug} setTitle={setTitle} setSlug={setSlug} touched={touched} slugRefusal={slugRefusal} disabled={!editable} />
      {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
      {editable && (
        <div className="t-admin-actions">
          <SubmitButton busy={busy} label={t('adminAreas.entities.save')} />
        </div>
      )}
    </form>
  );
}

function PagePermissions(props: { api: EntitiesApi; entity: Entity; editable: boolean; modulePages: ModulePage[]; moduleSlug?: string; onSaved: Saved }) {
  const { api, entity, editable, modulePages, moduleSlug, onSaved } = props;
  const { services, t } = useAdminFrame();
  const id = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(entity.pagePermissions ?? []));
  const { busy, failure, run } = useBusyAction();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const known = new Set(modulePages.map((p) => p.id));
      // Pages of another module stay as they were: only this module's are shown here.
      const kept = (entity.pagePermissions ?? []).filter((p) => !known.has(p));
      onSaved(await api.settings(entity.id, { pagePermissions: [...kept, ...modulePages.filter((p) => chosen.has(p.id)).map((p) => p.id)] }));
      services.toast({ type: 'positive', message: t('adminAreas.entities.entity.saved', { title: entity.title }) });
    });
  };
  return (
    <section className="t-membership-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('adminAreas.entities.pages.title')}</h3>
      {!moduleSlug ? (
        <p className="t-admin-empty">{t('adminAreas.entities.pages.noModule')}</p>
      ) : !modulePages.length ? (
        <p className="t-admin-empty">{t('adminAreas.entities.pages.none', { module: moduleSlug })}</p>
      ) : (
        <form className="t-membership-form" noValidate onSubmit={(e) => void save(e)}>
          <fieldset disabled={!editable}>
            <legend>{t('adminAreas.entities.pages.legend')}</legend>
            {modulePages.map((p) => (
              <label key={p.id} className="t-membership-check">
                <input
                  type="checkbox"
                  checked={chosen.has(p.id) || p.slug === entity.location?.page}
                  disabled={p.slug === entity.location?.page}
                  onChange={(e) =>
                    setChosen((now) => {
                      const next = new Set(now);
                      if (e.target.checked) next.add(p.id);
                      else next.delete(p.id);
                      return next;
                    })
                  }
                />
                {p.name}
                {p.slug === entity.location?.page && <span className="t-admin-meta"> ({t('adminAreas.entities.pages.location')})</span>}
              </label>
            ))}
          </fieldset>
          {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
          {editable && (
            <div className="t-admin-actions">
              <SubmitButton busy={busy} label={t('adminAreas.entities.pages.save')} />
            </div>
          )}
        </form>
      )}
    </section>
  );
}

function PermissionType({ api, entity, onSaved }: { api: EntitiesApi; entity: Entity; onSaved: Saved }) {
  const { services, t } = useAdminFrame();
  const holder = useHolder();
  const id = useId();
  const mayChange = canChangePermissionType(holder);
  const [value, setValue] = useState<EntityPermissionType>(entity.permissionType ?? 'default');
  const { busy, failure, run } = useBusyAction();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      onSaved(await api.permissionType(entity.id, value));
      services.toast({ type: 'positive', message: t('adminAreas.entities.entity.saved', { title: entity.title }) });
    });
  };
  return (
    <section className="t-membership-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('adminAreas.entities.permissionType.title')}</h3>
      {mayChange ? (
        <form className="t-membership-form" noValidate onSubmit={(e) => void save(e)}>
          <label htmlFor={`${id}-value`}>{t('adminAreas.entities.settings.permissionType')}</label>
          <select id={`${id}-value`} value={value} onChange={(e) => setValue(e.target.value as EntityPermissionType)}>
            {ENTITY_PERMISSION_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`adminAreas.entities.permissionTypes.${p}`)}
              </option>
            ))}
          </select>
          <p className="t-admin-meta">{t('adminAreas.entities.permissionType.hint')}</p>
          {failure !== undefined && <Failure title={t('adminAreas.entities.saveFailed')} message={failure} />}
          <div className="t-admin-actions">
            <SubmitButton busy={busy} label={t('adminAreas.entities.save')} />
          </div>
        </form>
      ) : (
        <p>
          {t(`adminAreas.entities.permissionTypes.${entity.permissionType ?? 'default'}`)}{' '}
          <span className="t-admin-meta">{t('adminAreas.entities.permissionType.adminsOnly')}</span>
        </p>
      )}
    </section>
  );
}

function SendNotification({ api, entity, definition }: { api: EntitiesApi; entity: Entity; definition: EntityDefinition }) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const events = definition.settings?.notificationsForEntities ?? [];
  const [event, setEvent] = useState(events[0] ?? '');
  const [message, setMessage] = useState('');
  const { busy, failure, run } = useBusyAction();
  const send = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const { sent } = await api.sendNotification(entity.id, event, message);
      setMessage('');
      services.toast({ type: 'positive', message: countText(t, services.locale, 'adminAreas.entities.notify.sent', sent) });
    });
  };
  return (
    <section className="t-membership-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('adminAreas.entities.notify.title')}</h3>
      {!events.length ? (
        <p className="t-admin-empty">{t('adminAreas.entities.notify.none')}</p>
      ) : (
        <form className="t-membership-form" noValidate onSubmit={(e) => void send(e)}>
          <label htmlFor={`${id}-event`}>{t('adminAreas.entities.notify.event')}</label>
          <select id={`${id}-event`} value={event} onChange={(e) => setEvent(e.target.value)}>
            {events.map((x) => (
              <option key={x} value={x}>
                {t(`adminAreas.events.${x}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-message`}>{t('adminAreas.entities.notify.message')}</label>
          <textarea id={`${id}-message`} rows={3} maxLength={ENTITY_NOTIFICATION_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
          {failure !== undefined && <Failure title={t('adminAreas.entities.notify.failed')} message={failure} />}
          <div className="t-admin-actions">
            <SubmitButton
              busy={busy}
              label={t('adminAreas.entities.notify.send')}
              busyLabel={t('adminAreas.entities.notify.sending')}
              primary={false}
              disabled={!event}
            />
          </div>
        </form>
      )}
    </section>
  );
}

function DeleteEntity({ api, entity, definitionId }: { api: EntitiesApi; entity: Entity; definitionId: string }) {
  const { services, t } = useAdminFrame();
  const [, navigate] = useLocation();
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (gone) navigate(adminHref('viewEntities', { definitionId }));
  }, [gone, navigate, definitionId]);
  return (
    <section className="t-membership-section">
      <DeleteWithConfirm
        texts={{
          open: t('adminAreas.entities.delete.open'),
          title: t('adminAreas.entities.delete.title', { title: entity.title }),
          body: t('adminAreas.entities.delete.body'),
          confirm: t('adminAreas.entities.delete.confirm'),
          failed: t('adminAreas.entities.delete.failed'),
        }}
        onDelete={async () => {
          await api.deleteEntity(entity.id);
          services.toast({ type: 'positive', message: t('adminAreas.entities.delete.done', { title: entity.title }) });
        }}
        onDeleted={() => setGone(true)}
      />
    </section>
  );
}
