/** A form submission saved through the API (POST profile/{id}), with the claim of the files it holds. */
import type { FormSubmission } from '../../engine/forms/types';
import type { Id, Profile } from '../../schemas/model';
import type { ApiClient } from '../api/client';
// Named modules, not the validation index: the index reaches date-fns and the handlebars parser.
import { fieldName } from '../../engine/core/validation/fields';
import { formFileIds } from '../../engine/core/files';
import type { Resource } from '../../engine/data';
import { formBlockOf, type StructureLookup } from './form-block';

export interface FormSaveContext {
  api: ApiClient;
  pageId: Id;
  profiles: Resource<Profile>;
  lookup: StructureLookup;
}

export async function saveForm({ api, pageId, profiles, lookup }: FormSaveContext, profileId: Id, submission: FormSubmission): Promise<void> {
  if (!profileId) throw new Error('There is no profile to save this form to');
  const blockId = formBlockOf(lookup, pageId, submission.fieldIds);
  // Quiet: the form shows a rejection's message itself.
  const saved = await api.post<Profile>(`profile/${encodeURIComponent(profileId)}`, { blockId, changes: submission.values }, { quiet: true });
  if (saved && typeof saved === 'object' && saved.data) profiles.put(profileId, saved);
  // Uploads the saved form holds are kept; the rest are swept after a day. They keep the field's
  // id as their context, so getFileList/{fieldId} (a viewFiles block on that field) lists them.
  const fileIds = [...formFileIds(submission.fieldIds.map(lookup.field), submission.values, fieldName).values()].flat();
  if (fileIds.length) await api.post('files/claimFiles', { fileIds }, { quiet: true });
}
