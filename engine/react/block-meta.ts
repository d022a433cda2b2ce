/**
 * Per-user block meta (profile meta `block.{id}`: shown, agreed, timestamp). Read from the
 * user's own profile, overlaid with this session's writes, written through `saveBlockMeta`.
 */
import { atom, useAtom } from 'jotai';
import { atomFamily } from 'jotai-family';
import { useCallback } from 'react';
import type { BlockMeta, Id } from '../../schemas/model';
import { useEngine } from './engine-context';

export const blockMetaOverrideAtom = atomFamily((_id: Id) => atom<BlockMeta | undefined>(undefined));

export function useBlockMeta(blockId: Id): [BlockMeta | undefined, (patch: BlockMeta) => void] {
  const { ownProfile, services } = useEngine();
  const [override, setOverride] = useAtom(blockMetaOverrideAtom(blockId));
  const stored = ownProfile?.data?.meta?.block?.[blockId];
  const meta = override ?? stored;
  const write = useCallback(
    (patch: BlockMeta) => {
      const next: BlockMeta = { ...meta, ...patch, timestamp: patch.timestamp ?? Date.now() };
      setOverride(next);
      void Promise.resolve(services.saveBlockMeta?.(blockId, next)).catch(() => undefined);
    },
    [blockId, meta, services, setOverride],
  );
  return [meta, write];
}
