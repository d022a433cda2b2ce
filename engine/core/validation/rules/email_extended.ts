import type { SyncRule } from '../types';
import { isExtendedEmail } from '../email';
import { asText } from '../values';

/** Plain, quoted-name ("Ann" <a@b.co>) or angle-bracket (Ann <a@b.co>) address. */
export const email_extended: SyncRule = {
  name: 'email_extended',
  validate: (value) => (isExtendedEmail(asText(value)) ? null : { key: 'validation.email' }),
};
