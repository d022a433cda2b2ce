/**
 * What the `application` and `entityApplication` blocks show (community §4 "Applications"): the
 * member's application to a list, read through the applications slice (her request, its state, the
 * admin's last message and the moves the server lists), its form built by the form engine
 * (FormRoot, one atom per field, as form blocks) from the application's fields, and only the moves
 * she may make now: apply, re-apply after a return or a withdrawal, withdraw or leave. Live: a
 * change of her membership of the list reads it again (engine/data/applications.ts); when it
 * becomes accepted while shown, `redirectToLandingPage` goes to the application's landing page
 * (core §2.5).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  FormRoot,
  fieldTypesUsed,
  loadFieldComponents,
  registryFieldTypes,
  useDataLayer,
  useEngine,
  useFormEnvironment,
  useOptionalDataLayer,
  useResourceEntry,
  withDefaultEvaluator,
  type Block,
  type Field,
  type FieldComponents,
  type FormSubmission,
  type FormValues,
} from '../../engine';
import { fieldName } from '../../engine/core/validation/fields';
import { applicationLabelKey } from '../../engine/core/i18n/content-keys';
import { useContentLookup } from '../../engine/react/content-text';
import { applicationKey, applicationsSlice } from '../../engine/data/applications';
import type { JsonValue, MembershipState } from '../../schemas/model';
import type { MemberApplicationResponse } from '../../schemas/model/api/applications';
import { fieldComponents } from '../index.generated';

/** The options both blocks share (their registry entries). */
export interface ApplicationViewOptions {
  showProgress?: boolean;
  submitLabel?: string;
  allowWithdraw?: boolean;
  redirectToLandingPage?: boolean;
  successMessage?: string;
}

/** The registry defaults of the two text options: shown in the reader's language instead of as stored. */
const DEFAULT_SUBMIT_LABEL = 'Submit application';
const DEFAULT_SUCCESS_MESSAGE = 'Thank you, your application has been sent.';

/** Root fields: those no other field holds (children render inside their parents). */
const rootIdsOf = (fields: Field[]) => {
  const held = new Set(fields.flatMap((f) => f.childIds ?? []));
  return fields.filter((f) => !held.has(f.id)).map((f) => f.id);
};

export function ApplicationView(props: { block: Block; applicationId: string; entityId: string; options: ApplicationViewOptions }) {
  const { t, user } = useEngine();
  const layer = useOptionalDataLayer();
  if (!layer || !user) {
    return (
      <p role="status" className="t-application__notice">
        {t(user ? 'blocks.application.unavailable' : 'blocks.application.signIn')}
      </p>
    );
  }
  return <LoadedApplication {...props} />;
}

function LoadedApplication({
  block,
  applicationId,
  entityId,
  options,
}: {
  block: Block;
  applicationId: string;
  entityId: string;
  options: ApplicationViewOptions;
}) {
  const { t, services } = useEngine();
  const lookup = useContentLookup();
  const slice = useDataLayer().slice(applicationsSlice);
  const key = applicationKey(applicationId, entityId);
  const entry = useResourceEntry(slice.byKey, key);
  const answer = entry?.state === 'ready' ? entry.value : undefined;
  const state = answer?.request?.state;

  // Accepted while shown (an admin's decision arriving live): to the landing page when asked.
  const previous = useRef<MembershipState | undefined | null>(null);
  useEffect(() => {
    if (!answer) return;
    const before = previous.current;
    previous.current = state;
    const landingPage = answer.application.landingPage;
    if (before !== null && before !== 'accepted' && state === 'accepted' && options.redirectToLandingPage && landingPage) services.navigate?.(landingPage);
  }, [answer, state, options.redirectToLandingPage, services]);

  const titleId = `application-${block.id}-title`;
  if (!entry || entry.state === 'loading') {
    return (
      <p role="status" className="t-application__notice">
        {t('blocks.application.loading')}
      </p>
    );
  }
  if (entry.state === 'error') {
    return (
      <div role="alert" className="t-application__notice">
        <p>{t(entry.error === 'notFound' ? 'blocks.application.notFound' : 'blocks.application.loadFailed')}</p>
        {entry.error === 'failed' && (
          <button type="button" onClick={() => void slice.byKey.ensure(key, true)}>
            {t('blocks.application.retry')}
          </button>
        )}
      </div>
    );
  }
  return (
    <section className="t-application" aria-labelledby={titleId} data-application-state={state ?? 'none'}>
      <h2 id={titleId} className="t-application__title">
        {/* Its title in the member's language (content translations). */}
        {lookup(applicationLabelKey(entry.value.application.id), entry.value.application.label) ?? entry.value.application.label}
      </h2>
      <ApplicationBody answer={entry.value} applicationId={applicationId} entityId={entityId} formId={`${block.id}-form`} options={options} />
    </section>
  );
}

function ApplicationBody({
  answer,
  applicationId,
  entityId,
  formId,
  options,
}: {
  answer: MemberApplicationResponse;
  applicationId: string;
  entityId: string;
  formId: string;
  options: ApplicationViewOptions;
}) {
  const { t } = useEngine();
  const slice = useDataLayer().slice(applicationsSlice);
  const [sent, setSent] = useState(false);
  const [moveError, setMoveError] = useState<string>();
  const { request, moves, application } = answer;
  const state = request?.state;
  const canApply = moves.includes('applied') && application.state === 'open';
  const canWithdraw = options.allowWithdraw !== false && moves.includes('withdrawn');
  const successMessage =
    options.successMessage && options.successMessage !== DEFAULT_SUCCESS_MESSAGE ? options.successMessage : t('blocks.application.sentThanks');
  const submit = useCallback(
    async (answers: Record<string, JsonValue>) => {
      setMoveError(undefined);
      await slice.submit(applicationId, entityId, answers);
      setSent(true);
    },
    [slice, applicationId, entityId],
  );
  const withdraw = async () => {
    setMoveError(undefined);
    setSent(false);
    try {
      await slice.move(applicationId, 'withdrawn', entityId);
    } catch (failure) {
      setMoveError(t('blocks.application.moveFailed', { message: failure instanceof Error ? failure.message : String(failure) }));
    }
  };
  return (
    <>
      <div className="t-application__state" role="status" aria-live="polite">
        {state === 'applied' && sent ? (
          <p>{successMessage}</p>
        ) : (
          <p>{t(`blocks.application.state.${state ?? (application.state === 'open' ? 'none' : 'closed')}`)}</p>
        )}
        {request?.message && (state === 'returned' || state === 'rejected' || state === 'accepted' || state === 'banned') && (
          <figure className="t-application__message">
            <figcaption>{t('blocks.application.adminMessage')}</figcaption>
            <blockquote>{request.message}</blockquote>
          </figure>
        )}
        {state !== 'accepted' && answer.listFull && canApply && <p>{t('blocks.application.listFull')}</p>}
      </div>
      {canApply && (
        <ApplicationForm
          // A new request, or a returned or withdrawn one: the form starts again from her last answers.
          key={`${request?.id ?? 'new'}:${state ?? 'none'}`}
          formId={formId}
          fields={application.fields}
          answers={request?.answers}
          options={options}
          again={!!request}
          onSubmit={submit}
        />
      )}
      {canWithdraw && <WithdrawButton leaving={state === 'accepted'} onConfirm={withdraw} />}
      {moveError && (
        <p role="alert" className="t-application__error">
          {moveError}
        </p>
      )}
    </>
  );
}

/** Withdrawing (or leaving the list) asks once more in place: one click never drops an application. */
function WithdrawButton({ leaving, onConfirm }: { leaving: boolean; onConfirm: () => Promise<void> }) {
  const { t } = useEngine();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = t(leaving ? 'blocks.application.leave' : 'blocks.application.withdraw');
  if (!asking) {
    return (
      <div className="t-application__actions">
        <button type="button" onClick={() => setAsking(true)}>
          {label}
        </button>
      </div>
    );
  }
  return (
    <div className="t-application__actions" role="group" aria-label={label}>
      <p>{t(leaving ? 'blocks.application.leaveConfirm' : 'blocks.application.withdrawConfirm')}</p>
      <button
        type="button"
        className="t-application__primary"
        // The question just replaced the button that had focus.
        autoFocus
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {t(leaving ? 'blocks.application.leaveYes' : 'blocks.application.withdrawYes')}
      </button>
      <button type="button" disabled={busy} onClick={() => setAsking(false)}>
        {t('blocks.application.keep')}
      </button>
    </div>
  );
}

/** The application's fields in the form engine; its save sends the answers by field id. */
function ApplicationForm({
  formId,
  fields,
  answers,
  options,
  again,
  onSubmit,
}: {
  formId: string;
  fields: Field[];
  answers?: Record<string, JsonValue>;
  options: ApplicationViewOptions;
  again: boolean;
  onSubmit(answers: Record<string, JsonValue>): Promise<void>;
}) {
  const { t } = useEngine();
  const env = useFormEnvironment();
  const [components, setComponents] = useState<FieldComponents>();
  const typesKey = fieldTypesUsed(fields).join(',');
  useEffect(() => {
    let live = true;
    void loadFieldComponents(fieldComponents, typesKey ? typesKey.split(',') : []).then((loaded) => live && setComponents(loaded));
    return () => {
      live = false;
    };
  }, [typesKey]);
  const byId = useMemo(() => new Map(fields.map((f) => [f.id, f])), [fields]);
  // Answers are stored by field id; the form engine keeps values by field name.
  const data = useMemo<FormValues>(() => {
    const values: FormValues = {};
    for (const [id, value] of Object.entries(answers ?? {})) {
      const field = byId.get(id);
      if (field) values[fieldName(field)] = value;
    }
    return values;
  }, [answers, byId]);
  const services = useMemo(
    () =>
      withDefaultEvaluator({
        ...env.services,
        async save(submission: FormSubmission) {
          const byField: Record<string, JsonValue> = {};
          for (const id of submission.fieldIds) {
            const field = byId.get(id);
            const value = field ? submission.values[fieldName(field)] : undefined;
            if (field && value !== undefined) byField[id] = value;
          }
          await onSubmit(byField);
        },
      }),
    [env.services, byId, onSubmit],
  );
  const label = options.submitLabel && options.submitLabel !== DEFAULT_SUBMIT_LABEL ? options.submitLabel : t('blocks.application.submit');
  const submitLabel = again ? t('blocks.application.submitAgain') : label;
  const rootIds = useMemo(() => rootIdsOf(fields), [fields]);
  // An application without questions is one button: the form engine saves nothing when there is nothing to save.
  if (!fields.length) return <SubmitWithoutFields label={submitLabel} onSubmit={() => onSubmit({})} />;
  if (!components) {
    return (
      <p role="status" className="t-form__loading">
        {t('blocks.application.loading')}
      </p>
    );
  }
  return (
    <FormRoot
      formId={formId}
      fields={fields}
      rootIds={rootIds}
      data={data}
      options={{
        editable: true,
        alwaysEdit: true,
        doNotClose: true,
        skipDirtyCheck: true,
        disableSuccessMessage: true,
        submitLabel,
        showProgress: options.showProgress !== false,
      }}
      services={services}
      components={components}
      fieldTypes={registryFieldTypes}
      ruleContext={env.ruleContext}
      translator={env.translator}
      hash={env.hash}
    />
  );
}

function SubmitWithoutFields({ label, onSubmit }: { label: string; onSubmit(): Promise<void> }) {
  const { t } = useEngine();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <div className="t-application__actions">
      <button
        type="button"
        className="t-application__primary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          onSubmit()
            .catch((failure: unknown) =>
              setError(t('blocks.application.moveFailed', { message: failure instanceof Error ? failure.message : String(failure) })),
            )
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
