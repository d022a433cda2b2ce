import { listRule } from '../values';

/** None of the listed values. */
export const not_in = listRule('not_in', false);
