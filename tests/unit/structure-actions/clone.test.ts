import { describe, expect, it } from 'vitest';
import { applyStructureAction, clone } from '../../../engine/core';
import { block, canonical, expectInverse, fixture, idSource } from './fixture';

describe('clone', () => {
  it('makes deep copies with new ids: children, related blocks and fields included, references following', () => {
    const docs = fixture();
    const { docs: next, action } = clone(
      docs,
      { kind: 'clone', fromPageId: 'p1', toPageId: 'p2', ids: ['box', 'a'], at: { parentType: 'page', parentId: 'p2', colIndex: 0, index: 0 } },
      idSource(),
    );
    const [boxCopy, aCopy] = next.p2.page.children!.slice(0, 2);
    expect(next.p2.page.children).toEqual([boxCopy, aCopy, 'x']);
    expect(boxCopy).toBe(action.idMap!.blocks!.box);
    const innerCopy = block(next, 'p2', block(next, 'p2', boxCopy)!.children![0])!;
    expect(innerCopy.id).not.toBe('inner');
    expect(innerCopy.name).toBe('Inner');
    const fieldCopy = next.p2.fields!.find((f) => f.id === innerCopy.fields![0])!;
    expect(fieldCopy).toMatchObject({ type: 'group' });
    expect(fieldCopy.id).not.toBe('f1');
    expect(next.p2.fields!.find((f) => f.id === fieldCopy.childIds![0])).toMatchObject({ label: 'Name' });
    const aBlock = block(next, 'p2', aCopy)!;
    expect(aBlock.revision).toBeUndefined();
    expect(block(next, 'p2', aBlock.relatedBlocks!.display![0])).toMatchObject({ name: 'Related' });
    expect(aBlock.relatedBlocks!.display![0]).not.toBe('rel');
    // The originals stay as they were.
    expect(next.p1).toBe(docs.p1);
  });

  it('replays with the same ids (redo) and is undone by removing the copies', () => {
    const docs = fixture();
    const first = applyStructureAction(
      docs,
      { kind: 'clone', fromPageId: 'p1', toPageId: 'p1', ids: ['grid'], at: { parentType: 'page', parentId: 'p1', colIndex: 0, index: 1 } },
      idSource(),
    );
    const replay = applyStructureAction(docs, first.action, {});
    expect(canonical(replay.docs)).toEqual(canonical(first.docs));
    expectInverse(docs, first.action);
  });
});
