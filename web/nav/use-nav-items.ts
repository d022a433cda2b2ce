/** Module and page tab items for the current route, from the structure store and the rules. */
import { contentLookup } from '../../engine/core/i18n/content-keys';
import { useAtomValue } from 'jotai';
import { currentRouteAtom, currentTargetAtom, modulePagesAtom, modulesWithPagesAtom } from './structure-view';
import { moduleAtom } from '../../engine/react/structure-store';
import { editModeAtom, sessionAtom, translatorAtom } from '../shell/shell-state';
import { moduleTitle, pageHref, pageTitle, showPageRow, spaceCanView, spacePageHref, visibleModuleTabs, visiblePageTabs } from './nav-rules';
import type { TabItem } from './OverflowTabs';
import type { Module, Page } from '../../schemas/model';

export function useModuleTabs(): TabItem[] {
  const withPages = useAtomValue(modulesWithPagesAtom);
  const route = useAtomValue(currentRouteAtom);
  const editMode = useAtomValue(editModeAtom);
  const translator = useAtomValue(translatorAtom);
  const target = useAtomValue(currentTargetAtom);
  const tr = contentLookup(translator);
  const pagesOf = new Map(withPages.map((w) => [w.module.id, w.pages]));
  return visibleModuleTabs(
    withPages.map((w) => w.module),
    { currentModuleId: route.moduleId, editMode },
  ).map((m) => {
    const pages = pagesOf.get(m.id) ?? [];
    const first = (m.defaultPage && pages.find((p) => p.id === m.defaultPage)) || pages.find((p) => !p.hideFromNav && !p.isAbstract) || pages[0];
    // The space's module stays in the space (the server picks its landing page).
    const inSpace = route.space && m.id === route.moduleId && m.slug === route.space.moduleSlug;
    return {
      key: m.id,
      label: moduleTitle(m, tr, m.id === route.moduleId ? target : undefined),
      href: inSpace ? spacePageHref(route.space!) : pageHref(m.slug, first?.slug ?? ''),
      current: m.id === route.moduleId,
    };
  });
}

export function usePageRow(): { module: Module | undefined; items: TabItem[]; show: boolean } {
  const route = useAtomValue(currentRouteAtom);
  const module = useAtomValue(moduleAtom(route.moduleId ?? ''));
  const pages = useAtomValue(modulePagesAtom(route.moduleId ?? ''));
  const editMode = useAtomValue(editModeAtom);
  const session = useAtomValue(sessionAtom);
  const translator = useAtomValue(translatorAtom);
  const tr = contentLookup(translator);
  const show = showPageRow(module, { displayPages: route.displayPages });
  const space = route.space && module?.slug === route.space.moduleSlug ? route.space : undefined;
  const items =
    module && show
      ? visiblePageTabs(module, pages, {
          currentPageId: route.pageId,
          isAdmin: !!session?.user.isAdmin,
          holder: session?.user,
          editMode,
          ...(space ? { entityMembershipCanView: spaceCanView(space) } : {}),
        }).map((p: Page) => ({
          key: p.id,
          label: pageTitle(p, tr),
          href: space ? spacePageHref(space, p.slug) : pageHref(module.slug, p.slug),
          current: p.id === route.pageId,
        }))
      : [];
  return { module, items, show };
}
