import type { SyncRule } from '../types';
import { isEmailWithParenthesisedName } from '../email';
import { asText } from '../values';

/** Plain address, optionally with a name in parentheses; never starting with a quote. */
export const email: SyncRule = {
  name: 'email',
  validate: (value) => (isEmailWithParenthesisedName(asText(value)) ? null : { key: 'validation.email' }),
};
