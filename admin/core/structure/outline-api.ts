/** The calls of the admin areas `layouts` and `blocks` (server/structure/routes/outline.ts) and the composer's address for an item. */
import type { Id } from '../../../schemas/model';
import type { AdminBlockDetailResponse, AdminBlocksResponse, StructureOutlineResponse } from '../../../schemas/model/api/structure-admin';
import type { AdminRequest } from '../http-api';

const enc = encodeURIComponent;

export function createOutlineApi(request: AdminRequest) {
  return {
    outline: () => request<StructureOutlineResponse>('GET', 'admin/layouts/outline'),
    blocks: () => request<AdminBlocksResponse>('GET', 'admin/blocks'),
    block: (id: Id) => request<AdminBlockDetailResponse>('GET', `admin/blocks/${enc(id)}`),
    /** Per-item permissions (action -> allowed) as stored for elevated users; `{}` when none. */
    itemPermissions: (id: Id) => request<Record<string, boolean>>('GET', `structure/permissions/${enc(id)}`),
    /** Replaces them (managePermissions on the item). */
    saveItemPermissions: (id: Id, permissions: Record<string, boolean>) =>
      request<Record<string, boolean>>('POST', `structure/permissions/${enc(id)}`, { permissions }),
  };
}

export type OutlineApi = ReturnType<typeof createOutlineApi>;

/**
 * The member page in the composer (relative to the app base): `?edit=1` turns edit mode on for
 * someone who may use it, `&block=<id>` selects that block once the page shows it
 * (admin/edit-mode `readComposerLink`).
 */
export function composerHref(place: { moduleSlug: string; pageSlug?: string; blockId?: Id }): string {
  const path = place.pageSlug ? `/${enc(place.moduleSlug)}/${enc(place.pageSlug)}` : `/${enc(place.moduleSlug)}`;
  const query = new URLSearchParams({ edit: '1', ...(place.blockId ? { block: place.blockId } : {}) });
  return `${path}?${query.toString()}`;
}
