/**
 * A page's heading. A profile page reads as the person it shows: its title is her name (issue 35),
 * and when a profileHero block is on the page the hero's name is that heading (one h1, no second
 * "Profile" above it), told to the hero through PageTitleContext. A page with a target entity (a
 * space) reads as the entity: its title, live (the engine's entity is the resource's atom), with
 * an entityHero on the page carrying it the same way.
 */
import { atom, useAtomValue } from 'jotai';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Id, Page } from '../../schemas/model';
import { useProfileEntry } from '../data/hooks';
import { pageName } from '../core/i18n/content-keys';
import { useContentLookup } from './content-text';
import { useEngine } from './engine-context';
import { profileDisplayName } from './member-card';
import { blockAtom } from './structure-store';

/** True inside a page whose title a block of it shows (the profile hero on a profile page). */
export const PageTitleContext = createContext(false);
/** Whether this block is the page's title: render its name as the page's h1. */
export const useIsPageTitle = () => useContext(PageTitleContext);
/** Inside a profile page whose hero shows the person (her name and photo): a form need not show her photo again. */
export const useProfileHeroShown = () => useContext(PageTitleContext);

function useHasTopBlock(ids: readonly Id[], type: string): boolean {
  const has = useMemo(() => atom((get) => ids.some((id) => get(blockAtom(id))?.type === type)), [ids, type]);
  return useAtomValue(has);
}

function PersonTitle({ accountId }: { accountId: string }) {
  const entry = useProfileEntry(accountId);
  return <h1 className="t-page__title">{entry?.state === 'ready' ? profileDisplayName(entry.value) : '\u00a0'}</h1>;
}

/** The page's h1, and whether a hero block of the page carries it instead. */
export function usePageHeading(page: Page): { heading: ReactNode; heroIsTitle: boolean } {
  const { profile, entity } = useEngine();
  const lookup = useContentLookup();
  const personId = page.type === 'profile' ? profile?.accountId : undefined;
  const children = Array.isArray(page.children) ? page.children : [];
  const profileHero = useHasTopBlock(children, 'profileHero') && !!personId;
  const entityHero = useHasTopBlock(children, 'entityHero') && !personId && !!entity;
  const heroIsTitle = profileHero || entityHero;
  if (heroIsTitle) return { heading: null, heroIsTitle };
  if (personId) return { heading: <PersonTitle accountId={personId} />, heroIsTitle };
  if (entity && page.type !== 'profile') return { heading: <h1 className="t-page__title">{entity.title}</h1>, heroIsTitle };
  // The page's name in the member's language (content translations).
  return { heading: typeof page.name === 'string' && page.name ? <h1 className="t-page__title">{pageName(page, lookup)}</h1> : null, heroIsTitle };
}
