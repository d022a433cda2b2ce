import type { SyncRule } from '../types';
import { filesOf } from '../values';

/** An image of exactly `width` x `height` pixels. */
export const dimensions: SyncRule = {
  name: 'dimensions',
  validate: (value, params) => {
    const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
    const bad = filesOf(value).find((f) => f.width !== Number(p.width) || f.height !== Number(p.height));
    return bad ? { key: 'validation.dimensions', params: { width: Number(p.width), height: Number(p.height) } } : null;
  },
};
