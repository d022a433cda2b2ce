/**
 * A form (spec 4.5): read-only or editing, edit toggle, save (Enter saves), confirmation table,
 * autosave, progress, success and error messages, #privacy tabbing and field-hash scrolling.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useAtomValue, useStore } from 'jotai';
import type { Field, Id } from '../../schemas/model';
import { DEFAULT_LOCALE, FIELD_SCROLL_OFFSET_EXTRA_PX, PROGRESS_RECALC_DEBOUNCE_MS, SCROLL_TO_FIELD_DELAY_MS } from '../core/constants';
import { createTranslator, type Translator } from '../core/i18n/translator';
import { contentLookup } from '../core/i18n/content-keys';
import { formTexts } from '../core/i18n/form-messages.generated';
import { pageMessagesDefault } from '../core/i18n/page-messages.generated';
import type { RuleContext } from '../core/rules/context';
import type { AcceptedRules, FormValues } from '../core/validation';
import { FormContext, FormModeContext, useFormContext, type FormContextValue, type FormMode } from './context';
import { FormController } from './controller';
import { FieldList } from './FieldHost';
import { formatValue } from './FieldShell';
import type { FieldComponents, FormOptions, FormServices } from './types';

export interface FormRootProps {
  formId: string;
  /** Every field definition the form uses (roots and their children). */
  fields: Field[];
  /** Root field ids in order; defaults to fields no other field holds. */
  rootIds?: Id[];
  /** Saved values by field name (profile or entity data). */
  data?: FormValues;
  options?: FormOptions;
  services: FormServices;
  components: FieldComponents;
  /** Field type -> accepted rules and progress (the registry's field entries). */
  fieldTypes: AcceptedRules & Record<string, { progress?: string; displayOnly?: boolean }>;
  ruleContext?: RuleContext;
  translator?: Translator;
  /** Location hash; read from window.location when absent. */
  hash?: string;
  title?: string;
}

const NO_DATA: FormValues = {};

export function FormRoot(props: FormRootProps) {
  const store = useStore();
  const { formId, fields, rootIds, services, fieldTypes, ruleContext } = props;
  const data = props.data ?? NO_DATA;
  // The definition by content: the same fields delivered again as new objects (a realtime echo, a
  // page re-read) must not build a new controller, which would drop the edit and the save message.
  const definition = useMemo(() => JSON.stringify([fields, rootIds ?? null]), [fields, rootIds]);
  const controller = useMemo(
    () =>
      new FormController(store, {
        formId,
        fields,
        rootIds: rootIds ?? fields.map((f) => f.id),
        data,
        options: props.options ?? {},
        services,
        fieldTypes,
        ruleContext,
      }),
    // A new controller only when the form's definition changes: options are read at load; data,
    // services and rule context are updated in place below, so a host re-render never resets typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, formId, definition, fieldTypes],
  );
  useEffect(() => controller.setEnvironment(services, ruleContext), [controller, services, ruleContext]);
  useEffect(() => controller.setData(data), [controller, data]);
  useEffect(() => () => controller.dispose(), [controller]);
  const rootFieldIds = useMemo(() => controller.tree.roots.map((f) => f.id), [controller]);
  const translator = useMemo(
    () => props.translator ?? createTranslator({ [DEFAULT_LOCALE]: { ...pageMessagesDefault, ...formTexts.default } }),
    [props.translator],
  );
  const t = translator.t;
  const lookup = useMemo(() => contentLookup(translator), [translator]);
  const hash = props.hash ?? (typeof window !== 'undefined' ? window.location.hash : '');
  const privacyTabbing = hash === '#privacy';
  const context = useMemo<FormContextValue>(
    () => ({ controller, components: props.components, t, lookup, privacyTabbing }),
    [controller, props.components, t, lookup, privacyTabbing],
  );
  const editing = useAtomValue(controller.editing);
  const showAllErrors = useAtomValue(controller.showAllErrors);
  const mode = useMemo<FormMode>(() => ({ editing, showAllErrors }), [editing, showAllErrors]);
  const rootRef = useRef<HTMLFormElement>(null);
  useFieldHashScroll(controller, hash, rootRef, props.options?.headerHeightPx);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void controller.submit();
  };
  return (
    <FormContext.Provider value={context}>
      <FormModeContext.Provider value={mode}>
        <form ref={rootRef} className="t-form" noValidate aria-label={props.title} onSubmit={onSubmit} data-privacy-tabbing={privacyTabbing || undefined}>
          {/* Completion is the editor's to see: a visitor reading another's profile gets no "80% complete". */}
          {props.options?.showProgress !== false && props.options?.editable !== false && <FormProgress />}
          <FieldList ids={rootFieldIds} />
          <FormActions />
          <FormMessage />
          <ConfirmationDialog />
        </form>
      </FormModeContext.Provider>
    </FormContext.Provider>
  );
}

/** Edit toggle (editable and not alwaysEdit), save (disabled while blocking errors exist or saving). */
function FormActions() {
  const { controller, t } = useFormContext();
  const editing = useAtomValue(controller.editing);
  const blocking = useAtomValue(controller.blocking);
  const saving = useAtomValue(controller.saving);
  const { editable, alwaysEdit, autosave, submitLabel } = controller.options;
  if (!editable) return null;
  if (!editing) {
    return alwaysEdit ? null : (
      <div className="t-form__actions">
        {/* Keyed apart from Save: reusing this DOM button as type=submit mid-click would submit the form at once. */}
        <button key="edit" type="button" onClick={() => controller.setEditing(true)}>
          {t('form.actions.edit')}
        </button>
      </div>
    );
  }
  return (
    <div className="t-form__actions">
      {!autosave && (
        <button key="save" type="submit" disabled={blocking || saving} aria-busy={saving || undefined}>
          {saving ? t('form.saving.inProgress') : (submitLabel ?? t('form.actions.save'))}
        </button>
      )}
      {!alwaysEdit && !autosave && (
        <button type="button" onClick={() => controller.cancel()}>
          {t('form.actions.cancel')}
        </button>
      )}
    </div>
  );
}

/** Progress as the share of filled fields, recalculated at most every 500 ms. */
function FormProgress() {
  const { controller, t } = useFormContext();
  const live = useAtomValue(controller.progress);
  const [shown, setShown] = useState(live);
  useEffect(() => {
    const timer = setTimeout(() => setShown(live), PROGRESS_RECALC_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [live]);
  return (
    <div className="t-form__progress">
      <progress max={100} value={shown} aria-label={t('form.progress', { percent: shown })} />
      <span aria-hidden="true">{t('form.progress', { percent: shown })}</span>
    </div>
  );
}

function FormMessage() {
  const { controller, t } = useFormContext();
  const message = useAtomValue(controller.message);
  return (
    <div className="t-form__message" role="status" aria-live="polite">
      {message && (
        <p className={`t-toast t-toast--${message.kind === 'error' ? 'negative' : message.kind === 'success' ? 'positive' : 'info'}`}>
          {t(message.key, message.params)}
        </p>
      )}
    </div>
  );
}

/** The table of changed values shown before a confirmed save (form.confirmationCheck / form.noChanges). */
function ConfirmationDialog() {
  const { controller, t } = useFormContext();
  const changes = useAtomValue(controller.confirming);
  if (!changes) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog closes on Escape pressed anywhere inside it
    <div
      className="t-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${controller.formId}-confirm-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') controller.cancelConfirmation();
      }}
    >
      <h2 id={`${controller.formId}-confirm-title`}>{t('form.confirmation.title')}</h2>
      <p>{changes.length ? t('form.confirmationCheck') : t('form.noChanges')}</p>
      {changes.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('form.confirmation.field')}</th>
              <th scope="col">{t('form.confirmation.before')}</th>
              <th scope="col">{t('form.confirmation.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.fieldId}>
                <th scope="row">{c.label}</th>
                <td>{formatValue(c.before)}</td>
                <td>{formatValue(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" autoFocus={changes.length > 0} disabled={!changes.length} onClick={() => void controller.submit({ confirmed: true })}>
        {t('form.actions.agree')}
      </button>
      <button type="button" autoFocus={!changes.length} onClick={() => controller.cancelConfirmation()}>
        {t('form.actions.cancel')}
      </button>
    </div>
  );
}

/** A hash naming a field (id, key or name) scrolls to it, below the header plus 16 px. */
function useFieldHashScroll(controller: FormController, hash: string, root: RefObject<HTMLFormElement | null>, headerHeightPx?: number) {
  useEffect(() => {
    const target = decodeURIComponent(hash.replace(/^#/, ''));
    if (!target || target === 'privacy') return;
    const field = controller.field(target) ?? controller.fieldByName(target);
    if (!field) return;
    const timer = setTimeout(() => {
      const el = root.current?.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(field.id)}"]`);
      if (!el) return;
      const header = headerHeightPx ?? document.querySelector('header')?.getBoundingClientRect().height ?? 0;
      window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - (header + FIELD_SCROLL_OFFSET_EXTRA_PX), behavior: 'smooth' });
      el.querySelector<HTMLElement>('input, textarea, select, [contenteditable="true"]')?.focus({ preventScroll: true });
    }, SCROLL_TO_FIELD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [controller, hash, root, headerHeightPx]);
}
