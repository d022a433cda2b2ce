import { dateComparisonRule } from '../dates';

/** Before a fixed date or another field's date. */
export const before = dateComparisonRule('before', (day, bound) => day < bound);
