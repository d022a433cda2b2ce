/**
 * Presence (issue 15): the admin's selection goes to the page's other editors over the realtime
 * socket (presence:select), and theirs come back (presence:update), shown on the block as
 * "Ada Admin is editing this block". The server sends them only to accounts that may edit the page.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useEffect, useMemo } from 'react';
import type { Id } from '../../schemas/model';
import { useAdmin } from '../core/context';
import { selectedBlockAtom } from '../editor/selection';

/** The realtime socket as presence uses it (the web app's socket.io-client socket fits). */
export interface PresenceChannel {
  emit(event: string, payload: unknown): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a socket.io listener takes any arguments
  on(event: string, listener: (...args: any[]) => void): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  off(event: string, listener: (...args: any[]) => void): unknown;
}

interface PresenceUpdate {
  pageId: Id;
  name: string;
  socketId: string;
  blockId: Id | null;
}

/** Other editors' selections on this page, by their socket. */
export const othersAtom = atom<Record<string, { name: string; blockId: Id }>>({});

/** The names of the other editors who have this block selected ("" for none). */
export function useEditorsOf(blockId: Id): string {
  return useAtomValue(
    useMemo(
      () => selectAtom(othersAtom, (others) => [...new Set(Object.values(others).flatMap((o) => (o.blockId === blockId ? [o.name] : [])))].join(', ')),
      [blockId],
    ),
  );
}

export function Presence({ channel }: { channel: PresenceChannel }) {
  const { pageId } = useAdmin();
  const selected = useAtomValue(selectedBlockAtom);
  const setOthers = useSetAtom(othersAtom);
  useEffect(() => {
    setOthers({});
    const onUpdate = (u: PresenceUpdate) => {
      if (u.pageId !== pageId) return;
      setOthers((others) => {
        const { [u.socketId]: _gone, ...rest } = others;
        return u.blockId ? { ...rest, [u.socketId]: { name: u.name, blockId: u.blockId } } : rest;
      });
    };
    channel.on('presence:update', onUpdate);
    return () => {
      channel.off('presence:update', onUpdate);
      setOthers({});
    };
  }, [channel, pageId, setOthers]);
  useEffect(() => {
    channel.emit('presence:select', { pageId, blockId: selected });
  }, [channel, pageId, selected]);
  // Leaving edit mode or the page: nothing selected any more.
  useEffect(() => () => void channel.emit('presence:select', { pageId, blockId: null }), [channel, pageId]);
  return null;
}
