/** What a rendered page saves through the API: block meta (POST profile/meta/upsert) and form submissions (POST profile/{id}). */
import type { useStore } from 'jotai';
import { blockAtom, fieldAtom, pageAtom } from '../../engine/react/structure-store';
import type { FormSubmission } from '../../engine/forms/types';
import type { BlockMeta, Id, Profile } from '../../schemas/model';
import { ApiError, type ApiClient } from '../api/client';
// Named modules, not the validation index: the index reaches date-fns and the handlebars parser,
// which would then land in a chunk every page loads (esbuild splits by file, not by export).
import type { AsyncRuleChecker } from '../../engine/core/validation/types';
import { fieldName } from '../../engine/core/validation/fields';
import { formFileIds } from '../../engine/core/files';
import { formBlockOf } from './form-block';
import type { Resource } from '../../engine/data';

type Store = ReturnType<typeof useStore>;

export interface PageServices {
  saveBlockMeta(blockId: Id, meta: BlockMeta): Promise<void>;
  saveForm(profileId: Id, submission: FormSubmission): Promise<void>;
}

/**
 * Server rules while typing (FormServices.checkAsync): feed_valid asks the feed check of spec core
 * 7.4. slug_valid and uniqueness of profile fields have no endpoint of their own (the slug check
 * route covers modules, pages and blocks), so they pass here and the save decides on the server.
 */
export function createRuleChecker(api: ApiClient): AsyncRuleChecker {
  return async ({ rule, value }) => {
    if (rule !== 'feed_valid') return true;
    try {
      const answer = await api.get<{ errno?: number }>(`external/content/rss/url/${encodeURIComponent(String(value))}`, { quiet: true });
      return answer?.errno === 0 || { key: 'validation.feed_valid' };
    } catch (e) {
      // A URL the server refuses to fetch (400) fails the rule; anything else (offline) is left to the save.
      if (e instanceof ApiError && e.status === 400) return { key: 'validation.feed_valid' };
      return true;
    }
  };
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
      // Uploads the saved form holds are kept; the rest are swept after a day. They keep the field's
      // id as their context, so getFileList/{fieldId} (a viewFiles block on that field) lists them.
      const fileIds = [...formFileIds(submission.fieldIds.map(lookup.field), submission.values, fieldName).values()].flat();
      if (fileIds.length) await api.post('files/claimFiles', { fileIds }, { quiet: true });
    },
  };
}
