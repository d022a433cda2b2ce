/**
 * Files (community 7 Files) as pages read them, a slice: by id a resource batched over
 * `POST files/getFiles` within FILE_FETCH_BATCH_DELAY_MS (community §9), and the viewer's uploads
 * of one context (a block or field: `GET files/getFileList/{contextId}`) as keyed collections
 * whose items live in that resource. Two blocks showing the same files fetch them once, and a
 * delete, a metadata save or a counted download shows in every block at once. Uploads and
 * downloads stay with the shell's file service (upload progress, the browser's download); what
 * they change is told here (`added`, `downloaded`).
 */
import type { FileDataChanges, FileInfo } from '../../schemas/model/api/files';
import { FILE_CACHE_SIZE, FILE_FETCH_BATCH_DELAY_MS, FILES_GET_MAX } from '../core/constants';
import { createCollections, type Collections } from './collection';
import { createResource, type LoadResult, type Resource, type ResourceEntry } from './resource';
import { defineSlice } from './slice';
import { dataCall } from './transport';

const seg = encodeURIComponent;

export const fileCalls = {
  /** The files of these ids the viewer may see (others are left out). */
  get: (fileIds: string[]) => dataCall<FileInfo[]>({ method: 'POST', path: 'files/getFiles', body: { fileIds } }),
  /** The viewer's uploads for one context, oldest first (the server answers the whole list). */
  list: (contextId: string) => dataCall<FileInfo[]>({ method: 'GET', path: `files/getFileList/${seg(contextId)}` }),
  remove: (id: string) => dataCall<unknown>({ method: 'DELETE', path: `files/${seg(id)}` }),
  saveData: (id: string, changes: FileDataChanges) => dataCall<FileInfo>({ method: 'POST', path: `files/${seg(id)}/data`, body: { changes } }),
};

const validFiles = (answer: unknown): FileInfo[] =>
  Array.isArray(answer) ? answer.filter((f): f is FileInfo => !!f && typeof f === 'object' && typeof (f as FileInfo).id === 'string') : [];

const isFailed = (entry: ResourceEntry<FileInfo> | undefined): entry is Extract<ResourceEntry<FileInfo>, { state: 'error' }> =>
  entry?.state === 'error' && entry.error === 'failed';

export interface Files {
  byId: Resource<FileInfo>;
  /** The viewer's uploads per context id. */
  lists: Collections<FileInfo>;
  /** The files of these ids the viewer may see, in their order (read with every other read of the window); rejects when the load failed. */
  many(ids: readonly string[]): Promise<FileInfo[]>;
  /** New uploads of a context: into its list wherever it is shown. */
  added(contextId: string, files: readonly FileInfo[]): void;
  /** Deletes a file (the owner's or a files manager's; the server decides): gone from every list and view. */
  remove(id: string): Promise<void>;
  /** Saves a file's metadata; every view shows the answer. */
  saveData(id: string, changes: FileDataChanges): Promise<FileInfo>;
  /** The server counted one more download of a file. */
  downloaded(id: string): void;
}

export const filesSlice = defineSlice<Files>({
  name: 'files',
  create({ store, layer, transport, schedule }) {
    const byId = createResource<FileInfo>(store, {
      name: 'file',
      batch: { delayMs: FILE_FETCH_BATCH_DELAY_MS, maxBatch: FILES_GET_MAX, schedule },
      cacheSize: FILE_CACHE_SIZE,
      async loadMany(ids) {
        const answers = new Map<string, LoadResult<FileInfo>>();
        for (const file of validFiles(await transport.request(fileCalls.get(ids)))) answers.set(file.id, { value: file });
        return answers;
      },
    });
    const lists = createCollections<FileInfo>(
      { store, layer },
      {
        name: 'files of',
        idOf: (file) => file.id,
        compare: (a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        resource: byId,
        // One page, no cursors: after a reconnect the list is read again.
        loadPage: async (contextId) => ({ items: validFiles(await transport.request(fileCalls.list(contextId))) }),
      },
    );
    return {
      byId,
      lists,
      async many(ids) {
        // A failed read is tried again; a file the viewer may not see stays missing.
        await Promise.all(ids.map((id) => byId.ensure(id, isFailed(byId.peek(id)))));
        const entries = ids.map((id) => byId.peek(id));
        const failed = entries.find(isFailed);
        if (failed) throw new Error(failed.message ?? 'The files could not be loaded');
        return entries.flatMap((e) => (e?.state === 'ready' ? [e.value] : []));
      },
      added(contextId, files) {
        lists.peek(contextId)?.merge(validFiles(files));
      },
      async remove(id) {
        await transport.request(fileCalls.remove(id));
        lists.forEach((list) => list.remove(id));
        byId.remove(id);
      },
      async saveData(id, changes) {
        const saved = await transport.request(fileCalls.saveData(id, changes));
        if (validFiles([saved]).length) byId.put(id, saved);
        return saved;
      },
      downloaded(id) {
        byId.update(id, (file) => ({ ...file, data: { ...file.data, downloadCount: file.data.downloadCount + 1 } }));
      },
    };
  },
});
