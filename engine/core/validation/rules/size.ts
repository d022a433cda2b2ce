import type { SyncRule } from '../types';
import { filesOf, formatBytes } from '../values';

/** Every picked file is at most the limit, given in KB and converted to bytes; the limit is shown in MB or GB. */
export const size: SyncRule = {
  name: 'size',
  validate: (value, params) => {
    const limitBytes = Number(params) * 1024;
    const bad = filesOf(value).find((f) => f.size > limitBytes);
    return bad ? { key: 'validation.size', params: { size: formatBytes(limitBytes), name: bad.name } } : null;
  },
};
