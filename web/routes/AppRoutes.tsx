/** The route table of spec 2.2 as wouter routes (base /app is set on the Router). */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Redirect, Route, Switch, useLocation, useParams, useSearch } from 'wouter';
import { useT } from '../i18n/use-t';
import { currentRouteAtom, orderedModulesAtom, structureViewAtom } from '../nav/structure-view';
import { useApi } from '../shell/services';
import { sessionAtom } from '../shell/shell-state';
import { useSetAtom } from 'jotai';
import { autoLogInRedirect, canEnterAdmin, resolveModuleRoute, socialAuthErrorOutcome, socialAuthOutcome, type RouteDecision } from './guards';
import { Decide } from './Decide';
import { NotFound } from './NotFound';
import { PageRoute } from './PageRoute';
import { useRouteSlots } from './route-slots';
import { ROUTES, targetKind } from './route-table';
import { EntityTargetRoute, SpaceRoute } from './SpaceRoute';

/** Home goes to the first module's default page, keeping the query (so /autoLogIn's query survives). */
function Home() {
  const modules = useAtomValue(orderedModulesAtom);
  const view = useAtomValue(structureViewAtom);
  const search = useSearch();
  const first = modules.find((m) => !m.isAbstract && !m.hideFromNav && !m.archived && m.id !== 'global');
  if (!first) return <NotFound />;
  const decision = resolveModuleRoute(first.slug, view);
  return <Decide decision={decision.redirect && search ? { ...decision, redirect: `${decision.redirect}?${search}` } : decision} />;
}

/** /404: the not-found page, with the page row hidden. */
function NotFoundRoute() {
  const setCurrent = useSetAtom(currentRouteAtom);
  useEffect(() => setCurrent({ displayPages: false }), [setCurrent]);
  return <NotFound />;
}

function ModuleRedirect() {
  const { moduleSlug } = useParams<{ moduleSlug: string }>();
  const view = useAtomValue(structureViewAtom);
  return <Decide key={moduleSlug} decision={resolveModuleRoute(moduleSlug, view)} />;
}

/** Core 2.2: the denied admin check's sentence, the page slug 404. */
const AdminRefused = () => <NotFound reason="toasts.pageMissing" />;

function AdminRoute() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const setCurrent = useSetAtom(currentRouteAtom);
  const slots = useRouteSlots();
  const [location] = useLocation();
  const allowed = canEnterAdmin(session?.user);
  useEffect(() => setCurrent(allowed ? { adminPage: true, displayPages: false } : { displayPages: false }), [allowed, setCurrent]);
  // Denied: the not-found page with the spec's sentence, once (spec 2.2).
  if (!allowed) return <AdminRefused />;
  const Admin = slots.admin;
  return Admin ? <Admin path={location} Refused={AdminRefused} /> : <h1 className="ts-page-title">{t('shell.admin.title')}</h1>;
}

function SocialAuth() {
  const search = useSearch();
  const api = useApi();
  const [decision, setDecision] = useState<RouteDecision | null>(null);
  useEffect(() => {
    const q = new URLSearchParams(search);
    const provider = q.get('provider') ?? '';
    const dataString = q.get('dataString') ?? '';
    api
      .get<{ status?: string; message?: string }>(`user/socialAccountLink/${encodeURIComponent(provider)}/new/${encodeURIComponent(dataString)}`, {
        query: { source: q.get('source') ?? undefined },
        quiet: true,
      })
      .then((r) => setDecision(socialAuthOutcome(q, r ?? {})))
      .catch((e: Error) => setDecision(socialAuthOutcome(q, e)));
    // Link once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return decision ? <Decide decision={decision} /> : null;
}

function Simple({ slot }: { slot: 'settings' | 'chat' }) {
  const params = useParams<{ targetId?: string }>();
  const setCurrent = useSetAtom(currentRouteAtom);
  const slots = useRouteSlots();
  const t = useT();
  useEffect(() => setCurrent({ displayPages: false }), [setCurrent]);
  if (slot === 'chat') {
    const Chat = slots.chat;
    return Chat ? <Chat targetId={params.targetId} /> : <h1 className="ts-page-title">{t('shell.chat.title')}</h1>;
  }
  const Settings = slots.settings;
  return Settings ? <Settings /> : <h1 className="ts-page-title">{t('shell.settings.title')}</h1>;
}

export function AppRoutes() {
  const search = useSearch();
  return (
    <Switch>
      <Route path={ROUTES.home} component={Home} />
      <Route path={ROUTES.settings}>{() => <Simple slot="settings" />}</Route>
      <Route path={ROUTES.chat}>{() => <Simple slot="chat" />}</Route>
      <Route path={ROUTES.admin} component={AdminRoute} />
      <Route path={ROUTES.autoLogIn}>{() => <Redirect to={autoLogInRedirect(search)} replace />}</Route>
      <Route path={ROUTES.socialAuthError}>{() => <Decide decision={socialAuthErrorOutcome(new URLSearchParams(search))} />}</Route>
      <Route path={ROUTES.socialAuth} component={SocialAuth} />
      <Route path={ROUTES.spaceRedirect}>{(p: { targetId: string }) => <SpaceRoute targetId={p.targetId} />}</Route>
      <Route path={ROUTES.spacePage}>
        {(p: { targetId: string; moduleSlug: string; pageSlug: string }) => (
          <SpaceRoute targetId={p.targetId} moduleSlug={p.moduleSlug} pageSlug={p.pageSlug} />
        )}
      </Route>
      <Route path={ROUTES.spacePageNoSlash}>
        {(p: { targetId: string; moduleSlug: string; pageSlug: string }) => (
          <SpaceRoute targetId={p.targetId} moduleSlug={p.moduleSlug} pageSlug={p.pageSlug} />
        )}
      </Route>
      <Route path={ROUTES.spaceModule}>{(p: { targetId: string; moduleSlug: string }) => <SpaceRoute targetId={p.targetId} moduleSlug={p.moduleSlug} />}</Route>
      <Route path={ROUTES.notFound} component={NotFoundRoute} />
      <Route path={ROUTES.module} component={ModuleRedirect} />
      <Route path={ROUTES.moduleSlash} component={ModuleRedirect} />
      <Route path={ROUTES.page}>
        {(p: { moduleSlug: string; pageSlug: string; targetId?: string; modifier?: string }) =>
          // A non-numeric target is an entity's slug or id (core §2.2): loaded first, then the page's target.
          p.targetId && targetKind(p.targetId) === 'entity' ? <EntityTargetRoute key={p.targetId} {...p} targetId={p.targetId} /> : <PageRoute {...p} />
        }
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
