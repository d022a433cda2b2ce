/** Ids of newly created documents. */
import crypto from 'node:crypto';
import type { Id } from '../../schemas/model';

export function newId(prefix: string): Id {
  return `${prefix}-${crypto.randomBytes(6).toString('hex')}`;
}
