/**
 * A translated label. In text-edit mode, for users with the text-edit permission, it becomes
 * editable inline; the new text is saved through POST i18n ([{key, data}], iso) and applies at once.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import type { MessageParams } from '../../engine/core/i18n';
import { useApi } from '../shell/services';
import { canManageTextEditAtom, i18nOverridesAtom, localeAtom, pushToastAtom, textEditModeAtom } from '../shell/shell-state';
import { useT } from './use-t';

export async function saveTextOverride(
  api: { post: (path: string, body: unknown, opts: { query: Record<string, string> }) => Promise<unknown> },
  locale: string,
  key: string,
  data: string,
) {
  await api.post('i18n', [{ key, data }], { query: { iso: locale } });
}

export function Text({ k, params }: { k: string; params?: MessageParams }) {
  const t = useT();
  const textEditMode = useAtomValue(textEditModeAtom);
  const canEditText = useAtomValue(canManageTextEditAtom);
  const editable = textEditMode && canEditText;
  const [editing, setEditing] = useState<string | null>(null);
  const locale = useAtomValue(localeAtom);
  const setOverrides = useSetAtom(i18nOverridesAtom);
  const toast = useSetAtom(pushToastAtom);
  const api = useApi();
  const text = t(k, params);
  if (!editable) return <>{text}</>;
  if (editing === null)
    return (
      <button type="button" className="ts-text-edit" title={t('shell.textEdit.edit')} onClick={() => setEditing(t(k))}>
        {text}
      </button>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await saveTextOverride(api, locale, k, editing);
      setOverrides((o) => ({ ...o, [k]: editing }));
      setEditing(null);
      toast({ type: 'positive', message: t('shell.textEdit.saved') });
    } catch {
      // The API client already showed the failure.
    }
  };
  return (
    <form className="ts-text-edit-form" onSubmit={submit}>
      <input aria-label={t('shell.textEdit.label', { key: k })} value={editing} onChange={(e) => setEditing(e.target.value)} autoFocus />
      <button type="submit">{t('shell.textEdit.save')}</button>
      <button type="button" onClick={() => setEditing(null)}>
        {t('common.actions.cancel')}
      </button>
    </form>
  );
}
