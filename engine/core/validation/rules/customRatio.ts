import type { SyncRule } from '../types';
import { CUSTOM_RATIO_LIMITS } from '../../constants';

/**
 * A custom image ratio `{ width, height }`: both required (error); a ratio outside 0.25 to 4 is
 * unrealistic and one equal to an existing ratio a duplicate (warnings, they do not block).
 */
export const customRatio: SyncRule = {
  name: 'customRatio',
  checksEmpty: true,
  validate: (value, params) => {
    if (value === undefined || value === null) return null;
    const v = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const width = Number(v.width);
    const height = Number(v.height);
    if (!(width > 0) || !(height > 0)) return { key: 'imageUploader.preview.errors.customRatio.missingDimension' };
    const ratio = width / height;
    if (ratio < CUSTOM_RATIO_LIMITS.min || ratio > CUSTOM_RATIO_LIMITS.max)
      return { key: 'imageUploader.preview.warnings.customRatio.unrealistic', severity: 'warning' };
    const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
    const existing = Array.isArray(p.existing) ? p.existing.map(Number) : [];
    if (existing.some((r) => Math.abs(r - ratio) < 1e-6)) return { key: 'imageUploader.preview.warnings.customRatio.duplicate', severity: 'warning' };
    return null;
  },
};
