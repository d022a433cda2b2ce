import { listRule } from '../values';

/** None of the excluded values. */
export const excluded = listRule('excluded', false);
