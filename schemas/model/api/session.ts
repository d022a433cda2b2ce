/**
 * Session calls (spec core §7.1): sign-in, refresh, keepalive, init.
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */
import type { Brand, Settings } from '../brand';
import type { Id } from '../common';
import type { DataPrivacy, ItemPermissions, PermissionMap, UserState } from '../user';
import type { I18nState } from './i18n';
import type { PageResponse, StructureResponse } from './structure';

/** @additionalProperties false */
export interface TradeSecretRequest {
  /** @minLength 1 */
  secret: string;
  /** @minLength 1 */
  serviceId: string;
}

/** @additionalProperties false */
export interface RefreshRequest {
  /** @minLength 1 */
  jwt: string;
}

export interface JwtResponse {
  jwt: string;
}

/** @additionalProperties false */
export interface DeviceKeepaliveRequest {
  /**
   * @minLength 1
   * @maxLength 200
   */
  deviceId: string;
}

/** @additionalProperties false */
export interface SetNotificationsRequest {
  enabled: boolean;
}

/**
 * POST user/viewAs (administration.allowViewAs): see the site as members of these lists; an empty
 * list ends view-as mode. The server then filters pages as it would for those members.
 * @additionalProperties false
 */
export interface ViewAsRequest {
  userListIds: Id[];
}

/** The brand theme the shell applies at start-up. */
export interface ActiveBrandSettings {
  brandId: Id;
  brandName: string;
  settings: Brand['settings'];
  themeCssUrl: string;
}

/** GET /init: everything the shell needs to render the first page. */
export interface InitResponse {
  user: UserState;
  settings: Settings;
  viewAs: { active: boolean; userListIds: Id[] };
  i18n: I18nState;
  /** The page named by `opts` (`{"pageId": ...}` or `{"moduleSlug","pageSlug"}`), else null. */
  page: PageResponse | null;
  structure: StructureResponse;
  dataPrivacy: DataPrivacy[];
  permissions: PermissionMap;
  /** Item permissions the user may see (elevated users and admins; empty for others). */
  visiblePermissions: ItemPermissions;
  basePaths: PermissionMap;
  activeBrandSettings: ActiveBrandSettings | null;
  generalAccessPermitted: boolean;
}
