/**
 * Entity rules, once (core §2.5, §3, §5.2, §6; community §3, §5, §6): the space decision (which
 * pages of an entity's module a viewer may view and where she lands), who may create and change
 * entities and definitions, field keys, titles, slugs and the duplicate-by-key check. The server
 * decides with these, the admin and the engine show what they allow; schemas/model/api/entities.ts
 * is the contract.
 */
import type { Entity, EntityDefinition, EntityFieldDefinition, Id, ListMembership, MembershipState, MembershipType, PowerUp } from '../../schemas/model';
import { ENTITY_TITLE_MAX } from './constants';
import { can, SUBJECTS, type PermissionHolder } from './permissions';
import { slugProblem, type SlugProblem } from './slug';

export const POWER_UPS: readonly PowerUp[] = ['durations', 'contact', 'connections', 'membership', 'join', 'socialShare', 'addToFavorites'];
export const ENTITY_PERMISSION_TYPES = ['default', 'memberships'] as const;
export const ENTITY_CONCEPT_TYPES = ['group', 'event', 'organisation', 'job', 'programme', 'other'] as const;
/** Notification events an entity may own (notification_ownership: a definition's notificationsForEntities is a subset). */
export const ENTITY_NOTIFICATION_EVENTS = ['entityCreated', 'entityUpdated', 'entityDeleted', 'newUserCreatedEntity'] as const;

export const ENTITY_SEARCH_DEFAULT_LIMIT = 10;
export const ENTITY_SEARCH_MAX_LIMIT = 100;
export const ENTITY_GET_MAX = 100;
export const ENTITY_SLUG_MAX = 120;
export const ENTITY_DATA_MAX_BYTES = 64 * 1024;
export const ENTITY_FIELD_KEY_MAX = 64;
export const ENTITY_DEFINITION_MAX_FIELDS = 100;
export const ENTITY_DEFINITION_NAME_MAX = 120;
export const ENTITY_PAGE_PERMISSIONS_MAX = 200;
export const ENTITY_NOTIFICATION_MESSAGE_MAX = 1000;
export const ENTITY_MEMBERSHIP_TYPES_MAX = 50;

export { ENTITY_TITLE_MAX };

const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** What is wrong with a definition field's key, or null. */
export function fieldKeyProblem(key: string): 'required' | 'tooLong' | 'invalidChars' | null {
  if (!key) return 'required';
  if (key.length > ENTITY_FIELD_KEY_MAX) return 'tooLong';
  return FIELD_KEY.test(key) ? null : 'invalidChars';
}

/** What is wrong with an entity title (core §5.2: at most 256 characters, and not blank), or null. */
export function entityTitleProblem(title: unknown): 'required' | 'tooLong' | null {
  if (typeof title !== 'string' || !title.trim()) return 'required';
  return title.length > ENTITY_TITLE_MAX ? 'tooLong' : null;
}

/** The one slug rule (engine/core/slug.ts) plus the entity slug's length; uniqueness is the server's. */
export function entitySlugProblem(slug: string): SlugProblem | 'tooLong' | null {
  return slug.length > ENTITY_SLUG_MAX ? 'tooLong' : slugProblem(slug);
}

/** A value's comparable form for the duplicate-by-key check: trimmed, case folded; empty values never collide. */
export function duplicateKeyValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value.trim().toLocaleLowerCase() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
  return text ? text : null;
}

/** The words of the duplicate-by-key refusal (community §5: it names the field). */
export const duplicateKeyMessage = (definition: Pick<EntityDefinition, 'name'>, field: Pick<EntityFieldDefinition, 'label' | 'key'>, value: unknown) =>
  `Another entity of “${definition.name}” already has this ${field.label || field.key}: ${String(value).slice(0, 100)}`;

// --- permissions (community §6, core §6) -----------------------------------------------------

export const canCreateEntity = (holder: PermissionHolder | undefined, definition: Pick<EntityDefinition, 'id' | 'settings'>): boolean =>
  can(holder, 'createEntities', SUBJECTS.entityDefinitions, definition.id) || (!!holder && !!definition.settings?.membersMayCreate);

export function canEditEntity(
  holder: (PermissionHolder & { accountId?: Id }) | undefined,
  entity: Pick<Entity, 'id' | 'definition' | 'createdBy'>,
  definition?: Pick<EntityDefinition, 'settings'>,
): boolean {
  if (!holder) return false;
  if (entity.definition !== undefined && can(holder, 'updateEntities', SUBJECTS.entityDefinitions, entity.definition)) return true;
  if (can(holder, 'update', SUBJECTS.entities, entity.id)) return true;
  return !!definition?.settings?.membersMayCreate && !!holder.accountId && entity.createdBy === holder.accountId;
}

/** Community §6: only admins change an entity's permission type. */
export const canChangePermissionType = (holder: Pick<PermissionHolder, 'isAdmin'> | undefined): boolean => !!holder?.isAdmin;

export const canEditDefinition = (holder: PermissionHolder | undefined, definitionId?: Id): boolean =>
  definitionId === undefined ? can(holder, 'create', SUBJECTS.entityDefinitions) : can(holder, 'update', SUBJECTS.entityDefinitions, definitionId);

// --- the space decision (core §2.5, §2.7) ----------------------------------------------------

/**
 * An entity page outside a space (no entity named): the template every entity's space shares. Only
 * those who compose it load it (admins, and staff who manage edit mode); for members its content is
 * reached through a space and its decision alone, so a members-only page is not fetched, shown in
 * navigation or followed live by leaving the entity out.
 */
export const mayLoadEntityPageTemplate = (holder: PermissionHolder | undefined): boolean =>
  !!holder && (!!holder.isAdmin || can(holder, 'manageEditMode', SUBJECTS.administration));

/** Whether a page may be shown outside a space to this holder (every page but an entity page's template). */
export const showsOutsideSpace = (page: { type?: string }, holder: PermissionHolder | undefined): boolean =>
  page.type !== 'entity' || mayLoadEntityPageTemplate(holder);

/** A page of the space's module, as the decision needs it. */
export interface SpacePage {
  id: Id;
  slug: string;
  /** Only entity pages belong to a space (core §3 Page.type). */
  type?: string;
}

export interface SpaceViewer {
  isAdmin: boolean;
  /** Lists the viewer is viewing as (an admin's view-as): decided as for a member of exactly these. */
  viewAsListIds?: Id[];
  /** Her memberships (any entity): the decision reads the accepted ones of this entity. */
  memberships: readonly Pick<ListMembership, 'userListId' | 'state' | 'entityId' | 'membershipTypeId'>[];
}

export interface SpaceDecision {
  viewablePageIds: Id[];
  /** The page shown: the asked one when viewable, else the landing page; undefined: none (404). */
  pageId?: Id;
  redirected: boolean;
  membershipType?: MembershipType;
}

const membershipTypes = (entity: Entity): MembershipType[] => {
  const list = entity.powerUps?.includes('membership') ? entity.powerUpData?.membership?.membershipType : undefined;
  return Array.isArray(list) ? list.filter((t) => t && typeof t === 'object' && typeof t.id === 'string') : [];
};

/**
 * The viewer's membership type: the first type whose primary list she is accepted in for this
 * entity, or, viewing as lists, the first type whose primary list is among them (core §2.5).
 */
export function viewerMembershipType(entity: Entity, viewer: SpaceViewer): MembershipType | undefined {
  const types = membershipTypes(entity);
  if (viewer.viewAsListIds) {
    const viewing = new Set(viewer.viewAsListIds);
    return types.find((t) => t.primaryUserList?.value !== undefined && viewing.has(t.primaryUserList.value));
  }
  const accepted = new Set(viewer.memberships.filter((m) => m.state === 'accepted' && m.entityId === entity.id).map((m) => m.userListId));
  return types.find((t) => t.primaryUserList?.value !== undefined && accepted.has(t.primaryUserList.value));
}

/**
 * Which of the module's pages the viewer may view, and which one to show for the asked slug.
 * Admins (not viewing as) view every entity page. Otherwise a page is viewable when it is the
 * entity's location page, or listed in pagePermissions, or (permission type memberships) listed in
 * her membership type's pages or is its landing page. A viewable asked page is shown; otherwise
 * she goes to her type's landing page (memberships), else the first viewable page; none is a 404.
 * A corrupt entity fails closed: an unreadable pagePermissions lists nothing.
 */
export function decideSpace(entity: Entity, modulePages: readonly SpacePage[], askedPageSlug: string | undefined, viewer: SpaceViewer): SpaceDecision {
  const pages = modulePages.filter((p) => p.type === 'entity');
  const admin = viewer.isAdmin && !viewer.viewAsListIds;
  const type = viewerMembershipType(entity, viewer);
  let viewable: SpacePage[];
  if (admin) viewable = pages;
  else {
    const allowed = new Set<Id>(Array.isArray(entity.pagePermissions) ? entity.pagePermissions.filter((id) => typeof id === 'string') : []);
    const location = entity.location?.page;
    if (entity.permissionType === 'memberships' && type) {
      for (const id of Array.isArray(type.pages?.value) ? type.pages.value : []) allowed.add(id);
      if (type.landingPage?.value) allowed.add(type.landingPage.value);
    }
    viewable = pages.filter((p) => allowed.has(p.id) || (location !== undefined && p.slug === location));
  }
  const viewablePageIds = viewable.map((p) => p.id);
  const asked = askedPageSlug ? viewable.find((p) => p.slug === askedPageSlug) : undefined;
  if (asked) return { viewablePageIds, pageId: asked.id, redirected: false, membershipType: type };
  const landing =
    (!admin && entity.permissionType === 'memberships' && type?.landingPage?.value && viewable.find((p) => p.id === type.landingPage!.value)) ||
    viewable.find((p) => p.slug === entity.location?.page) ||
    viewable[0];
  return { viewablePageIds, pageId: landing?.id, redirected: !!landing && landing.slug !== askedPageSlug, membershipType: type };
}

/**
 * The module a space shows: the asked one, else the entity's location module, else (unreadable
 * location) none: the space then has no page to show.
 */
export const spaceModuleSlug = (entity: Pick<Entity, 'location'>, asked: string | undefined): string | undefined =>
  asked || entity.location?.module || undefined;

// --- the join power-up (core §2.5; JoinPowerUpData) -------------------------------------------

/** The list a join writes and the membership type it is for, or what is wrong. */
export type JoinTarget = { listId: Id; membershipTypeId?: Id } | { problem: 'noJoin' | 'unknownType' | 'noList' };

/**
 * Where a join goes: a membership type asked for (entityJoinBoxes, the membership power-up) joins
 * that type's primary list; otherwise the join power-up's userListId, else the primary list of its
 * membershipTypeId, else of the first membership type.
 */
export function joinTarget(entity: Entity, membershipTypeId?: Id): JoinTarget {
  const types = membershipTypes(entity);
  const join = entity.powerUps?.includes('join') ? entity.powerUpData?.join : undefined;
  if (membershipTypeId !== undefined) {
    const type = types.find((t) => t.id === membershipTypeId);
    if (!type) return { problem: 'unknownType' };
    const listId = type.primaryUserList?.value;
    return typeof listId === 'string' && listId ? { listId, membershipTypeId: type.id } : { problem: 'noList' };
  }
  if (!join || typeof join !== 'object') return { problem: 'noJoin' };
  const type = typeof join.membershipTypeId === 'string' ? types.find((t) => t.id === join.membershipTypeId) : types[0];
  if (typeof join.userListId === 'string' && join.userListId) return { listId: join.userListId, ...(type ? { membershipTypeId: type.id } : {}) };
  const listId = type?.primaryUserList?.value;
  return typeof listId === 'string' && listId ? { listId, membershipTypeId: type!.id } : { problem: 'noList' };
}

/** Whether joins of this entity are requests an admin accepts (state applied) rather than accepted at once. */
export const joinNeedsApproval = (entity: Entity): boolean => !!(entity.powerUps?.includes('join') && entity.powerUpData?.join?.approval === true);

/**
 * The move a join makes from the member's current state, as `{to, actor}`; `null` when she already
 * holds it (nothing to do), `'refused'` when her state forbids joining (rejected, banned,
 * completed: only an admin moves those). An accepted join is the power-up's standing consent, so
 * it moves as the list's admin would (engine/core/membership-moves); an application is her own move.
 */
export function joinMove(from: MembershipState | null, approval: boolean): { to: MembershipState; actor: 'member' | 'admin' } | null | 'refused' {
  if (from === 'accepted' || from === 'applied') return null;
  if (from !== null && from !== 'withdrawn' && from !== 'returned') return 'refused';
  return approval ? { to: 'applied', actor: 'member' } : { to: 'accepted', actor: 'admin' };
}

/** The move leaving makes: withdrawn (her own move) from a membership or a request; null when there is nothing to leave. */
export function leaveMove(from: MembershipState | null): 'withdrawn' | null | 'refused' {
  if (from === null || from === 'withdrawn') return null;
  return from === 'accepted' || from === 'applied' || from === 'returned' ? 'withdrawn' : 'refused';
}
