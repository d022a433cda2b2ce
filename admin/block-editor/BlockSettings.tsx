/**
 * The selected block's settings in the composer's side panel: an @rjsf/core form generated from the
 * block type's registry options schema and ui hints, with its visibility and design tabs. Every
 * change previews live (the draft is written into the block's atom). Save validates on the client,
 * then on the server, whose message and field errors show in the form (one undo step); Discard
 * changes puts the block back. Selecting another block keeps the draft, as Webflow and Puck keep an
 * edit: the preview stays on the page and the panel picks the draft up again on return, marked
 * unsaved, until it is saved or discarded.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { atom } from 'jotai';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { blockAtom, sameJson, setBlockOptionsAtom } from '../../engine';
import type { Block, BlockVisibility, Id, JsonObject } from '../../schemas/model';
import { DialogActions } from '../core/DialogActions';
import { TabPanel, Tabs } from '../core/Tabs';
import { blockLabel, errorMessage, useAdmin } from '../core/context';
import { isAdminApiError } from '../core/api';
import type { RuleSubjectChoices } from '../rules-editor';
import { translateOptionErrors } from './error-messages';
import { fieldErrorsToErrorSchema } from './server-errors';
import { loadOptionsValidator, type OptionsData, type OptionsValidator } from './validator';
import { VisibilityPanel } from './VisibilityPanel';
import { editCommand, recordStep, stepLabel } from '../editor/history';
import { isInlineDraft } from '../inline-text/InlineText';
import { adminWidgets } from './widgets';
import { liveFields, LiveFormContext, withValueAt, type LiveForm } from './live-fields';
import { withEnumLabels } from './enum-labels';

type Tab = 'settings' | 'visibility' | 'design';

/** An unsaved edit of a block: the block as it was, and the form's values. */
export interface BlockDraft {
  original: Block;
  name: string;
  showTitle: boolean;
  options: JsonObject;
  visibility: BlockVisibility;
}

/** Unsaved edits by block id (kept while another block is selected). */
export const blockDraftsAtom = atom<Record<Id, BlockDraft>>({});

/**
 * The form of one block. It follows the block's atom without rendering on each change of it (the
 * form's own typing changes it on every keystroke): only a save made elsewhere or text typed in
 * place starts the form again.
 */
export const BlockSettings = memo(function BlockSettings({ blockId, subjects }: { blockId: Id; subjects: RuleSubjectChoices }) {
  const { store } = useAdmin();
  const [original, setOriginal] = useState(() => store.get(blockDraftsAtom)[blockId]?.original ?? store.get(blockAtom(blockId)));
  const [generation, setGeneration] = useState(0);
  // Kept over the form's remount after Save or Discard: the admin stays on the tab they saved from,
  // and keyboard focus, which was on the form's button, goes to that tab (never lost to the page).
  const [tab, setTab] = useState<Tab>('settings');
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    let seen = store.get(blockAtom(blockId));
    const check = () => {
      const block = store.get(blockAtom(blockId));
      const drafts = store.get(blockDraftsAtom);
      if (!block || !original) return;
      // Saved elsewhere (inline text): the form starts again from the saved block, unless it holds an unsaved draft of its own.
      if (block.revision !== original.revision && !drafts[blockId]) {
        setOriginal(block);
        setGeneration((g) => g + 1);
      } else if (block !== seen && isInlineDraft(block.options)) {
        seen = block;
        // Typed in place: the form shows the same draft (it starts from the block's atom, or from
        // its own draft, which rjsf makes on mount when it fills defaults: that takes the text too).
        const draft = drafts[blockId];
        if (draft && draft.options !== block.options) store.set(blockDraftsAtom, { ...drafts, [blockId]: { ...draft, options: block.options as JsonObject } });
        setGeneration((g) => g + 1);
      }
      seen = block;
    };
    if (isInlineDraft(seen?.options)) setGeneration((g) => g + 1);
    check();
    const offBlock = store.sub(blockAtom(blockId), check);
    const offDrafts = store.sub(blockDraftsAtom, check);
    return () => {
      offBlock();
      offDrafts();
    };
  }, [store, blockId, original]);
  if (!original) return null;
  return (
    <EditBlockForm
      key={`${original.revision ?? 0}-${generation}`}
      original={original}
      subjects={subjects}
      tab={tab}
      onTab={setTab}
      focusTab={refocus}
      onFocused={() => setRefocus(false)}
      onClose={(next, hadFocus) => {
        setRefocus(hadFocus);
        if (next) setOriginal(next);
        setGeneration((g) => g + 1);
      }}
    />
  );
});

interface EditBlockFormProps {
  original: Block;
  /** Called with the saved block after Save, with nothing after Discard; `hadFocus`: focus was in the form. */
  onClose(saved: Block | undefined, hadFocus: boolean): void;
  subjects: RuleSubjectChoices;
  tab: Tab;
  onTab(tab: Tab): void;
  /** Focus the current tab once mounted (the previous form had the focus). */
  focusTab: boolean;
  onFocused(): void;
}

function EditBlockForm({ original, onClose, subjects, tab, onTab: setTab, focusTab, onFocused }: EditBlockFormProps) {
  const admin = useAdmin();
  const { t, registry, store } = admin;
  // A draft left when another block was selected: the form starts from it.
  const [draft] = useState(() => store.get(blockDraftsAtom)[original.id]);
  const entry = registry.blocks[original.type];
  const panels: Tab[] = entry?.adminPanels?.filter((p): p is Tab => p === 'settings' || p === 'visibility' || p === 'design') ?? ['settings'];
  const tabs: Tab[] = panels.includes('settings') ? panels : ['settings', ...panels];
  const [name, setName] = useState(draft?.name ?? original.name ?? '');
  const [showTitle, setShowTitle] = useState(draft?.showTitle ?? original.showTitle === true);
  // From the draft, else the block's atom (which holds text typed in place), else the block as it was.
  // Not state: typing changes them on every keystroke, and the form holds its own copy (live-fields.tsx).
  const optionsRef = useRef<JsonObject | null>(null);
  optionsRef.current ??= draft?.options ?? { ...(entry?.defaults ?? {}), ...(store.get(blockAtom(original.id))?.options ?? original.options ?? {}) };
  const [visibility, setVisibility] = useState<BlockVisibility>(draft?.visibility ?? original.visibility ?? {});
  const [dirty, setDirty] = useState(Boolean(draft));
  // Every change is kept as the block's draft, so selecting another block loses nothing.
  const keep = (change: Partial<BlockDraft>) => {
    setDirty(true);
    const drafts = store.get(blockDraftsAtom);
    const current = drafts[original.id] ?? { original, name, showTitle, options: optionsRef.current!, visibility };
    store.set(blockDraftsAtom, { ...drafts, [original.id]: { ...current, ...change } });
  };
  const forget = () => {
    const { [original.id]: _gone, ...rest } = store.get(blockDraftsAtom);
    store.set(blockDraftsAtom, rest);
  };
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

  const sectionRef = useRef<HTMLElement>(null);
  const hasFocus = () => Boolean(sectionRef.current?.contains(document.activeElement));
  const prefix = `block-panel-${original.id}`;
  useEffect(() => {
    if (!focusTab) return;
    document.getElementById(`${prefix}-tab-${tab}`)?.focus();
    onFocused();
  }, [focusTab, onFocused, prefix, tab]);

  const cancel = () => {
    const now = store.get(blockAtom(original.id));
    store.set(blockAtom(original.id), { ...original, revision: now?.revision ?? original.revision });
    forget();
    onClose(undefined, hasFocus());
  };

  // What the fields hold while typed into: handed to the form before it is validated and saved.
  const held = useRef(new Set<() => void>());
  const keepRef = useRef(keep);
  keepRef.current = keep;
  const liveForm = useMemo<LiveForm>(
    () => ({
      preview: (path, value) => {
        const next = withValueAt(optionsRef.current!, path, value);
        optionsRef.current = next;
        keepRef.current({ options: next });
        store.set(setBlockOptionsAtom, { id: original.id, options: next });
      },
      hold: (commit) => {
        held.current.add(commit);
        return () => held.current.delete(commit);
      },
    }),
    [store, original.id],
  );

  const save = async () => {
    // Asked now: the busy Save button is disabled, which drops the focus.
    const focused = hasFocus();
    flushSync(() => held.current.forEach((commit) => commit()));
    const options = optionsRef.current!;
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
      recordStep(admin, { label: stepLabel(admin, 'edit', original), command: editCommand(original, stored?.revision) });
      admin.notify('positive', t('admin.editBlock.saved'));
      forget();
      setBusy(false);
      onClose(stored, focused);
    } catch (e) {
      setBusy(false);
      setTab('settings');
      setError(t('admin.editBlock.failed', { message: errorMessage(e, t) }));
      if (isAdminApiError(e)) setServerFieldErrors(e.fieldErrors);
    }
  };

  return (
    <section ref={sectionRef} className="t-admin-block-settings" aria-label={t('admin.editBlock.title', { name: blockLabel(original, registry) })}>
      {dirty && (
        <p className="t-admin-unsaved" role="status">
          {t('admin.composer.unsaved')}
        </p>
      )}
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
              keep({ name: e.target.value });
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
            <LiveFormContext.Provider value={liveForm}>
              <Form<OptionsData>
                ref={formRef}
                schema={entry.options as RJSFSchema}
                uiSchema={{
                  ...withEnumLabels(entry.options as RJSFSchema, entry.ui as UiSchema | undefined, original.type, t),
                  'ui:submitButtonOptions': { norender: true },
                }}
                formData={optionsRef.current as OptionsData}
                validator={validator}
                widgets={adminWidgets}
                fields={liveFields}
                extraErrors={extraErrors}
                transformErrors={(errors) => translateOptionErrors(errors, t)}
                showErrorList={false}
                noHtml5Validate
                liveValidate="onBlur"
                onChange={(e) => {
                  const next = (e.formData ?? {}) as JsonObject;
                  const same = sameJson(next, optionsRef.current);
                  optionsRef.current = next;
                  keep({ options: next });
                  // A typed value handed over on blur is on the page already.
                  if (!same) store.set(setBlockOptionsAtom, { id: original.id, options: next });
                }}
              />
            </LiveFormContext.Provider>
          ))
        )}
      </TabPanel>
      {tabs.includes('visibility') && (
        <TabPanel tab="visibility" current={tab} idPrefix={prefix}>
          <VisibilityPanel
            value={visibility}
            onChange={(v) => {
              setVisibility(v);
              keep({ visibility: v });
            }}
            subjects={subjects}
          />
        </TabPanel>
      )}
      {tabs.includes('design') && (
        <TabPanel tab="design" current={tab} idPrefix={prefix}>
          <label className="t-admin-check">
            <input
              type="checkbox"
              checked={showTitle}
              onChange={(e) => {
                setShowTitle(e.target.checked);
                keep({ showTitle: e.target.checked });
              }}
            />
            {t('admin.editBlock.showTitle')}
          </label>
        </TabPanel>
      )}
      <div className="t-admin-panel__actions">
        <DialogActions busy={busy} onCancel={cancel} onConfirm={save} disabled={!entry} cancelLabel={t('admin.composer.revertChanges')} />
      </div>
    </section>
  );
}
