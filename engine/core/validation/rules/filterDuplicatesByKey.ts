import type { SyncRule } from '../types';

/** Items of a list must not repeat a value under `key`; the message names the field. */
export const filterDuplicatesByKey: SyncRule = {
  name: 'filterDuplicatesByKey',
  validate: (value, params, context) => {
    const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
    const key = String(p.key ?? '');
    if (!Array.isArray(value)) return null;
    const seen = new Set<string>();
    for (const item of value) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
      const v = JSON.stringify((item as Record<string, unknown>)[key] ?? null);
      if (seen.has(v)) return { key: 'validation.filterDuplicatesByKey', params: { field: String(p.label ?? context.label ?? key) } };
      seen.add(v);
    }
    return null;
  },
};
