/**
 * The /admin frame (core 2.3, community 2): the admin navigation beside the screen of the route,
 * with the panel stack over it. The route is matched against the area catalogue
 * (engine/core/admin-areas.ts) and guarded with the rule the server applies: a route the user may
 * not open, or one the spec does not name, is the shell's refusal (the page slug becomes 404).
 * `/admin` itself goes to the first area the user may open. Each area's screen is its folder,
 * loaded when first opened (admin/areas/index.generated.ts).
 */
import { Component, lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { createTranslator, messages } from '../../engine/core/i18n';
import { adminSectionsFor, matchAdminPath, mayOpenAdminRoute, type AdminAreaName, type AdminMatch } from '../../engine/core/admin-areas';
import { adminAreaLoaders } from '../areas/index.generated';
import { AdminNav } from './AdminNav';
import { AdminFrameContext, useAdminFrame, type AdminFrameValue } from './frame-context';
import { PanelStackProvider } from './panel-stack';
import type { AdminAreaProps, AdminFrameServices } from './types';
import './frame.css';

const screens = new Map<AdminAreaName, LazyExoticComponent<ComponentType<AdminAreaProps>>>();
/** One lazy component per area, made once, so moving between its routes keeps it mounted. */
function screenOf(area: AdminAreaName) {
  let screen = screens.get(area);
  if (!screen) {
    screen = lazy(adminAreaLoaders[area]);
    screens.set(area, screen);
  }
  return screen;
}

export interface AdminFrameProps {
  /** The location below the app base: `/admin/blocks/b1`. */
  path: string;
  services: AdminFrameServices;
}

export function AdminFrame({ path, services }: AdminFrameProps) {
  const { locale, overrides } = services;
  const t = useMemo(() => createTranslator(messages, locale, overrides).t, [locale, overrides]);
  const value = useMemo<AdminFrameValue>(() => ({ services, t }), [services, t]);
  const match = matchAdminPath(path);
  const first = adminSectionsFor(services.holder)[0]?.areas[0];
  const Refused = services.Refused;

  // An elevated user who may open no area: the refusal, without a navigation of nothing.
  if (!first) return <Refused />;
  const atIndex = !path.replace(/^\/?admin/, '').replace(/\//g, '');
  if (atIndex) return <Redirect to={first.path} replace />;
  const allowed = !!match && mayOpenAdminRoute(services.holder, match.route, match.params);
  return (
    <AdminFrameContext.Provider value={value}>
      <PanelStackProvider labels={{ back: t('adminAreas.panels.back'), close: t('adminAreas.panels.close') }}>
        <div className="t-admin-frame">
          <AdminNav current={match?.area} />
          <div className="t-admin-frame__screen" data-admin-area={allowed ? match.area : undefined}>
            {allowed ? <AreaScreen key={match.area} match={match} /> : <Refused />}
          </div>
        </div>
      </PanelStackProvider>
    </AdminFrameContext.Provider>
  );
}

function AreaScreen({ match }: { match: AdminMatch }) {
  const { t } = useAdminFrame();
  const Screen = screenOf(match.area);
  const title = t(`adminAreas.areas.${match.area}.title`);
  return (
    <ScreenBoundary
      fallback={(retry) => (
        <ScreenFailed
          title={title}
          retry={() => {
            // React keeps a failed lazy import: the next attempt needs a new one.
            screens.delete(match.area);
            retry();
          }}
        />
      )}
    >
      <Suspense
        fallback={
          <p role="status" className="t-admin-frame__loading">
            {t('adminAreas.screen.loading', { area: title })}
          </p>
        }
      >
        <Screen match={match} />
      </Suspense>
    </ScreenBoundary>
  );
}

function ScreenFailed({ title, retry }: { title: string; retry(): void }) {
  const { t } = useAdminFrame();
  return (
    <div role="alert" className="t-admin-frame__failed">
      <h1 className="ts-page-title">{title}</h1>
      <p>{t('adminAreas.screen.loadError', { area: title })}</p>
      <button type="button" className="ts-button" onClick={retry}>
        {t('adminAreas.screen.retry')}
      </button>
    </div>
  );
}

/** A screen that fails to load or render shows why, with a retry, never a blank frame. */
class ScreenBoundary extends Component<{ fallback(retry: () => void): ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
