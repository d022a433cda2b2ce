/** What a rendered page saves through the API: block meta (POST profile/meta/upsert) and form submissions (POST profile/{id}). */
import type { useStore } from 'jotai';
import { blockAtom, fieldAtom, pageAtom } from '../../engine/react/structure-store';
import type { FormSubmission } from '../../engine/forms/types';
import type { BlockMeta, Id, Profile } from '../../schemas/model';
import { ApiError, type ApiClient } from '../api/client';
import type { AsyncRuleChecker } from '../../engine/core/validation/types';
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
    // The save's code is a chunk of its own (form-save.ts): only a page with a form loads it.
    saveForm: (profileId, submission) => import('./form-save').then((m) => m.saveForm({ api, pageId, profiles, lookup }, profileId, submission)),
  };
}
