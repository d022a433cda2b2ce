import type { SyncRule } from '../types';
import { filesOf, formatBytes } from '../values';

/** A picked file larger than the limit (bytes): the message shows the limit and the file's size. */
export const maxFileSize: SyncRule = {
  name: 'maxFileSize',
  validate: (value, params) => {
    const limit = Number(params);
    const bad = filesOf(value).find((f) => f.size > limit);
    return bad ? { key: 'imageUploader.maxFileSizeError', params: { max: formatBytes(limit), size: formatBytes(bad.size) } } : null;
  },
};
