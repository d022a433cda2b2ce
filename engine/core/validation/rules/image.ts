import type { SyncRule } from '../types';
import { filesOf } from '../values';

/** Every picked file is an image. */
export const image: SyncRule = {
  name: 'image',
  validate: (value) => (filesOf(value).every((f) => f.type.startsWith('image/')) ? null : { key: 'validation.image' }),
};
