import { dateComparisonRule } from '../dates';

/** After a fixed date or another field's date. */
export const after = dateComparisonRule('after', (day, bound) => day > bound);
