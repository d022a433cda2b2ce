import type { AsyncRule } from '../types';

/**
 * The value must not appear in the comparison list, excluding listed values. With a list in the
 * parameters it is decided here; otherwise the server holds the list and the checker decides.
 */
export const uniqueness: AsyncRule = {
  name: 'uniqueness',
  async: true,
  precheck: (value, params) => {
    const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
    if (!Array.isArray(p.values)) return null;
    const excluded = new Set((Array.isArray(p.exclude) ? p.exclude : []).map((v) => JSON.stringify(v)));
    const taken = p.values.some((v) => !excluded.has(JSON.stringify(v)) && JSON.stringify(v) === JSON.stringify(value));
    return taken ? { key: 'validation.uniqueness' } : null;
  },
};

/** Whether the checker is needed after the precheck (no local list given). */
export const uniquenessNeedsServer = (params: unknown): boolean =>
  !(params && typeof params === 'object' && !Array.isArray(params) && Array.isArray((params as { values?: unknown }).values));
