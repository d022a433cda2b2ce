import type { RuleOutcome, SyncRule } from '../types';
import { DATE_FORMAT } from '../../constants';
import { dateTarget, dayOf } from '../dates';

/** Strictly after a fixed date or another field's date (the bound day is excluded). */
export const date_after: SyncRule = {
  name: 'date_after',
  validate: (value, params, context): RuleOutcome | null => {
    const day = dayOf(value);
    const target = dateTarget(params, context);
    if (!target) return day === undefined ? { key: 'validation.date_format', params: { format: DATE_FORMAT } } : null;
    return day !== undefined && day > target.day ? null : { key: 'validation.date_after', params: { target: target.label } };
  },
};
