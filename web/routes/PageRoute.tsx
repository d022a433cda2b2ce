/**
 * /:moduleSlug/:pageSlug/:targetId?/:modifier? and the /space/... page routes: resolve the page
 * from the structure store, redirect with a toast when it is missing, mark it current for the
 * header, log the audit entry, remember it as recently viewed, and render the page slot.
 */
import { stripMarks } from '../../engine/core/i18n/text-marks';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { currentRouteAtom, structureViewAtom } from '../nav/structure-view';
import { pageTitle } from '../nav/nav-rules';
import { rememberRecent } from '../shell/recently-viewed';
import type { ApiClient } from '../api/client';
import { useServices } from '../shell/services';
import { settingsAtom, translatorAtom } from '../shell/shell-state';
import { Decide } from './Decide';
import { resolvePageRoute } from './guards';
import { NotFound } from './NotFound';
import { useRouteSlots, type PageSlotProps } from './route-slots';
import { routeHref, targetKind } from './route-table';
import { formatProfileName } from '../../engine/core/profile-name';
import type { Profile } from '../../schemas/model';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const nameOf = (p: Profile | undefined) => {
  const v = p?.data?.profile;
  return v ? formatProfileName({ first: str(v.firstName), middle: str(v.middleName), last: str(v.lastName) }) || undefined : undefined;
};

/** Fired on window after navigation to an entity page, with `{ title, targetId }`. */
export const PAGE_TITLE_EVENT = 'tessera:pageTitle';

/** What renders until the engine's PageRenderer is plugged in: the page title. */
export function PageTitleOnly({ page }: PageSlotProps) {
  const translator = useAtomValue(translatorAtom);
  return <h1 className="ts-page-title">{pageTitle(page, (k) => (translator.has(k) ? translator.t(k) : undefined))}</h1>;
}

/**
 * A numeric target id, or any target of a profile page, must be an existing profile (GET
 * profile/{id} answers 200) before the page shows (spec 2.5); otherwise it goes to 404.
 */
/** Whether the routed profile exists, and her name: a profile page's document title (issue 35). */
function useProfileCheck(targetId: string | undefined, api: ApiClient, profilePage: boolean): { state: 'ok' | 'checking' | 'missing'; name?: string } {
  const needsCheck = targetKind(targetId) === 'profile' || (profilePage && !!targetId);
  const [checked, setChecked] = useState<{ id: string; ok: boolean; name?: string } | null>(null);
  useEffect(() => {
    if (!needsCheck || !targetId) return;
    let live = true;
    api
      .get<Profile>(`profile/${encodeURIComponent(targetId)}`, { quiet: true })
      .then((profile) => live && setChecked({ id: targetId, ok: true, name: nameOf(profile) }))
      .catch(() => live && setChecked({ id: targetId, ok: false }));
    return () => {
      live = false;
    };
  }, [needsCheck, targetId, api]);
  if (!needsCheck) return { state: 'ok' };
  if (!checked || checked.id !== targetId) return { state: 'checking' };
  return checked.ok ? { state: 'ok', name: checked.name } : { state: 'missing' };
}

export function PageRoute({
  moduleSlug,
  pageSlug,
  targetId,
  modifier,
  space,
}: {
  moduleSlug: string;
  pageSlug: string;
  targetId?: string;
  modifier?: string;
  space?: boolean;
}) {
  const view = useAtomValue(structureViewAtom);
  const setCurrent = useSetAtom(currentRouteAtom);
  const { audit, api } = useServices();
  const translator = useAtomValue(translatorAtom);
  const settings = useAtomValue(settingsAtom);
  const slots = useRouteSlots();
  const resolved = resolvePageRoute(moduleSlug, pageSlug, view);
  const { state: profileCheck, name: personName } = useProfileCheck(targetId, api, resolved.kind === 'page' && resolved.page.type === 'profile');
  const moduleId = resolved.kind === 'page' ? resolved.module.id : undefined;
  const pageId = resolved.kind === 'page' ? resolved.page.id : undefined;

  useEffect(() => {
    setCurrent({ moduleId, pageId, targetId });
    if (!pageId || resolved.kind !== 'page' || profileCheck !== 'ok') return;
    const kind = targetKind(targetId);
    if (space && targetId) audit.log({ type: 'entityView', entityId: targetId, pageId, moduleId });
    else if (kind === 'profile') audit.log({ type: 'profileView', profileId: targetId!, pageId });
    else if (kind === 'entity') audit.log({ type: 'entityPageView', entityId: targetId!, pageId });
    else audit.log({ type: 'pageView', pageId, moduleId });
    // Unmarked: the document title and the recently viewed list are no labels to edit in place.
    const title =
      (resolved.page.type === 'profile' && personName) || pageTitle(resolved.page, (k) => (translator.has(k) ? stripMarks(translator.t(k)) : undefined));
    const href = space && targetId ? routeHref.space({ targetId, moduleSlug, pageSlug }) : routeHref.page({ moduleSlug, pageSlug, targetId });
    rememberRecent(localStorage, { href, title });
    const siteName = settings.siteName;
    document.title = siteName ? `${title} – ${siteName}` : title;
    // Entity pages announce their title (spec 2.5) for parts that show it elsewhere.
    if (kind === 'entity' || space) window.dispatchEvent(new CustomEvent(PAGE_TITLE_EVENT, { detail: { title, targetId } }));
    // Log and remember once per page and target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moduleId, pageId, targetId, profileCheck]);

  if (resolved.kind === 'notFound') return <NotFound />;
  // Once per failed address.
  if (resolved.kind === 'redirect') return <Decide key={`${moduleSlug}/${pageSlug}`} decision={resolved} />;
  if (profileCheck === 'checking') return null;
  if (profileCheck === 'missing') return <Redirect to="/404" replace />;
  const Slot = slots.page ?? PageTitleOnly;
  // The page slot may be lazy (the engine is its own chunk).
  return (
    <Suspense
      fallback={
        <p role="status" className="ts-page-loading">
          {translator.t('shell.page.loading')}
        </p>
      }
    >
      <Slot module={resolved.module} page={resolved.page} targetId={targetId} modifier={modifier} space={space} />
    </Suspense>
  );
}
