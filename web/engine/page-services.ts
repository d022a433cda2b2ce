/** What a rendered page saves through the API: block meta (POST profile/meta/upsert) and form submissions (POST profile/{id}). */
import type { useStore } from 'jotai';
import { blockAtom, fieldAtom, pageAtom } from '../../engine/react/structure-store';
import type { FormSubmission } from '../../engine/forms/types';
import type { BlockMeta, Id, Profile } from '../../schemas/model';
import type { ApiClient } from '../api/client';
import { fieldName } from '../../engine/core/validation';
import { formFileIds } from '../../engine/core/files';
import { formBlockOf } from './form-block';
import type { Resource } from '../../engine/data';

type Store = ReturnType<typeof useStore>;

export interface PageServices {
  saveBlockMeta(blockId: Id, meta: BlockMeta): Promise<void>;
  saveForm(profileId: Id, submission: FormSubmission): Promise<void>;
}

export function createPageServices({ api, store, pageId, profiles }: { api: ApiClient; store: Store; pageId: Id; profiles: Resource<Profile> }): PageServices {
  const lookup = {
    page: (id: Id) => store.get(pageAtom(id)),
    block: (id: Id) => store.get(blockAtom(id)),
    field: (id: Id) => store.get(fieldAtom(id)),
  };
  return {
    async saveBlockMeta(blockId, meta) {
      await api.post('profile/meta/upsert', { path: `block.${blockId}`, data: meta });
    },
    async saveForm(profileId, submission) {
      if (!profileId) throw new Error('There is no profile to save this form to');
      const blockId = formBlockOf(lookup, pageId, submission.fieldIds);
      // Quiet: the form shows a rejection's message itself.
      const saved = await api.post<Profile>(`profile/${encodeURIComponent(profileId)}`, { blockId, changes: submission.values }, { quiet: true });
      if (saved && typeof saved === 'object' && saved.data) profiles.put(profileId, saved);
      // Uploads the saved form holds are kept; the rest are swept after a day.
      const fileIds = [...formFileIds(submission.fieldIds.map(lookup.field), submission.values, fieldName).values()].flat();
      if (fileIds.length) await api.post('files/claimFiles', { fileIds, contextId: blockId }, { quiet: true });
    },
  };
}
