/** Ends revert windows: blocks a destructive write marked wasDeleted are removed for good, with their revert record. */
import type { RevertRecord } from '../model';
import type { DocumentStore } from '../storage/documents';

export async function sweepExpiredReverts(store: DocumentStore, now = Date.now()): Promise<void> {
  for (const revert of await store.expired('revert', now)) {
    await store.transaction(async (tx) => {
      const record = (await tx.get<RevertRecord>('revert', revert.id))?.data;
      if (!record) return;
      for (const id of record.deletedBlockIds) {
        const block = await tx.get<{ wasDeleted?: boolean }>('block', id);
        if (block?.data.wasDeleted) await tx.remove('block', id);
      }
      await tx.remove('revert', revert.id);
    });
  }
}
