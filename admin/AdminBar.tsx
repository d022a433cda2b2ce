/** The admin bar shown to admins in edit mode: edit, text-edit, safe mode and debug toggles, view-as, and the captured blocks count. */
import { useAtom, useAtomValue } from 'jotai';
import type { Id } from '../schemas/model';
import { ViewAsResetBar } from './access/ViewAs';
import { capturedBadgeText, capturedBlocksAtom } from './captured/state';
import { useAdmin } from './core/context';
import { canManageTextEdit, canToggleDebug, canViewAs } from './core/permissions';
import { debugInfoAtom, editModeAtom, safeModeAtom, textEditModeAtom } from './edit-mode';

export interface AdminBarProps {
  /** Names of the lists being viewed as (empty when not viewing as). */
  viewAsListNames?: string[];
  onViewAsReset?(): void;
}

export function AdminBar({ viewAsListNames = [], onViewAsReset }: AdminBarProps) {
  const admin = useAdmin();
  const { t, user } = admin;
  const [editMode, setEditMode] = useAtom(editModeAtom);
  const [textEdit, setTextEdit] = useAtom(textEditModeAtom);
  const [safe, setSafe] = useAtom(safeModeAtom);
  const [debug, setDebug] = useAtom(debugInfoAtom);
  const captured = useAtomValue(capturedBlocksAtom);
  return (
    <div className="t-admin-bar" role="toolbar" aria-label={t('editMode.adminBar')}>
      <button type="button" aria-pressed={editMode} onClick={() => setEditMode(!editMode)}>{t('editMode.toggle')}</button>
      {canManageTextEdit(user) && <button type="button" aria-pressed={textEdit} onClick={() => setTextEdit(!textEdit)}>{t('editMode.textEdit')}</button>}
      <button type="button" aria-pressed={safe} onClick={() => setSafe(!safe)}>{t('editMode.safeMode')}</button>
      {canToggleDebug(user) && <button type="button" aria-pressed={debug} onClick={() => setDebug(!debug)}>{t('editMode.debugInfo')}</button>}
      {canViewAs(user) && <button type="button" onClick={() => admin.open({ kind: 'viewAs' })}>{t('admin.viewAs.open')}</button>}
      {captured.length > 0 && (
        <span className="t-admin-badge" role="status" aria-label={t('capturedBlocks.badge', { count: captured.length })}>
          {capturedBadgeText(captured.length)}
        </span>
      )}
      <ViewAsResetBar listNames={viewAsListNames} onReset={() => onViewAsReset?.()} />
    </div>
  );
}

/** Opens the permissions dialog of an item (module, page). */
export function PermissionsButton({ itemId, name }: { itemId: Id; name: string }) {
  const admin = useAdmin();
  return (
    <button type="button" onClick={() => admin.open({ kind: 'permissions', itemId, name })}>
      {admin.t('admin.permissions.open')}
    </button>
  );
}
