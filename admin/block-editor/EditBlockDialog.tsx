/**
 * The edit block dialog: an @rjsf/core form generated from the block type's registry options
 * schema and ui hints. Every change previews live (the draft is written into the block's atom);
 * Cancel restores the block as it was. Save validates on the client, then on the server, whose
 * message and field errors show in the form.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { blockAtom, setBlockOptionsAtom } from '../../engine';
import type { Block, BlockVisibility, Id, JsonObject } from '../../schemas/model';
import { Dialog } from '../core/Dialog';
import { DialogActions } from '../core/DialogActions';
import { TabPanel, Tabs } from '../core/Tabs';
import { blockLabel, errorMessage, useAdmin } from '../core/context';
import { isAdminApiError } from '../core/api';
import type { RuleSubjectChoices } from '../rules-editor';
import { translateOptionErrors } from './error-messages';
import { fieldErrorsToErrorSchema } from './server-errors';
import { loadOptionsValidator, type OptionsData, type OptionsValidator } from './validator';
import { VisibilityPanel } from './VisibilityPanel';
import { recordStep, stepLabel } from '../editor/history';
import { isInlineDraft } from '../inline-text/InlineText';
import { adminWidgets } from './widgets';

type Tab = 'settings' | 'visibility' | 'design';

export function EditBlockDialog({ blockId, onClose, subjects }: { blockId: Id; onClose(): void; subjects: RuleSubjectChoices }) {
  const block = useAtomValue(blockAtom(blockId));
  // The block as it was when the dialog opened: Cancel puts it back.
  const original = useRef(block);
  if (!original.current) return null;
  return <EditBlockForm original={original.current} onClose={onClose} subjects={subjects} variant="dialog" />;
}

/**
 * The same form in the composer's side panel: the selected block's settings, visibility and design.
 * Changes preview live; Save sends them (one undo step), Discard puts the block back. Leaving the
 * block unsaved (selecting another) discards the preview.
 */
export function BlockSettings({ blockId, subjects }: { blockId: Id; subjects: RuleSubjectChoices }) {
  const block = useAtomValue(blockAtom(blockId));
  const [original, setOriginal] = useState(block);
  const [generation, setGeneration] = useState(0);
  const store = useAdmin().store;
  const saved = useRef(true);
  const latest = useRef(original);
  latest.current = original;
  useEffect(
    () => () => {
      // Unsaved live preview goes when the panel leaves the block.
      if (!saved.current && latest.current) {
        const now = store.get(blockAtom(blockId));
        if (now && !now.wasDeleted) store.set(blockAtom(blockId), { ...latest.current, revision: now.revision });
      }
    },
    [store, blockId],
  );
  useEffect(() => {
    if (!block || !original) return;
    // Saved elsewhere (inline text): the form starts again from the saved block, unless it holds unsaved changes of its own.
    if (block.revision !== original.revision && saved.current) {
      setOriginal(block);
      setGeneration((g) => g + 1);
    } else if (isInlineDraft(block.options)) {
      // Typed in place: the form shows the same draft (it starts from the block's atom).
      setGeneration((g) => g + 1);
    }
  }, [block, original]);
  if (!original) return null;
  return (
    <EditBlockForm
      key={`${original.revision ?? 0}-${generation}`}
      original={original}
      variant="panel"
      subjects={subjects}
      onDirty={() => (saved.current = false)}
      onClose={(next) => {
        saved.current = true;
        if (next) setOriginal(next);
        setGeneration((g) => g + 1);
      }}
    />
  );
}

interface EditBlockFormProps {
  original: Block;
  /** Called with the saved block after Save, with nothing after Cancel. */
  onClose(saved?: Block): void;
  onDirty?(): void;
  subjects: RuleSubjectChoices;
  variant: 'dialog' | 'panel';
}

function EditBlockForm({ original, onClose, onDirty, subjects, variant }: EditBlockFormProps) {
  const admin = useAdmin();
  const { t, registry, store } = admin;
  const entry = registry.blocks[original.type];
  const panels: Tab[] = entry?.adminPanels?.filter((p): p is Tab => p === 'settings' || p === 'visibility' || p === 'design') ?? ['settings'];
  const tabs: Tab[] = panels.includes('settings') ? panels : ['settings', ...panels];
  const [tab, setTab] = useState<Tab>('settings');
  const [name, setName] = useState(original.name ?? '');
  const [showTitle, setShowTitle] = useState(original.showTitle === true);
  // From the block's atom: the draft it previews (typed in place too), else the block as it was.
  const [options, setOptions] = useState<JsonObject>(() => ({
    ...(entry?.defaults ?? {}),
    ...(store.get(blockAtom(original.id))?.options ?? original.options ?? {}),
  }));
  const [visibility, setVisibility] = useState<BlockVisibility>(original.visibility ?? {});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string> | undefined>();
  const formRef = useRef<Form<OptionsData>>(null);
  const extraErrors = useMemo(() => fieldErrorsToErrorSchema(serverFieldErrors), [serverFieldErrors]);
  const [validator, setValidator] = useState<OptionsValidator | null>(null);
  useEffect(() => {
    let live = true;
    if (entry?.options)
      void loadOptionsValidator(original.type, entry.options as RJSFSchema, admin.optionValidators).then((v) => live && setValidator(() => v));
    return () => {
      live = false;
    };
  }, [entry, original.type, admin.optionValidators]);

  const cancel = () => {
    store.set(blockAtom(original.id), original);
    onClose();
  };

  const save = async () => {
    setError('');
    setServerFieldErrors(undefined);
    if (entry?.options && formRef.current && !formRef.current.validateForm()) {
      setTab('settings');
      setError(t('admin.editBlock.invalid'));
      return;
    }
    const current = store.get(blockAtom(original.id)) ?? original;
    const next: Block = { ...current, options, visibility, showTitle };
    if (name) next.name = name;
    else delete next.name;
    setBusy(true);
    try {
      const result = await admin.api.updateBlock(original.id, next);
      admin.apply(result);
      const stored = result.blocks?.find((b) => b.id === original.id) ?? store.get(blockAtom(original.id));
      recordStep(admin, { label: stepLabel(admin, 'edit', original), command: { kind: 'block', block: { ...original, revision: stored?.revision } } });
      admin.notify('positive', t('admin.editBlock.saved'));
      setBusy(false);
      onClose(stored);
    } catch (e) {
      setBusy(false);
      setTab('settings');
      setError(t('admin.editBlock.failed', { message: errorMessage(e, t) }));
      if (isAdminApiError(e)) setServerFieldErrors(e.fieldErrors);
    }
  };

  const prefix = `${variant === 'panel' ? 'block-panel' : 'edit-block'}-${original.id}`;
  const actions = <DialogActions busy={busy} onCancel={cancel} onConfirm={save} disabled={!entry} />;
  const body = (
    <>
      {error && (
        <p role="alert" className="t-admin-error">
          {error}
        </p>
      )}
      <Tabs<Tab>
        tabs={tabs}
        current={tab}
        onChange={setTab}
        label={t('admin.editBlock.title', { name: blockLabel(original, registry) })}
        idPrefix={prefix}
        labelOf={(x) => t(`admin.editBlock.tabs.${x}`)}
      />
      <TabPanel tab="settings" current={tab} idPrefix={prefix}>
        <label className="t-admin-field">
          {t('admin.editBlock.name')}
          <input
            type="text"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              onDirty?.();
            }}
            maxLength={200}
          />
        </label>
        {!entry ? (
          <p role="alert">{t('admin.editBlock.unknownType', { type: original.type })}</p>
        ) : (
          entry.options &&
          (!validator ? (
            <p role="status">{t('admin.common.loading')}</p>
          ) : (
            <Form<OptionsData>
              ref={formRef}
              schema={entry.options as RJSFSchema}
              uiSchema={{ ...((entry.ui ?? {}) as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
              formData={options as OptionsData}
              validator={validator}
              widgets={adminWidgets}
              extraErrors={extraErrors}
              transformErrors={(errors) => translateOptionErrors(errors, t)}
              showErrorList={false}
              noHtml5Validate
              liveValidate="onBlur"
              onChange={(e) => {
                const next = (e.formData ?? {}) as JsonObject;
                setOptions(next);
                onDirty?.();
                store.set(setBlockOptionsAtom, { id: original.id, options: next });
              }}
            />
          ))
        )}
      </TabPanel>
      {tabs.includes('visibility') && (
        <TabPanel tab="visibility" current={tab} idPrefix={prefix}>
          <VisibilityPanel value={visibility} onChange={setVisibility} subjects={subjects} />
        </TabPanel>
      )}
      {tabs.includes('design') && (
        <TabPanel tab="design" current={tab} idPrefix={prefix}>
          <label className="t-admin-check">
            <input type="checkbox" checked={showTitle} onChange={(e) => setShowTitle(e.target.checked)} />
            {t('admin.editBlock.showTitle')}
          </label>
        </TabPanel>
      )}
    </>
  );
  if (variant === 'panel')
    return (
      <section className="t-admin-block-settings" aria-label={t('admin.editBlock.title', { name: blockLabel(original, registry) })}>
        {body}
        <div className="t-admin-panel__actions">
          <DialogActions busy={busy} onCancel={cancel} onConfirm={save} disabled={!entry} cancelLabel={t('admin.composer.revertChanges')} />
        </div>
      </section>
    );
  return (
    <Dialog
      title={t('admin.editBlock.title', { name: blockLabel(original, registry) })}
      description={t('admin.editBlock.description')}
      onClose={cancel}
      busy={busy}
      size="large"
      className="t-admin-edit-block"
      actions={actions}
    >
      {body}
    </Dialog>
  );
}
