/** Drops login secrets nobody traded in time (they are single-use and short-lived). */
import type { DocumentStore } from '../storage/documents';

export async function sweepExpiredLoginSecrets(store: DocumentStore, now = Date.now()): Promise<void> {
  for (const secret of await store.expired('loginSecret', now)) await store.transaction((tx) => tx.remove('loginSecret', secret.id));
}
