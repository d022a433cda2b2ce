/**
 * Who may hear of a structure change, and what of it (realtime `items:changes`). Each touched page
 * is read as it is after the write and as it was before; an account receives
 * - the items it may see after the write, as it would read them (hidden blocks left out of
 *   `children`, `positions` and related blocks; a module's `childIds` and `defaultPage` naming only
 *   pages it may view);
 * - a removal (`item: null`) for items it could see before and cannot see now;
 * - nothing at all about anything else: no item, no id in `pageIds`.
 * When no touched page is restricted (no list or rule visibility, no rule-hidden blocks, no damaged
 * visibility) every subscriber sees the same, and one broadcast serves them all.
 * A block goes out checked as a page read gives it (withOptionProblem): broken options marked.
 */
import type { Block, Field, Id, Module, Page } from '../../schemas/model';
import type { PageResponse } from '../../schemas/model/api/structure';
import { canViewPage, type PermissionContext } from '../permissions';
import type { ChangeAudience, ItemChange, ItemsChanges, ItemsChangedEvent } from './realtime-events';
import type { DocumentSource } from '../storage/documents';
import { overlayReader, overrideKey } from './overlay-reader';
import { needsViewerFilter, pageForViewer } from './block-visibility';
import { readPageDocument, withOptionProblem, type StoredOptionsCheck } from './read';

type Docs = Map<Id, PageResponse | undefined>;

/** Reads items as they were before the write: touched ones from the event, the rest as stored. */
function readerBefore(reader: DocumentSource, event: ItemsChangedEvent): DocumentSource {
  return overlayReader(reader, new Map(event.items.map((c) => [overrideKey(c.kind, c.id), c.before])));
}

const restrictedPage = (page: Page | undefined) => !!page && (!!page.visibility?.userListIds?.length || !!page.visibility?.rules || !!page.readProblem);
const restrictedDoc = (doc: PageResponse | undefined) =>
  !!doc && (restrictedPage(doc.page) || doc.blocks.some((b) => b.visibility?.advanced && b.visibility.rules));

interface Seen {
  page: Map<Id, Page>;
  block: Map<Id, Block>;
  field: Map<Id, Field>;
}

/** The parts of the touched pages this viewer may see, as the viewer reads them. */
function seenBy(docs: Docs, viewer: PermissionContext): Seen {
  const seen: Seen = { page: new Map(), block: new Map(), field: new Map() };
  for (const doc of docs.values()) {
    if (!doc || !canViewPage(viewer, doc.page)) continue;
    const view = needsViewerFilter(doc, viewer) ? pageForViewer(doc, viewer) : doc;
    seen.page.set(view.page.id, view.page);
    view.blocks.forEach((b) => seen.block.set(b.id, b));
    view.fields.forEach((f) => seen.field.set(f.id, f));
  }
  return seen;
}

export async function changeAudience(
  reader: DocumentSource,
  event: ItemsChangedEvent,
  viewerOf: (accountId: string) => Promise<PermissionContext | undefined>,
  checkOptions: StoredOptionsCheck,
): Promise<ChangeAudience> {
  const asRead = (kind: ItemChange['kind'], item: ItemChange['item']) => (kind === 'block' && item ? withOptionProblem(item as Block, checkOptions) : item);
  const before = readerBefore(reader, event);
  const docsAfter: Docs = new Map();
  const docsBefore: Docs = new Map();
  for (const id of event.pageIds) {
    docsAfter.set(id, await readPageDocument(reader, id));
    docsBefore.set(id, await readPageDocument(before, id));
  }
  const modules = event.items.filter((c) => c.kind === 'module');
  const listed = [...new Set(modules.flatMap((c) => [c.item, c.before].flatMap((m) => (m as Module | null)?.childIds ?? [])))];
  const modulePages = new Map((await reader.getMany<Page>('page', listed)).map((d) => [d.id, d.data]));

  const restricted =
    [...docsAfter.values(), ...docsBefore.values()].some(restrictedDoc) ||
    [...modulePages.values()].some(restrictedPage) ||
    event.items.some((c) => c.kind === 'page' && (restrictedPage(c.item as Page | undefined) || restrictedPage(c.before as Page | undefined)));
  if (!restricted) {
    return {
      everyone: {
        items: event.items.map(({ kind, id, item }) => ({ kind, id, item: asRead(kind, item) })),
        moduleIds: event.moduleIds,
        pageIds: event.pageIds,
      },
    };
  }

  return {
    async perAccount(accountId) {
      const viewer = await viewerOf(accountId);
      if (!viewer) return undefined;
      const after = seenBy(docsAfter, viewer);
      const earlier = seenBy(docsBefore, viewer);
      const items: ItemChange[] = [];
      for (const c of event.items) {
        if (c.kind === 'module') {
          const module = c.item as Module | null;
          if (!module) {
            items.push({ kind: 'module', id: c.id, item: null });
            continue;
          }
          const pageSeen = (id: Id) => {
            const page = modulePages.get(id);
            return !!page && canViewPage(viewer, page);
          };
          const { defaultPage, ...rest } = module;
          items.push({
            kind: 'module',
            id: c.id,
            item: { ...rest, childIds: (module.childIds ?? []).filter(pageSeen), ...(defaultPage && pageSeen(defaultPage) ? { defaultPage } : {}) },
          });
          continue;
        }
        const shown = after[c.kind].get(c.id);
        if (shown) items.push({ kind: c.kind, id: c.id, item: asRead(c.kind, shown) });
        else if (earlier[c.kind].has(c.id)) items.push({ kind: c.kind, id: c.id, item: null });
      }
      if (!items.length) return undefined;
      const pageIds = event.pageIds.filter((id) => after.page.has(id) || earlier.page.has(id));
      return { items, moduleIds: event.moduleIds, pageIds } satisfies ItemsChanges;
    },
  };
}
