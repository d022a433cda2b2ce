import type { RuleOutcome, SyncRule } from '../types';
import { DATE_FORMAT } from '../../constants';
import { dateTarget, dayOf } from '../dates';

/** Strictly before a fixed date or another field's date (the bound day is excluded). */
export const date_before: SyncRule = {
  name: 'date_before',
  validate: (value, params, context): RuleOutcome | null => {
    const day = dayOf(value);
    const target = dateTarget(params, context);
    if (!target) return day === undefined ? { key: 'validation.date_format', params: { format: DATE_FORMAT } } : null;
    return day !== undefined && day < target.day ? null : { key: 'validation.date_before', params: { target: target.label } };
  },
};
