/**
 * The form engine's privacy buttons (#privacy, spec core §4.5) for the viewer's own profile: each
 * data item is public or private in the session's dataPrivacy; a press changes it at once and
 * saves it with POST user/dataPrivacy, with the §8 toast ('saved', or a failure that puts it back).
 */
import type { createStore } from 'jotai';
import type { FormServices } from '../../engine/forms/types';
import { dataPrivacyState } from '../../engine/core/profile-privacy';
import type { DataPrivacy, Id } from '../../schemas/model';
import type { ApiClient } from '../api/client';
import { sessionAtom, type Toast } from '../shell/shell-state';

type Store = ReturnType<typeof createStore>;
type ToastMessage = Pick<Toast, 'type'> & { message: string };

export function createPrivacyService(api: Pick<ApiClient, 'post'>, store: Store, toast: (t: ToastMessage) => void, t: (key: string) => string = (k) => k) {
  const dataPrivacy = (): DataPrivacy[] => store.get(sessionAtom)?.user.dataPrivacy ?? [];
  const setDataPrivacy = (next: DataPrivacy[]) => {
    const session = store.get(sessionAtom);
    if (session) store.set(sessionAtom, { ...session, user: { ...session.user, dataPrivacy: next } });
  };
  const service: NonNullable<FormServices['privacy']> = {
    isPrivate: (schemaId: Id) => dataPrivacyState(dataPrivacy(), schemaId) !== 'public',
    toggle(schemaId: Id) {
      const before = dataPrivacy();
      const state: DataPrivacy['state'] = service.isPrivate(schemaId) ? 'public' : 'private';
      const others = before.filter((p) => p.dataSchemaId !== schemaId);
      setDataPrivacy(state === 'public' ? others : [...others, { dataSchemaId: schemaId, state }]);
      api
        .post<{ dataPrivacy: DataPrivacy[] }>('user/dataPrivacy', { dataSchemaId: schemaId, state }, { quiet: true })
        .then((answer) => {
          if (Array.isArray(answer?.dataPrivacy)) setDataPrivacy(answer.dataPrivacy);
          toast({ type: 'positive', message: t('shell.settings.privacy.saved') });
        })
        .catch(() => {
          setDataPrivacy(before);
          toast({ type: 'negative', message: t('shell.settings.privacy.failed') });
        });
    },
  };
  return service;
}
