/**
 * The structure as the admin areas `layouts` and `blocks` read it (issue 34, part 7): the outline
 * (modules > pages > blocks with their children) the caller may see, and one block's details.
 * Answers only: these calls take no body.
 */
import type { Id, JsonObject } from '../common';

/** Where an item is hidden or who may view it; every part absent when it shows to everyone who sees its parent. */
export interface OutlineVisibility {
  /** Pages: shown only to accepted members of this many user lists. */
  lists?: number;
  /** Advanced visibility rules decide who sees it. */
  rules?: boolean;
  /** Blocks: where the simple switches hide it. */
  hiddenOn?: ('desktop' | 'mobile' | 'ownProfile' | 'otherProfiles')[];
  /** Modules and pages: left out of the navigation (still reachable by address). */
  hiddenFromNav?: boolean;
}

/** Published as members see it, or changed in the drafts of edit mode (a new item, or a changed one). */
export type OutlineStatus = 'published' | 'draftNew' | 'draftChanged';

export interface OutlineNode {
  kind: 'module' | 'page' | 'block';
  id: Id;
  /** The module's or page's name, the block's name; empty for a block without one (show its type's title). */
  title: string;
  /** Blocks: the registry type. */
  type?: string;
  /** Blocks: the start of their own words (a title or text option, tags dropped), to tell unnamed ones apart. */
  words?: string;
  /** Modules and pages: their address segment. */
  slug?: string;
  /** The module it is in (a module: itself). */
  moduleId: Id;
  /** The page it is on (a page: itself); absent for modules. */
  pageId?: Id;
  visibility: OutlineVisibility;
  status: OutlineStatus;
  /** Pages of a module, blocks of a page, child blocks of a block. */
  children: OutlineNode[];
}

/** GET admin/layouts/outline. */
export interface StructureOutlineResponse {
  modules: OutlineNode[];
  /** How many of each the outline holds. */
  counts: { modules: number; pages: number; blocks: number };
  /** The most blocks one answer carries (STRUCTURE_OUTLINE_BLOCK_CAP). */
  cap: number;
  /** True when the site has more blocks than the cap: the pages past it are listed without their blocks. */
  truncated: boolean;
}

/** One block as the blocks area lists it. */
export interface AdminBlockRow {
  id: Id;
  type: string;
  title: string;
  /** The start of its own words (see OutlineNode.words). */
  words?: string;
  pageId: Id;
  pageName: string;
  moduleId: Id;
  moduleName: string;
  /** The block it sits in, when it is not at the top of its page. */
  parentId?: Id;
  visibility: OutlineVisibility;
  status: OutlineStatus;
  childCount: number;
}

/** GET admin/blocks. */
export interface AdminBlocksResponse {
  items: AdminBlockRow[];
  cap: number;
  truncated: boolean;
}

/** GET admin/blocks/{blockId}: one block, its place and its options (for the caller with update on it). */
export interface AdminBlockDetailResponse {
  block: AdminBlockRow;
  moduleSlug: string;
  pageSlug: string;
  options: JsonObject;
  /** Per-item permissions stored for the block (action -> allowed), for elevated users; empty when none. */
  permissions: Record<string, boolean>;
}
