import { dateComparisonRule } from '../dates';

/** Strictly after a fixed date or another field's date (the bound day is excluded). */
export const date_after = dateComparisonRule('date_after', (day, bound) => day > bound, true);
