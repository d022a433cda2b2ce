/**
 * The drafts bar under the composer's bar (issue 35): "N unpublished changes on this page", and
 * Publish (this page), Publish all, Discard (this page, asked first) and Preview as member. The
 * preview is Puck's: the page as members will see it once published (the drafts, without the
 * editing chrome), until Back to editing. A publish is one undo step (its revert token takes it
 * back, the drafts return). The list is read again whenever a change reaches the socket. The
 * page itself follows through realtime: a publish sends members the items at the revisions the
 * editors hold, a discard or an unpublish sends editors newer drafts, so nothing is read again
 * (and the composer keeps its selection).
 */
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pageAtom } from '../../engine';
import { useAdmin, errorMessage } from '../core/context';
import { countText } from '../core/count-text';
import { Dialog } from '../core/Dialog';
import { DialogActions } from '../core/DialogActions';
import type { DraftScope } from '../core/api';
import type { PresenceChannel } from '../presence/Presence';
import { recordStep } from '../editor/history';
import { countable, draftPreviewAtom, draftsAtom, draftsOfPage, draftsReloadAtom } from './state';

export interface DraftBarProps {
  /** The shell's realtime socket: any change heard reads the drafts again. */
  channel: PresenceChannel | null;
}

export function DraftBar({ channel }: DraftBarProps) {
  const admin = useAdmin();
  const { t, store, locale } = admin;
  const drafts = useAtomValue(draftsAtom);
  const page = useAtomValue(pageAtom(admin.pageId));
  const [preview, setPreview] = useAtom(draftPreviewAtom);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const previewButton = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(async () => {
    try {
      store.set(draftsAtom, await admin.api.listDrafts());
    } catch {
      // The bar keeps what it had; the next change reads again.
    }
  }, [admin.api, store]);

  useEffect(() => {
    void refresh();
    store.set(draftsReloadAtom, { reload: refresh });
    return () => store.set(draftsReloadAtom, null);
  }, [refresh, store]);

  useEffect(() => {
    if (!channel) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 150);
    };
    channel.on('items:changes', heard);
    return () => {
      clearTimeout(timer);
      channel.off('items:changes', heard);
    };
  }, [channel, refresh]);

  useEffect(() => {
    // The composer's outlines and panel margins (t-composing) go too while previewing.
    const body = document.body;
    const composing = body.classList.contains('t-composing');
    body.classList.toggle('t-draft-preview', preview);
    if (preview) body.classList.remove('t-composing');
    return () => {
      body.classList.remove('t-draft-preview');
      if (preview && composing) body.classList.add('t-composing');
    };
  }, [preview]);
  // Leaving the composer ends the preview.
  useEffect(() => () => store.set(draftPreviewAtom, false), [store]);

  const onPage = countable(draftsOfPage(drafts, admin.pageId, page?.moduleId));
  const total = countable(drafts);

  const publish = async (scope: DraftScope) => {
    setBusy(true);
    try {
      const result = await admin.api.publishDrafts(scope);
      if (result.revertToken)
        recordStep(admin, {
          label: 'all' in scope ? t('admin.drafts.publishAll') : t('admin.drafts.publish'),
          command: { kind: 'unpublish', token: result.revertToken, scope },
        });
      admin.notify('positive', countText(t, locale, 'admin.drafts.published', result.published));
      await refresh();
    } catch (error) {
      admin.notify('negative', t('admin.drafts.failed', { message: errorMessage(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    setBusy(true);
    try {
      await admin.api.discardDrafts({ pageId: admin.pageId });
      admin.notify('positive', t('admin.drafts.discarded'));
      setConfirming(false);
      await refresh();
    } catch (error) {
      admin.notify('negative', t('admin.drafts.failed', { message: errorMessage(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  if (!total && !preview) return null;
  return (
    <section className={`t-draft-bar${preview ? ' t-draft-bar--preview' : ''}`} aria-label={t('admin.drafts.region')}>
      <p className="t-draft-bar__status" role="status">
        {preview ? t('admin.drafts.previewing') : onPage ? countText(t, locale, 'admin.drafts.onPage', onPage) : t('admin.drafts.noneOnPage')}
        {!preview && total > onPage && <span className="t-draft-bar__total"> {countText(t, locale, 'admin.drafts.inAll', total)}</span>}
      </p>
      <button type="button" ref={previewButton} aria-pressed={preview} onClick={() => setPreview(!preview)}>
        {preview ? t('admin.drafts.backToEditing') : t('admin.drafts.preview')}
      </button>
      {!preview && (
        <>
          <button type="button" disabled={busy || !onPage} onClick={() => setConfirming(true)}>
            {t('admin.drafts.discard')}
          </button>
          <button type="button" disabled={busy || !total} onClick={() => void publish({ all: true })}>
            {t('admin.drafts.publishAll')}
          </button>
          <button type="button" className="t-draft-bar__publish" disabled={busy || !onPage} onClick={() => void publish({ pageId: admin.pageId })}>
            {t('admin.drafts.publish')}
          </button>
        </>
      )}
      {confirming && (
        <Dialog
          title={t('admin.drafts.discardTitle')}
          onClose={() => setConfirming(false)}
          busy={busy}
          size="small"
          actions={
            <DialogActions
              busy={busy}
              onCancel={() => setConfirming(false)}
              onConfirm={discard}
              confirmLabel={t('admin.drafts.discard')}
              busyLabel={t('admin.drafts.discarding')}
            />
          }
        >
          <p>{t('admin.drafts.discardBody')}</p>
        </Dialog>
      )}
    </section>
  );
}

/** The "Draft" badge beside a module, page or block that is new or changed in a draft. */
export function DraftBadge() {
  const { t } = useAdmin();
  return <span className="t-draft-badge">{t('admin.drafts.badge')}</span>;
}
