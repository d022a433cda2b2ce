/**
 * Posts and comments on the client (issue 32; API: schemas/model/api/communications.ts, rules:
 * engine/core/communications.ts). Items are one resource by id (a post shown in a feed and opened
 * as a thread is one atom). Lists are keyed collections, one per (targetId, parentId, order) for
 * "Load more" (the server's keyset cursor) and one per numbered page (`page` key part): every
 * list is shown first-to-last in the order asked for, so the collection's "older" side is always
 * "further down the list" and a realtime arrival beyond an unloaded end waits for its page.
 *
 * Writes: a create shows at once under `local:<clientId>` and is replaced by the server's item; a
 * refused one stays failed until retried (same clientId: the server stores one) or discarded.
 * Reactions toggle at once and take the server's ReactionSummary; refused, they roll back.
 *
 * Realtime: a shown target joins `communications:<targetId>` (again after each reconnect, and its
 * lists read their first page again: the room does not replay). `communications:created` merges
 * into the lists of its parent, `updated` replaces the item, `removed` drops it from every list.
 * Events carry `own` and `can` as the room's audience sees them: the slice recomputes them for its
 * viewer from `from`. Imported by path (not the barrel): only the post blocks load it.
 */
import type {
  Communication,
  CommunicationCreateRequest,
  CommunicationEditRequest,
  CommunicationListResponse,
  CommunicationOrder,
  CommunicationSearchResponse,
  MentionCandidatesResponse,
  ReactionSummary,
} from '../../schemas/model/api/communications';
import { COMMUNICATIONS_PAGE_SIZE, mentionedAccounts, reactionScore, richTextToText } from '../core/communications';
import { createCollections, type Collection, type Collections, type Page } from './collection';
import { createResource, type LoadResult, type Resource } from './resource';
import { defineSlice } from './slice';
import { dataCall, statusOf } from './transport';

const enc = encodeURIComponent;

export const communicationsCalls = {
  list: (targetId: string, query: Record<string, string | number>) =>
    dataCall<CommunicationListResponse>({ method: 'GET', path: `communications/${enc(targetId)}`, query }),
  single: (id: string) => dataCall<Communication>({ method: 'GET', path: `communications/single/${enc(id)}` }),
  create: (targetId: string, body: CommunicationCreateRequest) => dataCall<Communication>({ method: 'PUT', path: `communications/${enc(targetId)}`, body }),
  edit: (targetId: string, id: string, body: CommunicationEditRequest) =>
    dataCall<Communication>({ method: 'PATCH', path: `communications/${enc(targetId)}/${enc(id)}`, body }),
  remove: (targetId: string, id: string) => dataCall<Communication>({ method: 'DELETE', path: `communications/${enc(targetId)}/${enc(id)}`, report: true }),
  react: (targetId: string, id: string, reactionId: string) =>
    dataCall<ReactionSummary>({ method: 'POST', path: `communications/${enc(targetId)}/${enc(id)}/reaction`, body: { reactionId } }),
  follow: (targetId: string, id: string, follow: boolean) =>
    dataCall<void>({ method: 'PUT', path: `communications/${enc(targetId)}/${enc(id)}/follow`, body: { follow }, report: true }),
  search: (query: { q: string; targetId?: string; limit?: number; cursor?: string }) =>
    dataCall<CommunicationSearchResponse>({ method: 'GET', path: 'communications/search', query: query as Record<string, string | number> }),
  mentionable: (q: string) => dataCall<MentionCandidatesResponse>({ method: 'GET', path: 'communications/mentionable', query: { q } }),
};

/** What one list shows: a target's posts (parentId null) or an item's replies, in one order; `page` for numbered pages (0-based). */
export interface CommunicationListKey {
  targetId: string;
  parentId?: string | null;
  order: CommunicationOrder;
  limit?: number;
  page?: number;
}

/** The collection key of a list (also its identity for hooks). */
export const listKeyOf = (k: CommunicationListKey): string =>
  JSON.stringify([k.targetId, k.parentId ?? null, k.order, k.limit ?? COMMUNICATIONS_PAGE_SIZE, k.page ?? null]);
const parseKey = (key: string): Required<Omit<CommunicationListKey, 'page'>> & { page: number | null } => {
  const [targetId, parentId, order, limit, page] = JSON.parse(key) as [string, string | null, CommunicationOrder, number, number | null];
  return { targetId, parentId, order, limit, page };
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
export const isCommunication = (v: unknown): v is Communication =>
  isRecord(v) && typeof v.id === 'string' && typeof v.targetId === 'string' && typeof v.from === 'string' && typeof v.created === 'number' && isRecord(v.meta);

const byId = (a: Communication, b: Communication) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/**
 * The sort key of an order as the collection reads it ("newest" end first on screen): the list
 * shows the reverse of this, so the first shown is the greatest.
 */
export function compareFor(order: CommunicationOrder): (a: Communication, b: Communication) => number {
  switch (order) {
    case 'oldest':
      return (a, b) => b.created - a.created || byId(b, a);
    case 'score':
      return (a, b) => a.meta.score - b.meta.score || a.created - b.created || byId(a, b);
    case 'mostActive':
      return (a, b) => a.childrenCount - b.childrenCount || a.created - b.created || byId(a, b);
    default:
      return (a, b) => a.created - b.created || byId(a, b);
  }
}

/** Who is looking: `own` and `can` of realtime items are computed for her. */
export interface CommunicationViewer {
  accountId?: string;
  isAdmin: boolean;
}

/** An item as the room sent it, with `own` and `can` for this viewer (kept from the held copy when there is one). */
export function forViewer(item: Communication, viewer: CommunicationViewer, held?: Communication): Communication {
  const own = !!viewer.accountId && item.from === viewer.accountId;
  if (held && held.id === item.id) return { ...item, own: held.own, can: { ...held.can, edit: held.can.edit && !item.deleted, react: held.can.react && !item.deleted } };
  const live = !item.deleted;
  return {
    ...item,
    own,
    can: { edit: own && live, delete: live && (own || viewer.isAdmin), reply: live, react: live, report: live && !own, moderate: viewer.isAdmin },
  };
}

/** A fresh idempotency key (CHAT_CLIENT_ID's shape: a UUID). */
export function newClientId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 24 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

/** The viewer's reactions after toggling one (at most one of each kind). */
export function toggledSummary(meta: ReactionSummary, reactionId: string): ReactionSummary {
  const on = meta.userReactions.includes(reactionId);
  const counts = { ...meta.individualReactionScores, [reactionId]: Math.max(0, (meta.individualReactionScores[reactionId] ?? 0) + (on ? -1 : 1)) };
  return {
    userReactions: on ? meta.userReactions.filter((r) => r !== reactionId) : [...meta.userReactions, reactionId],
    individualReactionScores: counts,
    score: reactionScore(counts),
  };
}

/** A write's outcome: the saved item, or the refusal (the unconfirmed copy stays in its list, failed, until retried or discarded). */
export interface CreateResult {
  draftId: string;
  saved?: Communication;
  error?: unknown;
}

export interface CommunicationsSlice {
  items: Resource<Communication>;
  lists: Collections<Communication, string>;
  viewer: CommunicationViewer;
  setViewer(viewer: CommunicationViewer): void;
  /** Writes a post (parentId absent) or a comment: shown at once, failed with Retry when refused. */
  create(key: CommunicationListKey, request: Omit<CommunicationCreateRequest, 'clientId'>): Promise<CreateResult>;
  edit(item: Communication, change: CommunicationEditRequest): Promise<Communication>;
  remove(item: Communication): Promise<Communication>;
  /** Toggles the viewer's reaction at once; the server's summary is applied, a refusal rolls back. */
  react(item: Communication, reactionId: string): Promise<ReactionSummary | undefined>;
  follow(item: Communication, follow: boolean): Promise<void>;
  search(query: { q: string; targetId?: string; limit?: number; cursor?: string }): Promise<CommunicationSearchResponse>;
  mentionable(q: string): Promise<MentionCandidatesResponse['items']>;
  /** A target is shown: joins its room; returns the leave. */
  watch(targetId: string): () => void;
  apply(event: string, payload: unknown): void;
}

export const COMMUNICATION_EVENTS = ['communications:created', 'communications:updated', 'communications:removed'] as const;

export const communicationsSlice = defineSlice<CommunicationsSlice>({
  name: 'communications',
  create({ store, layer, transport }) {
    const viewer: CommunicationViewer = { accountId: layer.ownAccountId, isAdmin: false };
    const items = createResource<Communication>(store, {
      name: 'communications',
      batch: { delayMs: 0, maxBatch: 1 },
      cacheSize: 200,
      async loadMany(ids) {
        const answers = new Map<string, LoadResult<Communication>>();
        for (const id of ids) {
          try {
            answers.set(id, { value: await transport.request(communicationsCalls.single(id)) });
          } catch (error) {
            const status = statusOf(error);
            if (status === 403 || status === 404) answers.set(id, { error: status === 403 ? 'forbidden' : 'notFound' });
            else throw error;
          }
        }
        return answers;
      },
    });
    // Reconnects are the slice's own (below): the room does not replay, so shown lists read their first page again.
    const lists = createCollections<Communication, string>(
      { store },
      {
        name: 'communications',
        idOf: (c) => c.id,
        compare: (a, b) => a.created - b.created || byId(a, b),
        newestFirst: true,
        compareOf: (key) => compareFor(parseKey(key).order),
        resource: items,
        keep: 30,
        async loadPage(key, request): Promise<Page<Communication, string>> {
          const k = parseKey(key);
          const query: Record<string, string | number> = { order: k.order, limit: k.limit };
          if (k.parentId) query.parentId = k.parentId;
          if (k.page !== null) query.page = k.page;
          else if (request.direction === 'older') query.cursor = request.cursor;
          else if (request.direction === 'newer') return { items: [], more: { newer: false } };
          const answer = await transport.request(communicationsCalls.list(k.targetId, query));
          const shown = answer.items.filter(isCommunication);
          return {
            items: shown,
            more: { older: k.page === null && answer.more },
            cursors: answer.cursor ? { older: answer.cursor } : {},
            total: answer.total,
          };
        },
      },
    );
    const watched = new Map<string, number>();

    const heldValue = (id: string) => {
      const entry = items.peek(id);
      return entry?.state === 'ready' ? entry.value : undefined;
    };

    /** The lists of a target (and parent, when given). */
    function listsOf(targetId: string, parentId?: string | null): Collection<Communication, string>[] {
      const found: Collection<Communication, string>[] = [];
      lists.forEach((collection, key) => {
        const k = parseKey(key);
        if (k.targetId !== targetId) return;
        if (parentId !== undefined && (k.parentId ?? null) !== (parentId ?? null)) return;
        found.push(collection);
      });
      return found;
    }

    function arrived(raw: Communication): void {
      const item = forViewer(raw, viewer, heldValue(raw.id));
      const present = heldValue(item.id) !== undefined;
      lists.forEach((collection, key) => {
        const k = parseKey(key);
        if (k.targetId !== item.targetId || (k.parentId ?? null) !== (item.parentId ?? null)) return;
        if (present && collection.peek().ids.includes(item.id)) return collection.merge([item]);
        // Numbered pages past the first and lists in score order leave new arrivals to their page.
        if (k.page !== null && k.page > 0) return;
        // Her own write is confirmed by its HTTP answer: the unconfirmed copy stands for it meanwhile.
        const s = collection.peek();
        if (item.own && Object.values(s.pending).some((p) => p.op === 'insert' && p.state === 'pending')) return;
        collection.merge([item]);
      });
      if (present) items.put(item.id, item);
    }

    function changed(raw: Communication): void {
      const held = heldValue(raw.id);
      if (!held) return;
      const item = forViewer(raw, viewer, held);
      // The viewer's own reactions are hers: the room's copy says nothing of them.
      items.put(item.id, { ...item, meta: { ...item.meta, userReactions: held.meta.userReactions } });
    }

    function removed(id: string, targetId: string): void {
      for (const collection of listsOf(targetId)) collection.remove(id);
      // A removed item's replies go with it.
      for (const collection of lists.keys().filter((key) => parseKey(key).parentId === id).map((key) => lists.peek(key)!)) collection.dispose();
    }

    const slice: CommunicationsSlice = {
      items,
      lists,
      viewer,
      setViewer(next) {
        viewer.accountId = next.accountId ?? layer.ownAccountId;
        viewer.isAdmin = next.isAdmin;
      },
      create(key, request) {
        const clientId = newClientId();
        const now = Date.now();
        const body = request.body;
        const draft: Communication = {
          id: `local:${clientId}`,
          kind: request.parentId ? 'comment' : 'post',
          parentId: request.parentId ?? null,
          rootId: request.parentId ?? `local:${clientId}`,
          targetId: key.targetId,
          ownerKind: request.ownerKind ?? 'discussion',
          scope: request.scope ?? null,
          scopeContextData: request.scopeContextData ?? null,
          from: viewer.accountId ?? '',
          own: true,
          title: request.title ?? null,
          body,
          html: '',
          text: richTextToText(body),
          media: request.media ?? [],
          mentions: mentionedAccounts(body),
          meta: { score: 0, userReactions: [], individualReactionScores: {} },
          childrenCount: 0,
          created: now,
          edited: null,
          deleted: false,
          hidden: false,
          can: { edit: false, delete: false, reply: false, react: false, report: false, moderate: false },
        };
        const list = lists.get(listKeyOf(key));
        const sent = list.insert(draft, async () => {
          const saved = await transport.request(communicationsCalls.create(key.targetId, { ...request, clientId }));
          // The parent counts one more reply (its room event may come later or, when hidden, not at all).
          if (request.parentId) items.update(request.parentId, (p) => ({ ...p, childrenCount: Math.max(p.childrenCount, 0) + 1 }));
          // Other lists of the same target and parent (another block showing the feed) take it too.
          lists.forEach((other, otherKey) => {
            const k = parseKey(otherKey);
            if (other === list || k.targetId !== key.targetId || (k.parentId ?? null) !== (request.parentId ?? null) || (k.page ?? 0) > 0) return;
            other.merge([saved]);
          });
          return saved;
        });
        return sent.then((saved) => {
          const failed = list.peek().pending[draft.id];
          return saved ? { draftId: draft.id, saved } : { draftId: draft.id, error: failed?.state === 'failed' ? failed.error : undefined };
        });
      },
      async edit(item, change) {
        const saved = await transport.request(communicationsCalls.edit(item.targetId, item.id, change));
        items.put(saved.id, saved);
        return saved;
      },
      async remove(item) {
        const saved = await transport.request(communicationsCalls.remove(item.targetId, item.id));
        items.put(saved.id, saved);
        return saved;
      },
      async react(item, reactionId) {
        let answer: ReactionSummary | undefined;
        const before = heldValue(item.id) ?? item;
        const optimistic = { ...before, meta: toggledSummary(before.meta, reactionId) };
        items.put(item.id, optimistic);
        try {
          answer = await transport.request(communicationsCalls.react(item.targetId, item.id, reactionId));
        } catch (error) {
          // Only its own value is rolled back: a newer one (realtime) stays.
          if (heldValue(item.id) === optimistic) items.put(item.id, before);
          throw error;
        }
        const now = heldValue(item.id) ?? optimistic;
        items.put(item.id, { ...now, meta: answer });
        return answer;
      },
      follow: (item, follow) => transport.request(communicationsCalls.follow(item.targetId, item.id, follow)),
      search: (query) => transport.request(communicationsCalls.search(query)),
      async mentionable(q) {
        const answer = await transport.request(communicationsCalls.mentionable(q));
        return Array.isArray(answer?.items) ? answer.items : [];
      },
      watch(targetId) {
        const count = watched.get(targetId) ?? 0;
        watched.set(targetId, count + 1);
        if (count === 0) layer.emit('communications:subscribe', { id: targetId });
        let left = false;
        return () => {
          if (left) return;
          left = true;
          const n = (watched.get(targetId) ?? 1) - 1;
          if (n > 0) return void watched.set(targetId, n);
          watched.delete(targetId);
          layer.emit('communications:unsubscribe', { id: targetId });
        };
      },
      apply(event, payload) {
        if (!isRecord(payload)) return;
        if (event === 'communications:created' || event === 'communications:updated') {
          const item = payload.item;
          if (!isCommunication(item)) return;
          if (event === 'communications:created') arrived(item);
          else changed(item);
          return;
        }
        if (event === 'communications:removed' && typeof payload.id === 'string' && typeof payload.targetId === 'string') {
          removed(payload.id, payload.targetId);
        }
      },
    };

    layer.onConnect((again) => {
      // A new socket is in no room: the shown targets are joined again, and (after a reconnect)
      // their shown lists read their first page (the room does not replay what was missed).
      for (const targetId of watched.keys()) layer.emit('communications:subscribe', { id: targetId });
      if (!again) return;
      lists.forEach((collection) => {
        if (collection.isMounted()) void collection.reload();
      });
    });
    return slice;
  },
  events: Object.fromEntries(
    COMMUNICATION_EVENTS.map((event) => [event, (slice: CommunicationsSlice, payload: unknown) => slice.apply(event, payload)]),
  ),
});
