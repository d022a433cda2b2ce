import { listRule } from '../values';

/** One of the listed values (every item, for a list value). */
export const inList = listRule('in', true);
