/**
 * The admin bar (spec 2.6) for users with edit or text-edit permission: edit-mode and text-edit
 * toggles (the same as alt+shift+e / alt+shift+j) and the admin area link; and the view-as reset
 * bar while an admin views the site as chosen lists (POST admin/reset, then a fresh start-up).
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { toggleEditModeAtom } from '../../admin/edit-mode';
import { useT } from '../i18n/use-t';
import { canEnterAdmin } from '../routes/guards';
import { useApi } from './services';
import { canEditAtom, canManageTextEditAtom, editModeAtom, pushToastAtom, sessionAtom, textEditModeAtom } from './shell-state';

export function AdminBar() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const canEdit = useAtomValue(canEditAtom);
  const canTextEdit = useAtomValue(canManageTextEditAtom);
  const editMode = useAtomValue(editModeAtom);
  const [textEditMode, setTextEditMode] = useAtom(textEditModeAtom);
  // The same throttled toggle as alt+shift+e.
  const toggleEdit = useSetAtom(toggleEditModeAtom);
  // In edit mode the composer's bar (admin/AdminBar.tsx) is the one bar.
  if ((!canEdit && !canTextEdit) || editMode) return null;
  return (
    <div className="ts-admin-bar" role="toolbar" aria-label={t('shell.adminBar.label')}>
      {canEdit && (
        <button type="button" aria-pressed={editMode} onClick={() => toggleEdit(Date.now())}>
          {t('shell.adminBar.editMode')}
        </button>
      )}
      {canTextEdit && (
        <button type="button" aria-pressed={textEditMode} onClick={() => setTextEditMode(!textEditMode)}>
          {t('shell.adminBar.textEditMode')}
        </button>
      )}
      {canEnterAdmin(session?.user) && <Link href="/admin">{t('shell.adminBar.admin')}</Link>}
    </div>
  );
}

export function ViewAsBar({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const t = useT();
  const api = useApi();
  const session = useAtomValue(sessionAtom);
  const toast = useSetAtom(pushToastAtom);
  const lists = session?.viewAs;
  if (!lists?.length) return null;
  const reset = async () => {
    try {
      await api.post('admin/reset', undefined, { quiet: true });
      reload();
    } catch {
      toast({ type: 'negative', message: t('shell.viewAs.error') });
    }
  };
  return (
    <div className="ts-view-as" role="region" aria-label={t('shell.viewAs.reset')}>
      <span>{t('shell.viewAs.active', { count: lists.length })}</span>
      <button type="button" className="ts-button" onClick={() => void reset()}>
        {t('shell.viewAs.reset')}
      </button>
    </div>
  );
}
