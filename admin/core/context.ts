/** The admin context: the API, the full registry, the user's permissions, the translator, and the admin's shared UI actions. */
import { type useStore } from 'jotai';
import { useContext } from 'react';
import { AdminContext } from '../edit-mode/admin-context';
import type { AddBlockSlot, FileService, LazyModuleIndex, RuntimeRegistryData, StructureAction, Translator } from '../../engine';
import type { Id, Page, RegistryData } from '../../schemas/model';
import type { AdminApi, StructureWriteResult } from './api';
import type { PermissionUser } from './permissions';
import { blockWords } from '../../engine/core/structure/outline';

export type NoticeKind = 'negative' | 'warning' | 'positive' | 'info';

export type AdminDialogRequest =
  | { kind: 'existingBlock'; slot: AddBlockSlot }
  | { kind: 'paste'; slot: AddBlockSlot }
  | { kind: 'viewAs' }
  | { kind: 'permissions'; itemId: Id; name: string };

export interface AdminValue {
  api: AdminApi;
  /** The full registry (`registry/generated/registry.json`): options schemas and ui hints included. */
  registry: RegistryData;
  user: PermissionUser;
  t: Translator['t'];
  locale: string;
  /** The engine's precompiled options validators (`blockOptionValidators` of the generated block index). */
  optionValidators?: LazyModuleIndex;
  /** The user's image access token, for image previews. */
  imageToken?: string;
  /** The files calls (asset library, uploads), for the file pickers of block options; typed ids without it. */
  files?: FileService;
  /** The page being edited. */
  pageId: Id;
  store: ReturnType<typeof useStore>;
  /** Applies a write's returned items to the store (the server also broadcasts them). */
  apply(result: StructureWriteResult | undefined): void;
  /**
   * A structure write with an optimistic update (admin/core/optimistic.ts): `action` changes the
   * store at once, `call` asks the server, whose answer then replaces the guess; on failure the
   * inverse undoes the guess and the error is rethrown. Resolves with the answer and the inverse.
   */
  run(action: StructureAction, call: () => Promise<StructureWriteResult>): Promise<{ result: StructureWriteResult; inverse?: StructureAction }>;
  notify(kind: NoticeKind, message: string): void;
  /** Says something to screen readers through the admin's aria-live region. */
  announce(message: string): void;
  open(request: AdminDialogRequest): void;
  /** Shows the revert notification of a deletion; `undo` is the deletion's inverse, run optimistically on Revert. */
  offerRevert(token: string, name: string, undo?: StructureAction): void;
  /** Withdraws the revert notification of a token another path (the undo) has just spent. */
  retireRevert(token: string): void;
  /** Reads the current page from the store. */
  page(): Page | undefined;
}

export { AdminContext };

export function useAdmin(): AdminValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin: render inside <AdminProvider> (admin/AdminProvider.tsx)');
  return value;
}

/** The text of a failed call: the server's message, else 'Server error' (spec 8). */
export function errorMessage(error: unknown, t: Translator['t']): string {
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string' && (error as { message: string }).message)
    return (error as { message: string }).message;
  return t('admin.common.serverError');
}

/**
 * A block as a person tells it apart among its siblings (move announcements and Move to…): its
 * name, else its type's title with the start of its words ("Plain text: Opening hours…"), so three
 * plain texts in a row are not three "Plain text".
 */
export function blockPlaceLabel(block: { name?: string; type?: string; options?: unknown } | undefined, registry: RuntimeRegistryData): string {
  const label = blockLabel(block, registry);
  if (!block || (typeof block.name === 'string' && block.name)) return label;
  const words = blockWords(block.options);
  return words ? `${label}: ${words}` : label;
}

/** A block's name for messages: its name, else its type's title, else its type. */
export function blockLabel(block: { name?: string; type?: string } | undefined, registry: RuntimeRegistryData): string {
  if (!block) return '';
  if (typeof block.name === 'string' && block.name) return block.name;
  const type = typeof block.type === 'string' ? block.type : '';
  return registry.blocks[type]?.title ?? type;
}
