/**
 * Which membership moves are allowed, once (community §4 "Membership statuses": accepted, applied,
 * banned, completed, rejected, returned, withdrawn; the spec leaves the transitions to us). The
 * server refuses any other move with 409 naming both states; the admin screens and the member's
 * application block offer only the moves listed here. Pure.
 *
 * `null` is "no membership": what an account has before it applies or is added, and after an
 * admin removes it. Two actors move memberships:
 * - the member, on her own membership only: apply, withdraw, re-apply after a return or a withdrawal;
 * - an admin of the list (or a rule of a dynamic list): accept, reject, return for changes, ban,
 *   mark completed, reinstate.
 */
import type { MembershipState } from '../../schemas/model';
import type { NotificationEvent } from './notifications';

export type MembershipActor = 'member' | 'admin';
export type MembershipFrom = MembershipState | null;

const MOVES: Record<MembershipActor, Record<MembershipState | 'none', readonly MembershipState[]>> = {
  member: {
    none: ['applied'],
    applied: ['withdrawn'],
    returned: ['applied', 'withdrawn'],
    withdrawn: ['applied'],
    accepted: ['withdrawn'], // leaving a list
    rejected: [],
    banned: [],
    completed: [],
  },
  admin: {
    none: ['accepted', 'applied'],
    applied: ['accepted', 'rejected', 'returned', 'banned'],
    returned: ['accepted', 'rejected', 'banned'],
    withdrawn: ['accepted', 'banned'],
    accepted: ['completed', 'banned', 'rejected'],
    rejected: ['accepted', 'banned'],
    banned: ['accepted', 'rejected'],
    completed: ['accepted'],
  },
};

/** The states an actor may move a membership to from `from` (none for an unknown stored state: fail closed). */
export function membershipMoves(from: MembershipFrom, actor: MembershipActor): readonly MembershipState[] {
  const key = from === null ? 'none' : from;
  return Object.hasOwn(MOVES[actor], key) ? MOVES[actor][key] : [];
}

/** Whether `actor` may move a membership from `from` to `to`. A move to the same state is no move (false). */
export function canMoveMembership(from: MembershipFrom, to: MembershipState, actor: MembershipActor): boolean {
  return membershipMoves(from, actor).includes(to);
}

/** The 409 text of a refused move, naming both states. */
export function refusedMoveMessage(from: MembershipFrom, to: string): string {
  return `a membership cannot move from "${from ?? 'none'}" to "${to}"`;
}

/** The notification event the member hears when her membership reaches `state` (community §4 event names). */
export function membershipEvent(state: MembershipState): NotificationEvent {
  return `${state}OnMembership` as NotificationEvent;
}

/** Requests not yet decided (applied, or returned to the member for changes): the admin queue's pending count. */
export const PENDING_REQUEST_STATES: readonly MembershipState[] = ['applied', 'returned'];

/** Whether a request in this state is decided, so an admin may move it to the archive. */
export const isDecidedRequest = (state: MembershipState | null): boolean => state !== null && !PENDING_REQUEST_STATES.includes(state);

/** States that hold a place in a list for its capacity (an accepted member). */
export const PLACE_HOLDING_STATES: readonly MembershipState[] = ['accepted'];

/** A list's capacity: null (or absent, or not a whole number >= 0 as stored) is unlimited (community §5). */
export function listCapacity(stored: unknown): number | null {
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 ? stored : null;
}

/** Whether a list with this capacity and this many place-holding members is full. */
export const isListFull = (capacity: number | null, members: number): boolean => capacity !== null && members >= capacity;
