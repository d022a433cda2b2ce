import { describe, expect, it } from 'vitest';
import type { Block, Page } from '../../schemas/model';
import type { ItemsChangedEvent } from '../../server/structure/realtime-events';
import type { DocKind, DocumentReader, StoredDoc } from '../../server/storage/documents';
import { changeAudience } from '../../server/structure/change-audience';
import type { StoredOptionsCheck } from '../../server/structure/read';

// Stored documents as a reader gives them (the audience only reads).
function readerOf(docs: Record<string, unknown>): DocumentReader {
  const doc = <T>(kind: DocKind, id: string): StoredDoc<T> | undefined =>
    docs[`${kind}:${id}`] === undefined ? undefined : { id, data: docs[`${kind}:${id}`] as T, revision: 1, schemaVersion: null, expiresAt: null };
  return {
    get: async <T>(kind: DocKind, id: string) => doc<T>(kind, id),
    getMany: async <T>(kind: DocKind, ids: readonly string[]) => ids.map((id) => doc<T>(kind, id)).filter((d): d is StoredDoc<T> => !!d),
  } as unknown as DocumentReader;
}

const check: StoredOptionsCheck = (type, options) =>
  type === 'callout' && (options as { tone?: string }).tone === 'purple' ? '/tone must be one of the allowed values' : undefined;

describe('realtime block changes carry the stored-options check a page read does', () => {
  const page: Page = { id: 'p', name: 'P', children: ['good', 'bad'] } as Page;
  const good: Block = { id: 'good', type: 'callout', options: { tone: 'info', body: 'Fine' } } as Block;
  const bad: Block = { id: 'bad', type: 'callout', options: { tone: 'purple', body: 'Broken' } } as Block;
  const event: ItemsChangedEvent = {
    items: [
      { kind: 'block', id: 'good', item: good, before: null },
      { kind: 'block', id: 'bad', item: bad, before: null },
    ],
    moduleIds: [],
    pageIds: ['p'],
  };

  it('marks a block whose options break its schema, to everyone', async () => {
    const audience = await changeAudience(readerOf({ 'page:p': page, 'block:good': good, 'block:bad': bad }), event, async () => undefined, check);
    expect('everyone' in audience).toBe(true);
    const items = 'everyone' in audience ? audience.everyone.items : [];
    expect(items.find((i) => i.id === 'good')?.item).toEqual(good);
    expect(items.find((i) => i.id === 'bad')?.item).toEqual({
      ...bad,
      readProblem: { kind: 'invalidOptions', detail: '/tone must be one of the allowed values' },
    });
  });
});
