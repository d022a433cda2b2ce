/**
 * The structure outline (issue 34, part 7): modules > pages > blocks with their child blocks, as
 * the admin areas `layouts` and `blocks` show it. Pure: the server builds it from what the caller
 * may see (server/structure/outline.ts), the admin filters and walks it with the same functions.
 */
import type { Block, Id, Module, Page } from '../../../schemas/model';
import type { AdminBlockRow, OutlineNode, OutlineStatus, OutlineVisibility } from '../../../schemas/model/api/structure-admin';
import { childBlockIds } from './layout';

/** Who an item shows to, in the outline's words. */
export function pageVisibility(page: Pick<Page, 'visibility' | 'hideFromNav'>): OutlineVisibility {
  const out: OutlineVisibility = {};
  const lists = page.visibility?.userListIds?.length ?? 0;
  if (lists) out.lists = lists;
  if (page.visibility?.rules) out.rules = true;
  if (page.hideFromNav) out.hiddenFromNav = true;
  return out;
}

export function moduleVisibility(module: Pick<Module, 'hideFromNav'>): OutlineVisibility {
  return module.hideFromNav ? { hiddenFromNav: true } : {};
}

export function blockVisibility(block: Pick<Block, 'visibility'>): OutlineVisibility {
  const v = block.visibility;
  if (!v) return {};
  if (v.advanced && v.rules) return { rules: true };
  const hiddenOn = (
    [
      ['desktop', v.visibleOnDesktop],
      ['mobile', v.visibleOnMobile],
      ['ownProfile', v.visibleOnUsersOwnProfile],
      ['otherProfiles', v.visibleOnOtherUsersProfiles],
    ] as const
  )
    .filter(([, shown]) => shown === false)
    .map(([where]) => where);
  return hiddenOn.length ? { hiddenOn: [...hiddenOn] } : {};
}

/** Options whose text tells one block of a type from another (a callout's title, a plain text's words). */
const WORDS_OPTIONS = ['title', 'heading', 'label', 'text', 'content', 'html', 'body'] as const;
const WORDS_MAX = 40;

/** The start of a block's own words, as plain text (tags dropped: it is read out, never rendered as markup). */
export function blockWords(options: unknown): string {
  if (!options || typeof options !== 'object') return '';
  for (const key of WORDS_OPTIONS) {
    const value = (options as Record<string, unknown>)[key];
    if (typeof value !== 'string') continue;
    const words = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (words) return words.length > WORDS_MAX ? `${words.slice(0, WORDS_MAX).trimEnd()}…` : words;
  }
  return '';
}

/** Whether an item shows to everyone who sees its parent. */
export const shownToAll = (v: OutlineVisibility): boolean => !v.lists && !v.rules && !v.hiddenOn?.length && !v.hiddenFromNav;

export interface OutlineInput {
  /** In display order, each with the pages the caller may see, in order. */
  modules: { module: Module; pages: Page[] }[];
  /** The blocks of each page the caller may see (a page left out: listed without its blocks). */
  blocksOf(pageId: Id): Block[] | undefined;
  statusOf(kind: 'module' | 'page' | 'block', id: Id): OutlineStatus;
}

/** The outline's tree: every block reached once, from its page's children through child blocks (a cycle is cut). */
export function buildOutline(input: OutlineInput): OutlineNode[] {
  return input.modules.map(({ module, pages }) => ({
    kind: 'module' as const,
    id: module.id,
    title: module.name ?? '',
    slug: module.slug,
    moduleId: module.id,
    visibility: moduleVisibility(module),
    status: input.statusOf('module', module.id),
    children: pages.map((page) => {
      const blocks = input.blocksOf(page.id) ?? [];
      const byId = new Map(blocks.map((b) => [b.id, b]));
      const seen = new Set<Id>();
      const walk = (ids: Id[]): OutlineNode[] =>
        ids.flatMap((id) => {
          const block = byId.get(id);
          if (!block || seen.has(id)) return [];
          seen.add(id);
          return [
            {
              kind: 'block' as const,
              id,
              title: typeof block.name === 'string' ? block.name : '',
              type: block.type,
              ...(blockWords(block.options) ? { words: blockWords(block.options) } : {}),
              moduleId: module.id,
              pageId: page.id,
              visibility: blockVisibility(block),
              status: input.statusOf('block', id),
              children: walk(childBlockIds(block)),
            },
          ];
        });
      return {
        kind: 'page' as const,
        id: page.id,
        title: page.name ?? '',
        slug: page.slug,
        moduleId: module.id,
        pageId: page.id,
        visibility: pageVisibility(page),
        status: input.statusOf('page', page.id),
        children: walk(childBlockIds(page)),
      };
    }),
  }));
}

/** Every node of the outline, depth first, with its parent's id. */
export function* walkOutline(nodes: readonly OutlineNode[], parent?: OutlineNode): Generator<{ node: OutlineNode; parent?: OutlineNode }> {
  for (const node of nodes) {
    yield { node, parent };
    yield* walkOutline(node.children, node);
  }
}

/** Counts of each kind of node. */
export function outlineCounts(nodes: readonly OutlineNode[]): { modules: number; pages: number; blocks: number } {
  const counts = { modules: 0, pages: 0, blocks: 0 };
  for (const { node } of walkOutline(nodes)) counts[`${node.kind}s`]++;
  return counts;
}

/** A node's title for lists and search: its name, else (a block) the start of its words, else its type's title, else its type. */
export function nodeTitle(node: Pick<OutlineNode, 'title' | 'type' | 'words'>, typeTitle: (type: string) => string | undefined): string {
  if (node.title) return node.title;
  if (node.words) return node.words;
  return node.type ? (typeTitle(node.type) ?? node.type) : '';
}

/** Whether the node's title, type, type title or id holds the query (case-insensitive; an empty query matches). */
export function nodeMatches(node: OutlineNode, query: string, typeTitle: (type: string) => string | undefined): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const texts = [node.title, node.words ?? '', node.id, node.type ?? '', node.type ? (typeTitle(node.type) ?? '') : ''];
  return texts.some((w) => w.toLowerCase().includes(q));
}

/**
 * The outline filtered by a query: the nodes that match, each with its ancestors (so its place
 * stays in sight) and its matching descendants; `expand` names the ancestors of every match, to be
 * opened. An empty query answers the outline itself and nothing to expand.
 */
export function filterOutline(
  nodes: readonly OutlineNode[],
  query: string,
  typeTitle: (type: string) => string | undefined,
): { nodes: OutlineNode[]; expand: Set<Id>; matches: Set<Id> } {
  const expand = new Set<Id>();
  const matches = new Set<Id>();
  if (!query.trim()) return { nodes: [...nodes], expand, matches };
  const keep = (list: readonly OutlineNode[]): OutlineNode[] =>
    list.flatMap((node) => {
      const children = keep(node.children);
      const hit = nodeMatches(node, query, typeTitle);
      if (hit) matches.add(node.id);
      if (children.length) expand.add(node.id);
      return hit || children.length ? [{ ...node, children }] : [];
    });
  return { nodes: keep(nodes), expand, matches };
}

/** The rows a tree shows: depth first, descending only into expanded nodes; each with its level (1 at the top), place and parent. */
export interface OutlineRow {
  node: OutlineNode;
  level: number;
  /** 1-based position among its siblings, and their number (aria-posinset, aria-setsize). */
  position: number;
  siblings: number;
  parentId?: Id;
}

export function visibleRows(nodes: readonly OutlineNode[], expanded: ReadonlySet<Id>): OutlineRow[] {
  const out: OutlineRow[] = [];
  const add = (list: readonly OutlineNode[], level: number, parentId?: Id) =>
    list.forEach((node, i) => {
      out.push({ node, level, position: i + 1, siblings: list.length, ...(parentId ? { parentId } : {}) });
      if (node.children.length && expanded.has(node.id)) add(node.children, level + 1, node.id);
    });
  add(nodes, 1);
  return out;
}

/** The node with this id and the chain of its ancestors' ids (outermost first); undefined when the outline lacks it. */
export function findInOutline(nodes: readonly OutlineNode[], id: Id): { node: OutlineNode; ancestors: Id[] } | undefined {
  const path: Id[] = [];
  const find = (list: readonly OutlineNode[]): OutlineNode | undefined => {
    for (const node of list) {
      if (node.id === id) return node;
      path.push(node.id);
      const hit = find(node.children);
      if (hit) return hit;
      path.pop();
    }
    return undefined;
  };
  const node = find(nodes);
  return node ? { node, ancestors: [...path] } : undefined;
}

/** Every block of the outline as a flat row (the blocks area), in tree order, with its page and module named. */
export function blockRows(nodes: readonly OutlineNode[]): AdminBlockRow[] {
  const out: AdminBlockRow[] = [];
  for (const module of nodes)
    for (const page of module.children) {
      const add = (list: readonly OutlineNode[], parentId?: Id) =>
        list.forEach((b) => {
          out.push({
            id: b.id,
            type: b.type ?? '',
            title: b.title,
            ...(b.words ? { words: b.words } : {}),
            pageId: page.id,
            pageName: page.title,
            moduleId: module.id,
            moduleName: module.title,
            ...(parentId ? { parentId } : {}),
            visibility: b.visibility,
            status: b.status,
            childCount: b.children.length,
          });
          add(b.children, b.id);
        });
      add(page.children);
    }
  return out;
}

/**
 * The outline with at most `cap` blocks: pages are filled in order until the next page's blocks
 * would pass the cap; that page and the ones after it are listed without blocks.
 */
export function capOutline(nodes: readonly OutlineNode[], cap: number): { nodes: OutlineNode[]; truncated: boolean } {
  let left = cap;
  let truncated = false;
  const size = (list: readonly OutlineNode[]): number => list.reduce((n, b) => n + 1 + size(b.children), 0);
  const out = nodes.map((module) => ({
    ...module,
    children: module.children.map((page) => {
      const blocks = size(page.children);
      if (!truncated && blocks <= left) {
        left -= blocks;
        return page;
      }
      truncated = true;
      return { ...page, children: [] };
    }),
  }));
  return { nodes: out, truncated };
}
