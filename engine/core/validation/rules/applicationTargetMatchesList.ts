import type { SyncRule } from '../types';
import { asText } from '../values';

/** The application must belong to one of the target's lists; the message names the list. */
export const applicationTargetMatchesList: SyncRule = {
  name: 'applicationTargetMatchesList',
  validate: (value, params) => {
    const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
    const lists = Array.isArray(p.listIds) ? p.listIds.map(String) : [];
    return lists.includes(asText(value)) ? null : { key: 'validation.applicationTargetMatchesList', params: { list: String(p.listLabel ?? '') } };
  },
};
