import { dateComparisonRule } from '../dates';

/** Strictly before a fixed date or another field's date (the bound day is excluded). */
export const date_before = dateComparisonRule('date_before', (day, bound) => day < bound, true);
