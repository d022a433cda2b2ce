/**
 * /:moduleSlug/:pageSlug/:targetId?/:modifier? and the /space/... page routes: resolve the page
 * from the structure store, redirect with a toast when it is missing, mark it current for the
 * header, log the audit entry, remember it as recently viewed, and render the page slot. A page
 * whose target is an entity (a space, or an entity's slug or id: SpaceRoute.tsx loads it) takes
 * the entity's title (document title, page-title event, recently viewed), live.
 */
import { stripMarks } from '../../engine/core/i18n/text-marks';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { currentRouteAtom, currentTargetAtom, structureViewAtom } from '../nav/structure-view';
import { pageTitle, type SpaceNav } from '../nav/nav-rules';
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
import type { Entity, Profile } from '../../schemas/model';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const nameOf = (p: Profile | undefined) => {
  const v = p?.data?.profile;
  return v ? formatProfileName({ first: str(v.firstName), middle: str(v.middleName), last: str(v.lastName) }) || undefined : undefined;
};

/** Fired on window after navigation to an entity page and when its entity's title changes, with `{ title, targetId, entityId }` (title: the entity's). */
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
  entity,
}: {
  moduleSlug: string;
  pageSlug: string;
  targetId?: string;
  modifier?: string;
  /** Set on /space/... routes: the server's decision for this space. */
  space?: SpaceNav;
  /** The page's target entity (loaded by the route, live). */
  entity?: Entity;
}) {
  const view = useAtomValue(structureViewAtom);
  const setCurrent = useSetAtom(currentRouteAtom);
  const { audit, api } = useServices();
  const translator = useAtomValue(translatorAtom);
  const settings = useAtomValue(settingsAtom);
  const slots = useRouteSlots();
  const resolved = resolvePageRoute(moduleSlug, pageSlug, view);
  // An entity target is never a profile to check (the route loaded the entity).
  const { state: profileCheck, name: personName } = useProfileCheck(
    entity ? undefined : targetId,
    api,
    resolved.kind === 'page' && resolved.page.type === 'profile',
  );
  const moduleId = resolved.kind === 'page' ? resolved.module.id : undefined;
  const pageId = resolved.kind === 'page' ? resolved.page.id : undefined;
  const entityId = entity?.id;
  const spaceKey = space ? JSON.stringify(space) : '';

  // The module title (showTargetValueAsTitle) reads the target: the entity, as it changes.
  const setTarget = useSetAtom(currentTargetAtom);
  useEffect(() => {
    setTarget(entity);
    return () => setTarget(undefined);
  }, [entity, setTarget]);

  useEffect(() => {
    setCurrent({ moduleId, pageId, targetId, ...(entityId ? { entityId } : {}), ...(space ? { space } : {}) });
    // The decision's viewable pages may change with the page unchanged: navigation follows, nothing is logged again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moduleId, pageId, targetId, entityId, spaceKey]);

  useEffect(() => {
    if (!pageId || resolved.kind !== 'page' || profileCheck !== 'ok') return;
    const kind = targetKind(targetId);
    // Entity audit entries name the entity's id (the address may carry its slug).
    if (space && entityId) audit.log({ type: 'entityView', entityId, pageId, moduleId });
    else if (entityId) audit.log({ type: 'entityPageView', entityId, pageId });
    else if (kind === 'profile') audit.log({ type: 'profileView', profileId: targetId!, pageId });
    else audit.log({ type: 'pageView', pageId, moduleId });
    // Log once per page and target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moduleId, pageId, targetId, entityId, profileCheck]);

  const entityTitle = entity?.title;
  useEffect(() => {
    if (!pageId || resolved.kind !== 'page' || profileCheck !== 'ok') return;
    // Unmarked: the document title and the recently viewed list are no labels to edit in place.
    const name = pageTitle(resolved.page, (k) => (translator.has(k) ? stripMarks(translator.t(k)) : undefined));
    const title = (resolved.page.type === 'profile' && personName) || (entityTitle ? `${name} – ${entityTitle}` : name);
    const href = space && targetId ? routeHref.space({ targetId, moduleSlug, pageSlug }) : routeHref.page({ moduleSlug, pageSlug, targetId });
    rememberRecent(localStorage, { href, title });
    const siteName = settings.siteName;
    document.title = siteName ? `${title} – ${siteName}` : title;
    // Entity pages announce their entity's title (spec 2.5), again when it changes, for parts that show it elsewhere.
    if (entityTitle !== undefined) window.dispatchEvent(new CustomEvent(PAGE_TITLE_EVENT, { detail: { title: entityTitle, targetId, entityId } }));
    // Once per page and target, and again when the entity's title changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moduleId, pageId, targetId, profileCheck, entityTitle]);

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
      <Slot module={resolved.module} page={resolved.page} targetId={targetId} modifier={modifier} space={!!space} entityId={entityId} />
    </Suspense>
  );
}
