/**
 * AdminProvider: the admin context (API, full registry, permissions, translator) around the edited
 * page, and the admin's shared UI: the open dialog, notices, the revert notification of a deletion
 * (Revert with a confirm dialog, gone after REVERT_NOTIFICATION_TIMEOUT_MS) and an aria-live
 * region for announcements. Render it inside the EngineProvider, around the PageRenderer.
 */
import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  applyItemsChangesAtom,
  createTranslator,
  messages,
  moduleOrderAtom,
  pageAtom,
  REVERT_NOTIFICATION_TIMEOUT_MS,
  type FileService,
  type LazyModuleIndex,
  type StructureAction,
  type Translator,
} from '../engine';
import type { Id, RegistryData } from '../schemas/model';
import { PermissionsDialog } from './access/PermissionsEditor';
import { ViewAsDialog } from './access/ViewAs';
import { ExistingBlockPicker } from './blocks/ExistingBlockPicker';
import { CapturedBlocksDialog } from './captured/CapturedBlocksDialog';
import type { AdminApi } from './core/api';
import { AdminContext, errorMessage, useAdmin, type AdminDialogRequest, type AdminValue, type NoticeKind } from './core/context';
import { Dialog } from './core/Dialog';
import { runOptimistic } from './core/optimistic';
import { DialogActions } from './core/DialogActions';
import type { PermissionUser } from './core/permissions';
import type { RuleSubjectChoices } from './rules-editor';
import { Composer } from './editor/Composer';
import { dropTokenSteps } from './editor/history';
import './admin.css';

export interface AdminProviderProps {
  api: AdminApi;
  /** The full registry (`registry/generated/registry.json`). */
  registry: RegistryData;
  user: PermissionUser;
  /** The page being edited. */
  pageId: Id;
  locale?: string;
  translator?: Translator;
  /** `blockOptionValidators` of the generated block index: the edit form's precompiled validators. */
  optionValidators?: LazyModuleIndex;
  imageToken?: string;
  /** The files calls, for the file pickers of block options (the asset library). */
  files?: FileService;
  /** What advanced visibility rules can talk about (fields, lists, power-ups ...). */
  ruleSubjects?: RuleSubjectChoices;
  /** Lists currently viewed as (from init's viewAs). */
  viewAsListIds?: Id[];
  /** Told after view-as changes (the shell reloads init). */
  onViewAsChange?(listIds: Id[]): void;
  /** The shell's toasts; without it the admin shows its own notices at bottom-right. */
  onNotify?(kind: NoticeKind, message: string): void;
  /** The composer's selection, panels and shortcuts (admin/editor/Composer.tsx); on unless false. */
  composer?: boolean;
  /**
   * Told the admin value (and null when it goes). The shell provides it around a page rendered
   * outside this provider (AdminContext of admin/edit-mode), so the page is not remounted.
   */
  onValue?(value: AdminValue | null): void;
  children?: ReactNode;
}

interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
}

interface RevertOffer {
  id: number;
  token: string;
  name: string;
  undo?: StructureAction;
}

let noticeIds = 0;

export function AdminProvider(props: AdminProviderProps) {
  const { api, registry, user, pageId, locale = 'en', translator, optionValidators, imageToken, files, ruleSubjects = {}, onNotify, children } = props;
  const store = useStore();
  const t = useMemo(() => (translator ?? createTranslator(messages, locale)).t, [translator, locale]);
  const [dialog, setDialog] = useState<AdminDialogRequest | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [offers, setOffers] = useState<RevertOffer[]>([]);
  const notifyRef = useRef(onNotify);
  notifyRef.current = onNotify;

  const notify = useCallback((kind: NoticeKind, message: string) => {
    if (notifyRef.current) return notifyRef.current(kind, message);
    const id = ++noticeIds;
    setNotices((n) => [...n, { id, kind, message }]);
    setTimeout(() => setNotices((n) => n.filter((x) => x.id !== id)), kind === 'negative' ? 8000 : 4000);
  }, []);

  const value = useMemo<AdminValue>(() => {
    const admin: AdminValue = {
      api,
      registry,
      user,
      t,
      locale,
      pageId,
      store,
      optionValidators,
      imageToken,
      files,
      apply: (result) => {
        if (!result) return;
        store.set(applyItemsChangesAtom, result);
        if (result.moduleOrder) store.set(moduleOrderAtom, result.moduleOrder);
      },
      run: (action, call) => runOptimistic(admin, action, call),
      notify,
      // Into the live region's own atom: an announcement re-renders the region, not the composer.
      announce: (message) => store.set(announcementAtom, message),
      open: setDialog,
      offerRevert: (token, name, undo) => setOffers((o) => [...o, { id: ++noticeIds, token, name, undo }]),
      retireRevert: (token) => setOffers((o) => o.filter((x) => x.token !== token)),
      page: () => store.get(pageAtom(pageId)),
    };
    return admin;
  }, [api, registry, user, t, locale, pageId, store, optionValidators, imageToken, files, notify]);

  const onValue = props.onValue;
  useEffect(() => {
    onValue?.(value);
    return () => onValue?.(null);
  }, [onValue, value]);

  const close = () => setDialog(null);
  return (
    <AdminContext.Provider value={value}>
      {children}
      {props.composer !== false && <Composer subjects={ruleSubjects} />}
      {dialog?.kind === 'existingBlock' && <ExistingBlockPicker slot={dialog.slot} onClose={close} />}
      {dialog?.kind === 'paste' && <CapturedBlocksDialog slot={dialog.slot} onClose={close} />}
      {dialog?.kind === 'viewAs' && <ViewAsDialog current={props.viewAsListIds ?? []} onClose={close} onChanged={(ids) => props.onViewAsChange?.(ids)} />}
      {dialog?.kind === 'permissions' && <PermissionsDialog itemId={dialog.itemId} name={dialog.name} onClose={close} />}
      <div className="t-admin-notices" role="region" aria-label={t('admin.live.region')}>
        <LiveRegion />
        {notices.map((n) => (
          <div key={n.id} className={`t-admin-notice t-admin-notice--${n.kind}`} role={n.kind === 'negative' ? 'alert' : 'status'}>
            {n.message}
          </div>
        ))}
        {offers.map((o) => (
          <RevertNotification key={o.id} offer={o} onDone={() => setOffers((all) => all.filter((x) => x.id !== o.id))} />
        ))}
      </div>
    </AdminContext.Provider>
  );
}

const announcementAtom = atom('');

function LiveRegion() {
  return (
    <div aria-live="polite" role="status" className="t-admin-live">
      {useAtomValue(announcementAtom)}
    </div>
  );
}

/** "Block deleted" with Revert (confirmed in a dialog); it goes after the revert notification time-out. */
function RevertNotification({ offer, onDone }: { offer: RevertOffer; onDone(): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const confirmingRef = useRef(false);
  confirmingRef.current = confirming;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!confirmingRef.current) doneRef.current();
    }, REVERT_NOTIFICATION_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  const revert = async () => {
    setBusy(true);
    try {
      if (offer.undo) await admin.run(offer.undo, () => admin.api.revert(offer.token));
      else admin.apply(await admin.api.revert(offer.token));
      // The token is spent: the undo step of that delete would only fail now.
      dropTokenSteps(admin.store, offer.token);
      admin.notify('positive', t('admin.block.reverted', { name: offer.name }));
    } catch (e) {
      admin.notify('negative', errorMessage(e, t));
    } finally {
      setBusy(false);
      setConfirming(false);
      onDone();
    }
  };
  return (
    <div className="t-admin-notice t-admin-notice--info" role="status">
      {t('admin.block.deleted', { name: offer.name })}{' '}
      <button type="button" onClick={() => setConfirming(true)}>
        {t('admin.block.revert')}
      </button>
      {confirming && (
        <Dialog
          title={t('admin.block.revertConfirm.title')}
          description={t('admin.block.revertConfirm.body', { name: offer.name })}
          onClose={() => setConfirming(false)}
          busy={busy}
          size="small"
          actions={
            <DialogActions
              busy={busy}
              onCancel={() => setConfirming(false)}
              onConfirm={revert}
              cancelLabel={t('admin.block.revertConfirm.cancel')}
              confirmLabel={t('admin.block.revertConfirm.confirm')}
              busyLabel={t('admin.common.loading')}
              autoFocusConfirm
            />
          }
        >
          {null}
        </Dialog>
      )}
    </div>
  );
}
