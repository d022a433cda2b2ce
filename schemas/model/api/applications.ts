/**
 * Application and membership-request calls (community §7 "Applications, memberships", §3
 * Application and Membership request, §4, §5; core §2.5 landing pages). An application is the form
 * a member fills in to join its list; each submission is a membership request whose state is the
 * state of the membership it holds in that list (engine/core/membership-moves.ts decides moves).
 * "area applications" is requireAdminArea(ctx, req, 'applications'). Paths are under /api/v1.
 *
 * Admin (area applications):
 * - GET    applications                                   -> ApplicationView[]
 * - PUT    applications  ApplicationCreateRequest          -> 201 ApplicationView
 * - PUT    applications/{id}  ApplicationUpdateRequest     -> ApplicationView
 * - DELETE applications/{id}                               -> 204 (its requests are archived, memberships stay)
 * - PUT    applications/{id}/field/{fieldId}  ApplicationFieldRequest -> ApplicationView (adds or replaces)
 * - DELETE applications/{id}/field/{fieldId}               -> ApplicationView
 * - GET    applications/membershipRequests/admin?applicationId=&states=&cursor=&limit= -> MembershipRequestsResponse (open ones, newest first)
 * - GET    applications/membershipRequests/admin/{id}     -> MembershipRequestDetail
 * - GET    applications/membershipRequests/admin/archive/{applicationId}?cursor= -> MembershipRequestsResponse (archived ones)
 * - POST   applications/membershipRequests/admin/{id}/{state}  MembershipRequestDecisionRequest -> MembershipRequestDetail
 *          (409 naming both states for a refused move, or when `changedFrom` is not the state now;
 *          409 code listFull when accepting into a full list)
 * - POST   applications/{id}/archive/{requestId}          -> MembershipRequestDetail (moves a decided request to the archive)
 *
 * Member (signed in; own requests only):
 * - GET    applications/states                            -> ApplicationStatesResponse
 * - GET    applications/user                              -> MembershipRequestView[] (own)
 * - GET    applications/user/{id}                         -> MemberApplicationResponse (the form and own request of application id)
 * - PUT    applications/{id}/request/{accountId}/{entityId}  ApplicationSubmitRequest -> MemberApplicationResponse
 *          (accountId `me` or own id, or any id for area applications; entityId `-` for none; applies or re-applies:
 *          answers validated by the form engine's rules, 400 naming the field; 409 for a refused move; 400 when the
 *          entity's list is not the application's list, naming the list label (§5))
 * - POST   applications/{id}/request/me/{state}/{entityId} -> MemberApplicationResponse (member moves: withdrawn, applied)
 *
 * Each move notifies through notify(): the member `<state>OnMembership` (link to the application's
 * page), the list's admins `newApplication` on applied; an admin's decision honours
 * shouldSendNotifications (default true) and emailTemplateOverride (an email template id).
 */
import type { MembershipState } from '../user';
import type { Id, JsonValue } from '../common';
import type { Field } from '../structure';

/** open: members may apply; closed: applying refused (400), existing requests still decided. */
export type ApplicationState = 'open' | 'closed';

export interface ApplicationView {
  id: Id;
  label: string;
  state: ApplicationState;
  userListId: Id;
  /** The list's label, for screens. */
  userListLabel: string;
  /** The form, in order: fields as the form engine renders them (registry field types). */
  fields: Field[];
  /** Email template sent on a decision unless the decision overrides it. */
  emailTemplateId?: Id;
  /** core §2.5: where an accepted member goes when the block asks for it (an app path). */
  landingPage?: string;
  /** Requests not yet decided (applied or returned). */
  pending: number;
}

/** @additionalProperties false */
export interface ApplicationCreateRequest {
  /** @minLength 1 @maxLength 120 */
  label: string;
  /** @minLength 1 @maxLength 200 */
  listId: string;
}

/** @additionalProperties false */
export interface ApplicationChanges {
  /** @minLength 1 @maxLength 120 */
  label?: string;
  state?: ApplicationState;
  /** @maxLength 200 */
  listId?: string;
  /** @maxLength 200 */
  emailTemplateId?: string | null;
  /** @maxLength 500 */
  landingPage?: string | null;
  /** Field ids in their new order (each must be one of the application's). @maxItems 200 */
  fieldOrder?: string[];
}

/**
 * PUT applications/{id}
 * @additionalProperties false
 */
export interface ApplicationUpdateRequest {
  changes: ApplicationChanges;
}

/**
 * PUT applications/{id}/field/{fieldId}: the field (its id is the path's).
 * @additionalProperties false
 */
export interface ApplicationFieldRequest {
  field: Field;
}

/** A request in a list of requests. */
export interface MembershipRequestView {
  id: Id;
  applicationId: Id;
  applicationLabel: string;
  userListId: Id;
  accountId: Id;
  /** The applicant's display name. */
  name: string;
  avatar?: string;
  entityId?: Id;
  state: MembershipState;
  listMembershipId: Id;
  archived: boolean;
  createdAt: number;
  updatedAt: number;
}

/** One decision or member move on a request. */
export interface MembershipRequestEvent {
  from: MembershipState | null;
  to: MembershipState;
  byAccountId: Id;
  /** Who moved it, by public name (the account id when she has no profile). */
  byName: string;
  /** The admin's message to the member. */
  message?: string;
  at: number;
}

/** GET applications/membershipRequests/admin/{id} */
export interface MembershipRequestDetail extends MembershipRequestView {
  /** Answers by field id. */
  answers: Record<string, JsonValue>;
  /** The application's fields, to label the answers. */
  fields: Field[];
  history: MembershipRequestEvent[];
  /** The moves an admin may make now (engine/core membershipMoves). */
  moves: MembershipState[];
}

export interface MembershipRequestsResponse {
  items: MembershipRequestView[];
  next: string | null;
}

/**
 * POST applications/membershipRequests/admin/{id}/{state}
 * @additionalProperties false
 */
export interface MembershipRequestDecisionRequest {
  /** The request's membership; when given it must be the request's. @maxLength 200 */
  membershipId?: string;
  /** Shown to the member in the notification and email. @maxLength 2000 */
  message?: string;
  /** The state the admin saw: when it is not the state now, 409 (someone decided meanwhile). */
  changedFrom?: MembershipState;
  /** An email template id to send instead of the application's. @maxLength 200 */
  emailTemplateOverride?: string;
  /** Default true. */
  shouldSendNotifications?: boolean;
}

/** GET applications/states: application id to the state of the member's request. */
export interface ApplicationStatesResponse {
  states: Record<string, MembershipState>;
}

/**
 * PUT applications/{id}/request/{accountId}/{entityId}
 * @additionalProperties false
 */
export interface ApplicationSubmitRequest {
  /** Answers by field id (at most 200 fields, each value as the field type stores it). */
  answers: Record<string, JsonValue>;
}

/** The former name of ApplicationSubmitRequest (API types ending in Request get a request schema). */
export type ApplicationRequestSubmit = ApplicationSubmitRequest;

/** GET applications/user/{id}: what the application block shows. */
export interface MemberApplicationResponse {
  application: { id: Id; label: string; state: ApplicationState; userListId: Id; fields: Field[]; landingPage?: string };
  /** The member's own request, when she has one. */
  request?: {
    id: Id;
    state: MembershipState;
    answers: Record<string, JsonValue>;
    /** The last admin message (a return says what to change). */
    message?: string;
    updatedAt: number;
  };
  /** The moves she may make now (engine/core membershipMoves for the member). */
  moves: MembershipState[];
  /** Whether the list is full now (applying still allowed; accepting refused). */
  listFull: boolean;
}
