import type { Id, JsonObject } from './common';

/** Power-ups an entity can carry; block types require or accept them (spec core 3, 4.9). */
export type PowerUp = 'durations' | 'contact' | 'connections' | 'membership' | 'join' | 'socialShare' | 'addToFavorites';

export interface MembershipType {
  id: Id;
  label?: string;
  /** Shown in entityJoinBoxes. */
  description?: string;
  primaryUserList?: { value: Id };
  tags?: { value: string[] };
  /**
   * Beyond the spec's shape (core 2.5 names landing pages by membership type, not where they are
   * kept): the page id a member accepted in this type's primary list lands on, and the page ids
   * this type may view besides the entity's pagePermissions.
   */
  landingPage?: { value: Id };
  pages?: { value: Id[] };
}

export interface MembershipPowerUpData {
  membershipType?: MembershipType[];
}

/**
 * The join power-up: one button joins the viewer to a list for this entity (a membership with
 * the entity's id). `userListId` is the list joined; without it, the primary list of
 * `membershipTypeId` (or of the first membership type). `approval` true makes a join a request
 * (state applied) an admin accepts; otherwise the member is accepted at once, within capacity.
 */
export interface JoinPowerUpData {
  userListId?: Id;
  membershipTypeId?: Id;
  approval?: boolean;
}

/** The durations power-up: when the entity happens (events) or is open (jobs); ISO 8601 date-times. */
export interface DurationsPowerUpData {
  start?: string;
  end?: string;
  /** IANA time zone the dates are shown in; the viewer's when absent. */
  timeZone?: string;
  allDay?: boolean;
}

/** The contact power-up: who to contact about the entity. */
export interface ContactPowerUpData {
  name?: string;
  email?: string;
  phone?: string;
  website?: string;
  /** A member's account id shown as the contact (with a Message button). */
  accountId?: Id;
}

/** The connections power-up: the connection types (lists of type connection) this entity offers. */
export interface ConnectionsPowerUpData {
  connectionIds?: Id[];
}

/** Per power-up configuration data of an entity, keyed by power-up name. */
export interface PowerUpData {
  membership?: MembershipPowerUpData;
  join?: JoinPowerUpData;
  durations?: DurationsPowerUpData;
  contact?: ContactPowerUpData;
  connections?: ConnectionsPowerUpData;
  [powerUp: string]: JsonObject | MembershipPowerUpData | JoinPowerUpData | DurationsPowerUpData | ContactPowerUpData | ConnectionsPowerUpData | undefined;
}

export interface EntityLocation {
  module?: string;
  page?: string;
  tabHash?: string;
  routerPageName?: string;
  linkToComment?: boolean;
}

export interface Entity {
  id: Id;
  slug?: string;
  title: string;
  /** Entity definition id. */
  definition?: Id;
  powerUps?: PowerUp[];
  powerUpData?: PowerUpData;
  /** Page ids viewable for this entity. */
  pagePermissions?: Id[];
  defaultPermission?: string;
  /** `memberships` sends non-admins to a landing page by membership type. */
  permissionType?: EntityPermissionType;
  location?: EntityLocation;
  system_fromTemplate?: boolean;
  context?: JsonObject;
  /** Entity field values. */
  data?: JsonObject;
  createdAt?: string;
  updatedAt?: string;
  createdBy?: Id;
  /** How many members favourite it (addToFavorites): the profiles domain's favourite_targets count. */
  favouriteCount?: number;
  /**
   * Set when the stored row could not be read whole (corrupt JSON in a column): the names of the
   * parts left out. Read tolerantly; privacy and permissions fail closed (a corrupt pagePermissions
   * shows only the location page, a corrupt powerUps turns every power-up off).
   */
  unreadable?: string[];
}

export type EntityPermissionType = 'default' | 'memberships';

/** A field of an entity definition: the entity's data[key] is edited with this field type (registry/fields). */
export interface EntityFieldDefinition {
  id: Id;
  /** The key in entity.data: letters, digits and underscores, starting with a letter, at most 64. */
  key: string;
  label: string;
  /** A registry field type (text, textarea, date, number, options, imageUploader, geoLocation, wysiwyg, ...). */
  type: string;
  required?: boolean;
  /** options / radio / checkbox choices. */
  options?: { value: string; label: string }[];
  /** Searchable in entitySearch (its words join the entity's search text). */
  searchable?: boolean;
  /** Shown as a filter in entitySearch (options fields). */
  filterable?: boolean;
  /** Unique across the definition's entities (filterDuplicatesByKey: a duplicate is refused naming this field). */
  unique?: boolean;
}

/** Concept types of community 7 (`entityDefinitions/conceptTypes/{id}`): what kind of thing a definition's entities are. */
export type EntityConceptType = 'group' | 'event' | 'organisation' | 'job' | 'programme' | 'other';

export interface EntityDefinition {
  id: Id;
  name: string;
  /** Slug of the definition (`workshops`): unique, the slug rule. */
  slug: string;
  description?: string;
  conceptType: EntityConceptType;
  fields: EntityFieldDefinition[];
  /** Power-ups its entities may turn on. */
  powerUps: PowerUp[];
  settings: EntityDefinitionSettings;
  createdAt?: string;
  updatedAt?: string;
  /** As Entity.unreadable. */
  unreadable?: string[];
}

export interface EntityDefinitionSettings {
  /** Notification event names an entity's admins may send (notification_ownership): entityCreated, entityUpdated, entityDeleted, newUserCreatedEntity. */
  notificationsForEntities?: string[];
  /** Where new entities of this definition live (their location; the space's module and page). */
  location?: EntityLocation;
  /** Default permission type of new entities. */
  permissionType?: EntityPermissionType;
  /** Members (not only staff with createEntities) may create entities of this definition (newUserCreatedEntity). */
  membersMayCreate?: boolean;
  /** The data key whose image is the entity's cover and card picture. */
  imageField?: string;
  /** The data key of the entity's place (geoLocation): the map reads it. */
  locationField?: string;
}
