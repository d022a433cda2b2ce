/** Dates for the date rules: yyyy-MM-dd days, compared by day. */
import { isValid, parse } from 'date-fns';
import type { JsonValue } from '../../../schemas/model';
import { DATE_FORMAT } from '../constants';
import type { RuleOutcome, RuleRunContext, SyncRule } from './types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day number of a yyyy-MM-dd string, or undefined when it is not a real date. */
export function dayOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const date = parse(value, DATE_FORMAT, new Date(Date.UTC(2000, 0, 1)));
  if (!isValid(date)) return undefined;
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
}

/**
 * The bound of a date rule: a fixed date, or another field of the form named by key
 * (`"startDate"` or `{ "field": "startDate" }`). Undefined when the other field is empty.
 */
export function dateTarget(params: JsonValue, context: RuleRunContext): { day: number; label: string } | undefined {
  const ref = params && typeof params === 'object' && !Array.isArray(params) ? params.field : params;
  if (typeof ref !== 'string') return undefined;
  const fixed = dayOf(ref);
  if (fixed !== undefined) return { day: fixed, label: ref };
  const other = context.values?.[ref];
  const day = dayOf(other);
  return day === undefined ? undefined : { day, label: String(other) };
}

/**
 * A rule comparing a day with its bound (a fixed date or another field). `strictFormat` rules also
 * fail a value that is not a yyyy-MM-dd date when there is no bound to compare with.
 */
export function dateComparisonRule(name: string, passes: (day: number, bound: number) => boolean, strictFormat = false): SyncRule {
  return {
    name,
    validate: (value, params, context): RuleOutcome | null => {
      const day = dayOf(value);
      const target = dateTarget(params, context);
      if (!target) return strictFormat && day === undefined ? { key: 'validation.date_format', params: { format: DATE_FORMAT } } : null;
      return day !== undefined && passes(day, target.day) ? null : { key: `validation.${name}`, params: { target: target.label } };
    },
  };
}
