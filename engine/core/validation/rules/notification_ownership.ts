import type { SyncRule } from '../types';

/** The chosen notification must be one of the definition's notificationsForEntities (the parameter). */
export const notification_ownership: SyncRule = {
  name: 'notification_ownership',
  validate: (value, params) => {
    const owned = Array.isArray(params) ? params.map(String) : [];
    const chosen = Array.isArray(value) ? value : [value];
    return chosen.every((v) => owned.includes(String(v))) ? null : { key: 'validation.notification_ownership' };
  },
};
