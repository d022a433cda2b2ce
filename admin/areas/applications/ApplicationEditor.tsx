/**
 * One application: its label, open or closed, the email template sent on decisions and the landing
 * page of accepted members (core §2.5), saved together; its fields in order (added, edited, removed
 * and moved up or down, each saved at once); and a way to its requests.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import type { Field } from '../../../schemas/model';
import type { ApplicationState, ApplicationView } from '../../../schemas/model/api/applications';
import type { EmailTemplate } from '../../../schemas/model/api/email';
import { Dialog } from '../../core/Dialog';
import type { ListsApi, ListsApiError } from '../../core/lists-api';
import { fieldLabel } from '../../core/membership/answer-text';
import { useAdminFrame } from '../../frame/frame-context';
import { fullRegistry } from '../../core/full-registry';
import { FieldDialog } from './FieldDialog';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; application: ApplicationView };

export function ApplicationEditor({ api, applicationId }: { api: ListsApi; applicationId: string }) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [templates, setTemplates] = useState<EmailTemplate[]>([]);
  const [label, setLabel] = useState('');
  const [state, setState] = useState<ApplicationState>('open');
  const [template, setTemplate] = useState('');
  const [landing, setLanding] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [editing, setEditing] = useState<Field | 'new'>();
  const [removing, setRemoving] = useState<Field>();
  const [moving, setMoving] = useState(false);

  const show = (application: ApplicationView) => {
    setLoaded({ status: 'ready', application });
    setLabel(application.label);
    setState(application.state);
    setTemplate(application.emailTemplateId ?? '');
    setLanding(application.landingPage ?? '');
  };
  useEffect(() => {
    let live = true;
    api.applications().then(
      (all) => {
        if (!live) return;
        const found = all.find((a) => a.id === applicationId);
        if (found) show(found);
        else setLoaded({ status: 'error', message: t('adminAreas.applications.notFound') });
      },
      (error: ListsApiError) => live && setLoaded({ status: 'error', message: error.message }),
    );
    api.emailTemplates().then(
      (found) => live && setTemplates(found.templates.filter((tpl, i, all) => all.findIndex((o) => o.templateId === tpl.templateId) === i)),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per application
  }, [api, applicationId]);

  if (loaded.status === 'loading') return <p role="status">{t('adminAreas.applications.loading')}</p>;
  if (loaded.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('adminAreas.applications.loadError', { message: loaded.message })}
      </p>
    );
  const application = loaded.application;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) return setRefusal(t('adminAreas.applications.labelRequired'));
    setSaving(true);
    setRefusal(undefined);
    try {
      show(
        await api.updateApplication(application.id, {
          label: label.trim(),
          state,
          emailTemplateId: template || null,
          landingPage: landing.trim() || null,
        }),
      );
      services.toast({ type: 'positive', message: t('adminAreas.applications.saved', { label: label.trim() }) });
    } catch (error) {
      setRefusal(t('adminAreas.applications.saveFailed', { message: (error as ListsApiError).message }));
    } finally {
      setSaving(false);
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const order = application.fields.map((f) => f.id);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    setMoving(true);
    try {
      show(await api.updateApplication(application.id, { fieldOrder: order }));
      services.toast({ type: 'positive', message: t('adminAreas.applications.fields.moved', { label: fieldLabel(application.fields[index]) }) });
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminAreas.applications.fields.moveFailed', { message: (error as ListsApiError).message }) });
    } finally {
      setMoving(false);
    }
  };

  const remove = async (field: Field) => {
    try {
      show(await api.removeField(application.id, field.id));
      setRemoving(undefined);
      services.toast({ type: 'positive', message: t('adminAreas.applications.fields.removed', { label: fieldLabel(field) }) });
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminAreas.applications.fields.removeFailed', { message: (error as ListsApiError).message }) });
    }
  };

  return (
    <>
      <h2 className="t-membership-title">{application.label}</h2>
      <p className="t-admin-meta">
        {t('adminAreas.applications.forList', { list: application.userListLabel })}{' '}
        <Link href={adminHref('listJoinRequests', { applicationId: application.id })}>
          {t('adminAreas.applications.requestsLink', { count: application.pending })}
        </Link>
      </p>

      <section className="t-membership-section" aria-labelledby={`${id}-settings`}>
        <h3 id={`${id}-settings`}>{t('adminAreas.applications.settings')}</h3>
        <form className="t-membership-form" noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${id}-settings`}>
          <label htmlFor={`${id}-label`}>{t('adminAreas.applications.label')}</label>
          <input id={`${id}-label`} type="text" maxLength={120} value={label} onChange={(e) => setLabel(e.target.value)} />
          <label htmlFor={`${id}-state`}>{t('adminAreas.applications.state')}</label>
          <select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value as ApplicationState)}>
            {(['open', 'closed'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`adminAreas.applications.states.${s}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-template`}>{t('adminAreas.applications.template')}</label>
          <select id={`${id}-template`} value={template} onChange={(e) => setTemplate(e.target.value)}>
            <option value="">{t('adminAreas.applications.templateNone')}</option>
            {templates.map((tpl) => (
              <option key={tpl.templateId} value={tpl.templateId}>
                {tpl.templateId}
              </option>
            ))}
            {template && !templates.some((tpl) => tpl.templateId === template) && <option value={template}>{template}</option>}
          </select>
          <label htmlFor={`${id}-landing`}>{t('adminAreas.applications.landing')}</label>
          <input
            id={`${id}-landing`}
            type="text"
            maxLength={500}
            placeholder="/welcome"
            aria-describedby={`${id}-landing-hint`}
            value={landing}
            onChange={(e) => setLanding(e.target.value)}
          />
          <p id={`${id}-landing-hint`} className="t-admin-meta">
            {t('adminAreas.applications.landingHint')}
          </p>
          {refusal && (
            <p role="alert" className="t-admin-notice--error">
              {refusal}
            </p>
          )}
          <div className="t-admin-actions">
            <button type="submit" className="ts-button ts-button--primary" disabled={saving} aria-busy={saving || undefined}>
              {saving ? t('adminAreas.lists.form.saving') : t('adminAreas.lists.form.save')}
            </button>
          </div>
        </form>
      </section>

      <section className="t-membership-section" aria-labelledby={`${id}-fields`}>
        <h3 id={`${id}-fields`}>{t('adminAreas.applications.fields.title')}</h3>
        {!application.fields.length ? (
          <p className="t-admin-empty">{t('adminAreas.applications.fields.empty')}</p>
        ) : (
          <ol className="t-membership-fields" aria-labelledby={`${id}-fields`}>
            {application.fields.map((field, i) => {
              const name = fieldLabel(field);
              return (
                <li key={field.id}>
                  <span>
                    <strong>{name}</strong> <span className="t-admin-meta">{fullRegistryTitle(field.type)}</span>
                    {field.validation?.required === true && <span className="t-admin-meta"> · {t('adminAreas.applications.fields.required')}</span>}
                  </span>
                  <span className="t-admin-actions">
                    <button type="button" className="ts-button" disabled={moving || i === 0} onClick={() => void move(i, -1)}>
                      {t('adminAreas.applications.fields.up')}
                      <span className="ts-visually-hidden"> {name}</span>
                    </button>
                    <button type="button" className="ts-button" disabled={moving || i === application.fields.length - 1} onClick={() => void move(i, 1)}>
                      {t('adminAreas.applications.fields.down')}
                      <span className="ts-visually-hidden"> {name}</span>
                    </button>
                    <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setEditing(field)}>
                      {t('adminAreas.applications.fields.edit')}
                      <span className="ts-visually-hidden"> {name}</span>
                    </button>
                    <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setRemoving(field)}>
                      {t('adminAreas.applications.fields.remove')}
                      <span className="ts-visually-hidden"> {name}</span>
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <div className="t-admin-actions t-membership-section">
          <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setEditing('new')}>
            {t('adminAreas.applications.fields.add')}
          </button>
        </div>
      </section>

      {editing && (
        <FieldDialog
          field={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSave={async (field) => {
            show(await api.saveField(application.id, field));
            setEditing(undefined);
            services.toast({ type: 'positive', message: t('adminAreas.applications.fields.saved', { label: fieldLabel(field) }) });
          }}
        />
      )}
      {removing && (
        <Dialog
          title={t('adminAreas.applications.fields.removeTitle', { label: fieldLabel(removing) })}
          size="small"
          onClose={() => setRemoving(undefined)}
          className="t-admin-area"
          description={t('adminAreas.applications.fields.removeBody')}
          actions={
            <>
              <button type="button" className="ts-button" onClick={() => setRemoving(undefined)}>
                {t('adminAreas.lists.form.cancel')}
              </button>
              <button type="button" className="ts-button ts-button--primary" onClick={() => void remove(removing)}>
                {t('adminAreas.applications.fields.remove')}
              </button>
            </>
          }
        >
          {null}
        </Dialog>
      )}
    </>
  );
}

function fullRegistryTitle(type: string): string {
  return (fullRegistry.fields[type] as { title?: string } | undefined)?.title ?? type;
}
