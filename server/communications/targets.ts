/**
 * What posts hang under (schemas/model/api/communications.ts "A target"): a block (its page visible
 * to the viewer and the block not hidden from her: the structure domain's checks) or a page (its
 * feed: written through a createUserPost block the viewer may see). A target the viewer may not
 * see does not exist for her (404). The block's options govern who writes and the limits.
 */
import type { Block, Id, Module, Page } from '../../schemas/model';
import type { PostMedia, ReferenceOwnerKind } from '../../schemas/model/api/communications';
import { CARD_CONTENT_MAX, CARD_TITLE_MAX, mediumAllowed, postLimitProblem, postMediaProblem } from '../../engine/core/communications';
import { SUBJECTS } from '../../engine/core/permissions';
import type { AppContext } from '../context';
import { can, canViewPage, type PermissionContext } from '../permissions';
import { hiddenBlockIds, needsViewerFilter } from '../structure/block-visibility';
import { readPageDocument } from '../structure/read';
import { blockVisibleTo, type StoredBlock } from '../structure/viewer';

export interface Viewer {
  permissions: PermissionContext;
  accountId: string;
  isAdmin: boolean;
  /** May moderate posts: abuseReports update (admins pass). */
  moderator: boolean;
}

export const viewerOf = (permissions: PermissionContext): Viewer => ({
  permissions,
  accountId: permissions.account.accountId,
  isAdmin: permissions.account.isAdmin,
  moderator: can(permissions, 'update', SUBJECTS.abuseReports),
});

export interface Target {
  id: string;
  kind: 'block' | 'page';
  pageId?: Id;
  /** The block's type (a block target), or `page`. */
  type: string;
  /** The options that govern writing: the block's, or (a page) its createUserPost block's. */
  options: Record<string, unknown>;
  ownerKind: ReferenceOwnerKind;
  /** A page target: whether the viewer sees a createUserPost block on it (the feed is writable). */
  postForm: boolean;
}

const POST_BLOCKS = new Set(['createUserPost', 'userPost']);

function ownerKindOf(type: string): ReferenceOwnerKind {
  if (type === 'discussionThreads') return 'discussion';
  if (type === 'cardWall' || type === 'page' || POST_BLOCKS.has(type)) return 'headlessPost';
  return 'headlessComment';
}

/** The target as this viewer may see it, or undefined (unknown or not hers to see: a 404 alike). */
export async function readableTarget(ctx: AppContext, viewer: PermissionContext, targetId: string): Promise<Target | undefined> {
  if (!targetId || targetId.length > 200) return undefined;
  const block = (await ctx.store.get<StoredBlock>('block', targetId))?.data;
  if (block) {
    if (!(await blockVisibleTo(ctx.store, viewer, block))) return undefined;
    return {
      id: targetId,
      kind: 'block',
      pageId: block.pageId,
      type: block.type,
      options: (block.options ?? {}) as Record<string, unknown>,
      ownerKind: ownerKindOf(block.type),
      postForm: POST_BLOCKS.has(block.type),
    };
  }
  const page = (await ctx.store.get<Page>('page', targetId))?.data;
  if (!page || !canViewPage(viewer, page)) return undefined;
  const doc = await readPageDocument(ctx.store, targetId);
  const hidden = doc && needsViewerFilter(doc, viewer) ? hiddenBlockIds(doc, viewer) : new Set<Id>();
  const form = (doc?.blocks ?? []).find((b: Block) => b.type === 'createUserPost' && !b.wasDeleted && !hidden.has(b.id));
  return {
    id: targetId,
    kind: 'page',
    pageId: targetId,
    type: 'page',
    options: (form?.options ?? {}) as Record<string, unknown>,
    ownerKind: 'headlessPost',
    postForm: !!form,
  };
}

/** Why the viewer may not write this kind of item on the target (a 403's words), or null. */
export function writeRefusal(target: Target, viewer: Viewer, kind: 'post' | 'comment'): string | null {
  const o = target.options;
  if (target.type === 'discussionThreads') {
    if (kind === 'post' && o.whoCanStartThreads === 'admins' && !viewer.isAdmin) return 'only admins start threads in this discussion';
    if (kind === 'comment' && o.allowReplies === false) return 'replies are turned off in this discussion';
  }
  if (target.type === 'cardWall' && (o.whoCanComment ?? 'admins') === 'admins' && !viewer.isAdmin) return 'only admins write on this card wall';
  if (target.kind === 'page' && kind === 'post' && !target.postForm) return 'this page has no post form you may use';
  return null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The limits of the target's options (community §3 card wall and user-post defaults). */
export function limitsOf(target: Target): { titleMax?: number; contentMax?: number; mediaMin?: number; mediaMax?: number } {
  const o = target.options;
  if (target.type === 'cardWall') return { titleMax: num(o.titleMaxLength) ?? CARD_TITLE_MAX, contentMax: num(o.contentMaxLength) ?? CARD_CONTENT_MAX };
  if (target.kind === 'page' || POST_BLOCKS.has(target.type)) return { titleMax: num(o.titleMaxLength), mediaMin: num(o.minMedia), mediaMax: num(o.maxMedia) };
  return {};
}

/** The 400's words for a post breaking the target's limits or media rules, or null. */
export function contentProblem(target: Target, input: { kind: 'post' | 'comment'; title?: string | null; text: string; media: PostMedia[] }): string | null {
  const limit = postLimitProblem(input, limitsOf(target));
  if (limit) return limit;
  const types = Array.isArray(target.options.mediaTypes) ? (target.options.mediaTypes as string[]) : undefined;
  const sources = Array.isArray(target.options.mediaSources) ? (target.options.mediaSources as string[]) : undefined;
  for (const [i, m] of input.media.entries()) {
    const problem = postMediaProblem(m, i);
    if (problem) return problem;
    if (types && !types.includes(m.type)) return `media ${i + 1}: ${m.type} is not allowed here`;
    if (!mediumAllowed(m, types, sources)) return `media ${i + 1}: ${m.source} media are not allowed here`;
  }
  return null;
}

/** The app path of a target's page (`/<module slug>/<page slug>`), or null. */
export async function targetPagePath(ctx: AppContext, targetId: string): Promise<string | null> {
  const block = (await ctx.store.get<StoredBlock>('block', targetId))?.data;
  const pageId = block ? block.pageId : targetId;
  if (!pageId) return null;
  const page = (await ctx.store.get<Page>('page', pageId))?.data;
  if (!page) return null;
  const module = page.moduleId ? (await ctx.store.get<Module>('module', page.moduleId))?.data : undefined;
  return module ? `/${encodeURIComponent(module.slug)}/${encodeURIComponent(page.slug)}` : `/${encodeURIComponent(page.slug)}`;
}
