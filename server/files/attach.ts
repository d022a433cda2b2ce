/**
 * Attaching files to saved data (a profile form's files and imageUploader fields): a value may
 * name only files the caller uploaded. Otherwise anyone could show another member's private
 * upload as their own, or take over a file and then delete it. Ids the saved data already held
 * are not checked again (an admin keeps a member's files when editing another field).
 */
import type { Field, Id, JsonValue } from '../../schemas/model';
import { fileIdsOf, formFileIds } from '../../engine/core/files';
import { badRequest, forbidden } from '../errors';
import type { FileStore } from './store';

/**
 * Throws a 400 naming the field when a newly attached id is no stored file, and a 403 when it
 * is someone else's. `before` are the values as stored, `changes` what the save sets.
 */
export async function requireAttachableFiles(
  files: FileStore,
  callerId: Id,
  fields: readonly Field[],
  before: Record<string, JsonValue | undefined>,
  changes: Record<string, JsonValue | undefined>,
  nameOf: (field: Field) => string,
): Promise<void> {
  const wanted = [...formFileIds(fields, changes, nameOf)].map(([name, ids]) => {
    const held = new Set(fileIdsOf(before[name]));
    return [name, ids.filter((id) => !held.has(id))] as const;
  });
  const rows = new Map((await files.getMany(wanted.flatMap(([, ids]) => ids))).map((row) => [row.id, row]));
  for (const [name, ids] of wanted)
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) throw badRequest(`changes.${name}: file "${id}" does not exist`);
      if (row.owner_id !== callerId) throw forbidden(`changes.${name}: file "${id}" is not one you uploaded`);
    }
}
