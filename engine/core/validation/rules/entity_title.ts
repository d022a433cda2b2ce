import type { SyncRule } from '../types';
import { ENTITY_TITLE_MAX } from '../../constants';
import { asText } from '../values';

/** An entity title is at most 256 characters. */
export const entity_title: SyncRule = {
  name: 'entity_title',
  validate: (value) => (asText(value).length <= ENTITY_TITLE_MAX ? null : { key: 'validation.entity_title', params: { length: ENTITY_TITLE_MAX } }),
};
