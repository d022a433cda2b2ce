/**
 * Spaces in the shell (core §2.2, §2.5, §2.7): /space/:targetId[/:moduleSlug[/:pageSlug]] asks
 * the server's space decision (GET entities/{id}/space, through the entities slice) and replaces
 * the address when it answers another page; the page then renders with the entity as its target
 * and navigation shows only the pages the decision lets her view. The decision is asked again
 * when the entity's space version moves (an update of what it reads, a join, a reconnect, a
 * delete). The generic route with a non-numeric target (`EntityTargetRoute`) loads the entity by
 * slug or id and renders the page with it. Failures are states inside the shell: header and
 * navigation stay.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Entity } from '../../schemas/model';
import type { SpaceAnswer } from '../../schemas/model/api/entities';
import { useEntitiesSlice, useEntityEntry, useSpaceVersion } from '../../engine/data/entities';
import { DataLayerProvider } from '../../engine/data/hooks';
import { messageOf, statusOf } from '../../engine/data/transport';
import { webDataLayer } from '../engine/data-layer';
import { useT } from '../i18n/use-t';
import { useServices } from '../shell/services';
import { sessionAtom } from '../shell/shell-state';
import { Decide } from './Decide';
import { resolvePageRoute, spaceAnswerDecision, spaceFailureDecision } from './guards';
import { structureViewAtom } from '../nav/structure-view';
import { PageRoute } from './PageRoute';

/** The shell's data layer (the one the page's blocks read), for routes that render before the page. */
function ShellDataLayer({ children }: { children: ReactNode }) {
  const store = useStore();
  const { api } = useServices();
  const accountId = useAtomValue(sessionAtom)?.user.accountId;
  const layer = useMemo(() => webDataLayer(store, api, accountId), [store, api, accountId]);
  return <DataLayerProvider value={layer}>{children}</DataLayerProvider>;
}

export interface SpaceRouteProps {
  targetId: string;
  moduleSlug?: string;
  pageSlug?: string;
}

export function SpaceRoute(props: SpaceRouteProps) {
  return (
    <ShellDataLayer>
      <Space {...props} />
    </ShellDataLayer>
  );
}

type Asked =
  | { key: string; answer: SpaceAnswer; failure?: undefined; before?: undefined }
  | { key: string; answer?: undefined; failure: 'failed' | 'notFound'; message: string; before?: SpaceAnswer };

/** A state of the space inside the shell (the page's place): a heading, why, and what she can do. */
function SpaceState({ title, hint, role, children }: { title: string; hint?: string; role: 'status' | 'alert'; children?: ReactNode }) {
  return (
    <section className="ts-space-state" role={role}>
      <h1 className="ts-page-title">{title}</h1>
      {hint && <p>{hint}</p>}
      {children}
    </section>
  );
}

function Space({ targetId, moduleSlug = '', pageSlug = '' }: SpaceRouteProps) {
  const t = useT();
  const slice = useEntitiesSlice();
  const key = JSON.stringify([targetId, moduleSlug, pageSlug]);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [retries, setRetries] = useState(0);
  const last = asked?.answer ?? asked?.before;
  const entityId = last?.entity.id;
  const version = useSpaceVersion(entityId);
  /** The page shown under this address already (a later answer moving her away says why). */
  const shown = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    slice.space(targetId, moduleSlug || undefined, pageSlug || undefined).then(
      (answer) => live && setAsked({ key, answer }),
      (failure) =>
        live &&
        setAsked((before) => ({
          key,
          failure: statusOf(failure) === 404 ? 'notFound' : 'failed',
          message: messageOf(failure),
          before: before?.key === key ? (before.answer ?? before.before) : undefined,
        })),
    );
    return () => {
      live = false;
    };
    // Asked again when the address, the entity's space version or a retry changes.
  }, [slice, key, targetId, moduleSlug, pageSlug, version, retries]);
  // The entity live (its room joined): the heading and navigation follow its title.
  const entry = useEntityEntry(entityId);
  const current = asked?.key === key ? asked : null;
  useEffect(() => {
    if (current?.answer && !spaceAnswerDecision(targetId, { moduleSlug, pageSlug }, current.answer)) shown.current = key;
  }, [current, targetId, moduleSlug, pageSlug, key]);

  if (!current)
    return (
      <p role="status" className="ts-page-loading">
        {t('shell.space.loading')}
      </p>
    );
  if (current.failure) {
    // Deleted while she was in it: say so where it was, rather than a bare not-found page.
    if (current.failure === 'notFound' && current.before && entry?.state === 'error')
      return <SpaceState role="alert" title={t('shell.space.gone')} hint={t('shell.space.goneHint')} />;
    const decision = spaceFailureDecision(current.failure === 'notFound' ? 404 : undefined);
    if (decision !== 'failed') return <Decide key={key} decision={decision} />;
    return (
      <SpaceState role="alert" title={t('shell.space.loadError')}>
        <button type="button" className="ts-button ts-button--primary" onClick={() => setRetries((n) => n + 1)}>
          {t('shell.space.retry')}
        </button>
      </SpaceState>
    );
  }
  const answer = current.answer;
  const decision = spaceAnswerDecision(targetId, { moduleSlug, pageSlug }, answer, shown.current === key);
  if (decision) return <Decide key={`${key}>${decision.redirect}`} decision={decision} />;
  const entity: Entity = entry?.state === 'ready' ? entry.value : answer.entity;
  const space = { targetId, entityId: entity.id, moduleSlug: answer.moduleSlug, viewablePageIds: answer.viewablePageIds };
  return (
    <>
      {entity.unreadable?.length ? (
        <p role="alert" className="ts-space-notice">
          {t('shell.space.unreadable')}
        </p>
      ) : null}
      <PageRoute moduleSlug={answer.moduleSlug} pageSlug={answer.pageSlug} targetId={targetId} space={space} entity={entity} />
    </>
  );
}

/** /:moduleSlug/:pageSlug/:targetId with a non-numeric target: the entity by slug or id is the page's target (core §2.2). */
export function EntityTargetRoute(props: { moduleSlug: string; pageSlug: string; targetId: string; modifier?: string }) {
  return (
    <ShellDataLayer>
      <EntityTarget {...props} />
    </ShellDataLayer>
  );
}

function EntityTarget({ moduleSlug, pageSlug, targetId, modifier }: { moduleSlug: string; pageSlug: string; targetId: string; modifier?: string }) {
  const t = useT();
  const slice = useEntitiesSlice();
  // On a profile page any target names an account (PageRoute checks it).
  const resolved = resolvePageRoute(moduleSlug, pageSlug, useAtomValue(structureViewAtom));
  const profilePage = resolved.kind === 'page' && resolved.page.type === 'profile';
  const entry = useEntityEntry(profilePage ? undefined : targetId);
  if (profilePage) return <PageRoute moduleSlug={moduleSlug} pageSlug={pageSlug} targetId={targetId} modifier={modifier} />;
  if (!entry || entry.state === 'loading')
    return (
      <p role="status" className="ts-page-loading">
        {t('shell.page.loading')}
      </p>
    );
  if (entry.state === 'error') {
    if (entry.error === 'notFound') return <Redirect to="/404" replace />;
    return (
      <SpaceState role="alert" title={t('shell.space.loadError')}>
        <button type="button" className="ts-button ts-button--primary" onClick={() => void slice.items.ensure(targetId, true)}>
          {t('shell.space.retry')}
        </button>
      </SpaceState>
    );
  }
  return (
    <>
      {entry.value.unreadable?.length ? (
        <p role="alert" className="ts-space-notice">
          {t('shell.space.unreadable')}
        </p>
      ) : null}
      <PageRoute moduleSlug={moduleSlug} pageSlug={pageSlug} targetId={targetId} modifier={modifier} entity={entry.value} />
    </>
  );
}
