/**
 * Profile calls (community §7 "Profiles") and the member directory.
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */
import type { Id, JsonValue } from '../common';

/** @additionalProperties false */
export interface FavouriteAddRequest {
  /** @minLength 1 */
  type: string;
  /** @minLength 1 */
  value: Id;
}

/** @additionalProperties false */
export interface FavouriteRemoveRequest {
  /** @minLength 1 */
  type: string;
  /** @minLength 1 */
  targetId: Id;
}

/** @additionalProperties false */
export interface ConnectivityPrivacyRequest {
  isConnectivityPrivate: boolean;
}

/**
 * POST user/dataPrivacy: one data item's privacy for the caller's own profile (spec core §3
 * DataPrivacy: public by default). The data item is a profile value's name.
 * @additionalProperties false
 */
export interface DataPrivacyRequest {
  /**
   * @minLength 1
   * @maxLength 200
   * @pattern ^[A-Za-z0-9_-]+$
   */
  dataSchemaId: Id;
  state: 'public' | 'private' | 'connections';
}

/**
 * POST profile/forceUpdateProfile/{id} (profiles update): sets profile values directly, without a
 * form block. Null values are dropped (spec community §5), never stored.
 * @additionalProperties false
 */
export interface ForceUpdateProfileRequest {
  changes: { [key: string]: JsonValue };
}

/**
 * PUT profile/user/actions/viewedProfile: the caller viewed this profile (recently viewed).
 * @additionalProperties false
 */
export interface ViewedProfileRequest {
  /**
   * @minLength 1
   * @maxLength 200
   */
  accountId: Id;
}

/**
 * POST user/{id}/multiBlockStatistics: several profile block statistics in one call.
 * @additionalProperties false
 */
export interface MultiBlockStatisticsRequest {
  /**
   * @minItems 1
   * @maxItems 20
   */
  stats: string[];
}

/**
 * POST profile/meta/upsert: sets one value of the caller's own profile meta by dotted path
 * (e.g. `block.{blockId}` for a modal's shown/agreed state).
 * @additionalProperties false
 */
export interface ProfileMetaUpsertRequest {
  /**
   * Dotted path inside profile meta.
   * @pattern ^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,7}$
   */
  path: string;
  data: JsonValue;
}

/**
 * POST profile/{id}: a form block's changed values, validated on the server against the block's
 * field definitions (the owner, or users with `profiles` update).
 * @additionalProperties false
 */
export interface ProfileSaveRequest {
  /** @minLength 1 */
  blockId: Id;
  changes: { [fieldName: string]: JsonValue };
}

/**
 * POST profile/collection: many profiles in one call (the data layer's 10 ms batch), each as the
 * caller may see it, or `{ accountId, error }` when it is refused or absent.
 * @additionalProperties false
 */
export interface ProfileCollectionRequest {
  /**
   * @minItems 1
   * @maxItems 100
   * @items.minLength 1
   * @items.maxLength 200
   */
  accountIds: Id[];
}

/**
 * POST profile/search: the member directory. Full text on public names and public values, list
 * and value filters, a radius, sort and pages.
 * @additionalProperties false
 */
export interface MemberSearchRequest {
  /** @maxLength 200 */
  text?: string;
  /**
   * @maxItems 50
   * @items.minLength 1
   * @items.maxLength 200
   */
  listIds?: Id[];
  /** @maxItems 20 */
  filters?: MemberSearchFilter[];
  near?: MemberSearchNear;
  /** `relevance`: best match first (name words weigh most), ties by name; by name without text. */
  sort?: 'name' | 'newest' | 'relevance';
  /** Sort on a public profile value instead (a value its owner made private sorts as missing). */
  sortBy?: MemberSearchSortBy;
  /** @maxItems 10 */
  ranges?: MemberSearchRange[];
  /** @maxItems 10 */
  dateRanges?: MemberSearchDateRange[];
  /**
   * Profile field keys whose public values are counted over the matches (headless search filters);
   * plain words only (the route checks them: they become JSON paths).
   * @maxItems 10
   */
  facets?: string[];
  /**
   * @minimum 1
   * @maximum 10000
   * @TJS-type integer
   */
  page?: number;
  /**
   * @minimum 1
   * @maximum 100
   * @TJS-type integer
   */
  limit?: number;
}

/** @additionalProperties false */
export interface MemberSearchFilter {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  /** @maxLength 200 */
  value: string;
}

/** @additionalProperties false */
export interface MemberSearchSortBy {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  direction: 'asc' | 'desc';
  /** Where members without a (public) value go; last by default. */
  blankPosition?: 'first' | 'last';
}

/**
 * A public number value between min and max (both included).
 * @additionalProperties false
 */
export interface MemberSearchRange {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  min?: number;
  max?: number;
}

/**
 * A public date value (YYYY-MM-DD, or a date-time starting so) from one day to another (both included).
 * @additionalProperties false
 */
export interface MemberSearchDateRange {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  /** @pattern ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ */
  from?: string;
  /** @pattern ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ */
  to?: string;
}

/** @additionalProperties false */
export interface MemberSearchNear {
  /**
   * @minimum -90
   * @maximum 90
   */
  lat: number;
  /**
   * @minimum -180
   * @maximum 180
   */
  lng: number;
  /**
   * @minimum 1
   * @maximum 500
   */
  radiusKm: number;
}
