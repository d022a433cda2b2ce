/**
 * Pure navigation rules of spec 2.7: which module and page tabs show, the mobile drawer's
 * grouping, the overflow split of tabs that do not fit, scroll shadows and module titles.
 */
import { NAV_SCROLL_SHADOW_THRESHOLD_PX, NAV_TAB_RESERVED_PX } from '../../engine/core/constants';
import type { Id, JsonValue, Module, Page } from '../../schemas/model';
import { moduleName, pageName, type ContentLookup } from '../../engine/core/i18n/content-keys';
import { showsOutsideSpace } from '../../engine/core/entities';
import type { PermissionHolder } from '../../engine/core/permissions';

export interface ModuleTabContext {
  currentModuleId?: Id;
  editMode: boolean;
}

/** Module tabs in display order: hidden-from-nav, archived and abstract modules are left out, except the current abstract module outside edit mode; edit mode keeps all. */
export function visibleModuleTabs(modules: Module[], ctx: ModuleTabContext): Module[] {
  if (ctx.editMode) return modules;
  return modules.filter((m) => {
    if (m.id === 'global' || m.archived) return false;
    if (m.isAbstract) return m.id === ctx.currentModuleId;
    return !m.hideFromNav;
  });
}

export interface PageTabContext {
  currentPageId?: Id;
  isAdmin: boolean;
  editMode: boolean;
  /** For an entity page with membership permissions: whether the user may view the page. */
  entityMembershipCanView?: (page: Page) => boolean;
  /** The viewer's permissions (who composes entity pages sees them outside a space). */
  holder?: PermissionHolder;
}

/** Page tabs of a module (spec 2.7 page visibility). */
export function visiblePageTabs(module: Module, pages: Page[], ctx: PageTabContext): Page[] {
  return pages.filter((p) => {
    if (p.id === ctx.currentPageId) return true;
    if (ctx.editMode && ctx.isAdmin) return true;
    if (p.hideFromNav) return false;
    // In a space the server's decision is the whole rule (it already lets admins view every entity page).
    if (ctx.entityMembershipCanView) return ctx.entityMembershipCanView(p);
    if (ctx.isAdmin) return true;
    // Outside a space an entity page is its spaces' template: members reach it through a space only.
    if (!showsOutsideSpace(p, ctx.holder)) return false;
    return module.isAbstract ? !!p.isAbstract : !p.isAbstract;
  });
}

export interface RouteMeta {
  displayPages?: boolean;
  adminPage?: boolean;
}

/** The page row shows when the current module exists and does not hide its sub-navigation, unless route meta displayPages overrides. */
export function showPageRow(module: Module | undefined, meta: RouteMeta = {}): boolean {
  if (meta.displayPages !== undefined) return meta.displayPages;
  return !!module && !module.hideSubNav;
}

export const pageHref = (moduleSlug: string, pageSlug: string) => `/${moduleSlug}/${pageSlug}`;

/**
 * The space being shown (core §2.2, §2.7; the server's SpaceAnswer): its module's page tabs are
 * the pages the viewer may view, and link within the space (the address's target kept as given).
 */
export interface SpaceNav {
  /** The address's target: the entity's slug or id. */
  targetId: string;
  entityId: Id;
  moduleSlug: string;
  viewablePageIds: Id[];
}
/** The space's rule for a page tab (PageTabContext.entityMembershipCanView). */
export const spaceCanView =
  (space: SpaceNav) =>
  (page: Page): boolean =>
    space.viewablePageIds.includes(page.id);
const seg = (s: string) => encodeURIComponent(s);
/** A page of the space (the named route `space`), or its module when no page is given (the server picks the landing page). */
export const spacePageHref = (space: Pick<SpaceNav, 'targetId' | 'moduleSlug'>, pageSlug?: string) =>
  `/space/${seg(space.targetId)}/${seg(space.moduleSlug)}` + (pageSlug ? `/${seg(pageSlug)}/` : '');
/** A missing module links to the page route with moduleSlug 404. */
export const moduleHref = (module: Module | undefined, firstPage?: Page) => (module ? pageHref(module.slug, firstPage?.slug ?? '') : pageHref('404', ''));

export type DrawerEntry =
  { kind: 'group'; module: Module; open: boolean; pages: { page: Page; href: string }[] } | { kind: 'link'; module: Module; href: string };

/**
 * The mobile drawer: a module with more than one visible non-abstract page is an expandable group,
 * open for the current module; otherwise a single link to its first page (or its slug with an
 * empty page part). Pages hidden from navigation are left out.
 */
export function drawerEntries(
  modules: Module[],
  pagesOf: (m: Module) => Page[],
  currentModuleId?: Id,
  space?: SpaceNav,
  holder?: PermissionHolder,
): DrawerEntry[] {
  return modules.map((module) => {
    // The space's module: its viewable pages, within the space.
    if (space && module.id === currentModuleId && module.slug === space.moduleSlug) {
      const pages = pagesOf(module).filter((p) => !p.hideFromNav && spaceCanView(space)(p));
      if (pages.length > 1) return { kind: 'group', module, open: true, pages: pages.map((page) => ({ page, href: spacePageHref(space, page.slug) })) };
      return { kind: 'link', module, href: spacePageHref(space, pages[0]?.slug) };
    }
    const pages = pagesOf(module).filter((p) => !p.hideFromNav && !p.isAbstract && showsOutsideSpace(p, holder));
    if (pages.length > 1)
      return { kind: 'group', module, open: module.id === currentModuleId, pages: pages.map((page) => ({ page, href: pageHref(module.slug, page.slug) })) };
    return { kind: 'link', module, href: pageHref(module.slug, pages[0]?.slug ?? '') };
  });
}

/**
 * Splits tabs into those that fit and those that go into the overflow dropdown. `available` is
 * the row width; 70 px are reserved for the dropdown trigger. The current tab always stays
 * visible: if it would overflow, it takes the place of the last tab that fits.
 */
export function splitOverflow(
  widths: number[],
  available: number,
  currentIndex: number,
  reserved = NAV_TAB_RESERVED_PX,
): { visible: number[]; overflow: number[] } {
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= available) return { visible: widths.map((_, i) => i), overflow: [] };
  const room = available - reserved;
  const visible: number[] = [];
  let used = 0;
  for (let i = 0; i < widths.length && used + widths[i] <= room; i++) {
    visible.push(i);
    used += widths[i];
  }
  if (currentIndex >= 0 && currentIndex < widths.length && !visible.includes(currentIndex)) {
    // Drop the last fitted tabs until the current one fits in their place.
    while (visible.length && used + widths[currentIndex] > room) used -= widths[visible.pop()!];
    visible.push(currentIndex);
  }
  const shown = new Set(visible);
  return { visible, overflow: widths.map((_, i) => i).filter((i) => !shown.has(i)) };
}

/** Horizontal scroll shadows: a side shows one when more than 5 px of content is hidden there. */
export function scrollShadows(scrollLeft: number, scrollWidth: number, clientWidth: number, threshold = NAV_SCROLL_SHADOW_THRESHOLD_PX) {
  return { left: scrollLeft > threshold, right: scrollWidth - clientWidth - scrollLeft > threshold };
}

/** Reads a dotted path (`profile.name`, `data.title`) from a value. */
export function valueAtPath(source: unknown, path: string): JsonValue | undefined {
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node as JsonValue;
}

/** A module's tab title: the target entity's value when showTargetValueAsTitle names one, else its translated name. */
export function moduleTitle(module: Module, translate: ContentLookup, target?: unknown): string {
  if (module.showTargetValueAsTitle && target !== undefined) {
    const value = valueAtPath(target, module.showTargetValueAsTitle);
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number') return String(value);
  }
  return moduleName(module, translate);
}

/** A page's title: its translated name (content-keys.ts: customI18NKey, else content.page.<id>.name), else its name. */
export function pageTitle(page: Page, translate: ContentLookup): string {
  return pageName(page, translate);
}
