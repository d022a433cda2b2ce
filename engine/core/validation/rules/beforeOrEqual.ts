import { dateComparisonRule } from '../dates';

/** On or before a fixed date or another field's date. */
export const beforeOrEqual = dateComparisonRule('beforeOrEqual', (day, bound) => day <= bound);
