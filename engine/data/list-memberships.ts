/**
 * The signed-in member's list memberships on the client, kept live (issue 30 item 3): the
 * `userLists:memberships:added`, `userLists:updated:state` and `userLists:memberships:removed`
 * events of her `account:<id>` room change them in place, so the rules reading them (block and
 * page visibility: the `list` and `userList` kinds) answer again without a reload. Where the
 * memberships live is the shell's business: it makes the slice with `listMembershipsSlice(...)`,
 * naming how to read and write them. A reconnect that missed events reads them again
 * (`GET user/listMemberships`).
 */
import { MEMBERSHIP_STATUSES } from '../core/constants';
import type { ListMembership, MembershipState } from '../../schemas/model';
import type { ListMembershipRemovedEvent, ListMembershipView } from '../../schemas/model/api/lists';
import { defineSlice, type JotaiStore, type SliceDefinition } from './slice';
import { dataCall } from './transport';

export const LIST_MEMBERSHIP_EVENTS = ['userLists:memberships:added', 'userLists:updated:state', 'userLists:memberships:removed'] as const;
export type ListMembershipEvent = (typeof LIST_MEMBERSHIP_EVENTS)[number];

export const listMembershipCalls = {
  own: () => dataCall<ListMembership[]>({ method: 'GET', path: 'user/listMemberships' }),
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const STATES: ReadonlySet<string> = new Set(MEMBERSHIP_STATUSES);

/**
 * The memberships after one event, or undefined when the event changes nothing (unreadable, or
 * about another account than `ownAccountId`). An added or changed membership replaces the one of
 * its id, keeping what the event does not carry (membership type, tags).
 */
export function applyListMembershipEvent(
  current: readonly ListMembership[],
  event: ListMembershipEvent,
  payload: unknown,
  ownAccountId?: string,
): ListMembership[] | undefined {
  if (!isRecord(payload) || !isId(payload.id) || !isId(payload.userListId)) return undefined;
  if (event === 'userLists:memberships:removed') {
    const { id } = payload as unknown as ListMembershipRemovedEvent;
    return current.some((m) => m.id === id) ? current.filter((m) => m.id !== id) : undefined;
  }
  const view = payload as Partial<ListMembershipView>;
  // Sent to the member's own room only; one about someone else (never expected) changes nothing.
  if (view.accountId !== undefined && ownAccountId !== undefined && view.accountId !== ownAccountId) return undefined;
  if (typeof view.state !== 'string' || !STATES.has(view.state)) return undefined;
  const before = current.find((m) => m.id === view.id);
  const { hidden: _hidden, entityId: _entityId, ...kept } = before ?? ({} as Partial<ListMembership>);
  const next: ListMembership = {
    ...kept,
    id: view.id!,
    userListId: view.userListId!,
    state: view.state as MembershipState,
    ...(view.hidden === true ? { hidden: true } : {}),
    ...(isId(view.entityId) ? { entityId: view.entityId } : {}),
  };
  return before ? current.map((m) => (m === before ? next : m)) : [...current, next];
}

export interface ListMemberships {
  /** Reads them again from the server (after a reconnect that missed events). */
  resync(): Promise<void>;
  /** Hears each change the events or a resync made; returns the removal. */
  onChange(listener: (memberships: ListMembership[]) => void): () => void;
  /** Applies one event (the layer routes them here by name). */
  apply(event: ListMembershipEvent, payload: unknown): void;
}

/** Where the shell keeps the signed-in member's memberships. */
export interface ListMembershipsHome {
  read(store: JotaiStore): ListMembership[] | undefined;
  write(store: JotaiStore, memberships: ListMembership[]): void;
}

/** The slice over the shell's home of the memberships; define it once per app (a slice's identity is its definition). */
export function listMembershipsSlice(home: ListMembershipsHome): SliceDefinition<ListMemberships> {
  return defineSlice<ListMemberships>({
    name: 'listMemberships',
    create({ store, layer, transport }) {
      const listeners = new Set<(memberships: ListMembership[]) => void>();
      const set = (memberships: ListMembership[]) => {
        home.write(store, memberships);
        for (const listener of [...listeners]) listener(memberships);
      };
      let reading = 0;
      const slice: ListMemberships = {
        async resync() {
          const mine = ++reading;
          const answer = await transport.request(listMembershipCalls.own());
          // A later resync, or no signed-in member any more: this answer is not the newest.
          if (mine !== reading || !Array.isArray(answer) || home.read(store) === undefined) return;
          set(answer);
        },
        onChange(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        apply(event, payload) {
          const current = home.read(store);
          if (current === undefined) return;
          const next = applyListMembershipEvent(current, event, payload, layer.ownAccountId);
          if (next) set(next);
        },
      };
      layer.onReconnect(() => void slice.resync().catch(() => undefined));
      return slice;
    },
    events: Object.fromEntries(LIST_MEMBERSHIP_EVENTS.map((event) => [event, (slice: ListMemberships, payload: unknown) => slice.apply(event, payload)])),
  });
}
