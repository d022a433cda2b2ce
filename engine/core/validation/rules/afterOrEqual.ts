import { dateComparisonRule } from '../dates';

/** On or after a fixed date or another field's date. */
export const afterOrEqual = dateComparisonRule('afterOrEqual', (day, bound) => day >= bound);
