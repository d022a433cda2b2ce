/**
 * The editor's drafts (issue 35): what `GET structure/drafts` lists, kept in the admin's store and
 * read again after every change this editor or another makes (the bar listens to the socket).
 */
import { atom } from 'jotai';
import type { DraftSummary } from '../../schemas/model/api/structure';
import type { Id } from '../../schemas/model';

export const draftsAtom = atom<DraftSummary[]>([]);

/** `kind:id` of every item that is new or changed in a draft (what carries a "Draft" badge). */
export const draftedItemsAtom = atom(
  (get) =>
    new Set(
      get(draftsAtom)
        .filter((d) => d.change !== 'removed')
        .map((d) => `${d.kind}:${d.id}`),
    ),
);

/** Whether an item carries a "Draft" badge. */
export const isDraftedAtom = (kind: 'module' | 'page' | 'block', id: Id) => atom((get) => get(draftedItemsAtom).has(`${kind}:${id}`));

/** The drafts "publish this page" would take: the page, its blocks, and its module when that is a draft (the server adds their fields). */
export function draftsOfPage(drafts: DraftSummary[], pageId: Id, moduleId: Id | undefined): DraftSummary[] {
  const moduleDrafted = !!moduleId && drafts.some((d) => d.kind === 'module' && d.id === moduleId);
  return drafts.filter(
    (d) =>
      (d.kind === 'page' && d.id === pageId) ||
      (d.kind === 'block' && d.pageId === pageId) ||
      (d.kind === 'module' && d.id === moduleId) ||
      (d.kind === 'order' && moduleDrafted),
  );
}

/** The changes a person would count: the module order goes with its module and is not one of its own. */
export const countable = (drafts: DraftSummary[]) => drafts.filter((d) => d.kind !== 'order' && d.kind !== 'field').length;

/** Preview as member: the composer's chrome hidden, the drafts shown. */
export const draftPreviewAtom = atom(false);

/** Reads the list of drafts again (after an undo or redo of a publish): set by the bar. */
export const draftsReloadAtom = atom<{ reload: () => Promise<void> } | null>(null);
