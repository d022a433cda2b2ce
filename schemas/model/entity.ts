import type { Id, JsonObject } from './common';

/** Power-ups an entity can carry; block types require or accept them (spec core 3, 4.9). */
export type PowerUp = 'durations' | 'contact' | 'connections' | 'membership' | 'join' | 'socialShare' | 'addToFavorites';

export interface MembershipType {
  id: Id;
  label?: string;
  primaryUserList?: { value: Id };
  tags?: { value: string[] };
}

export interface MembershipPowerUpData {
  membershipType?: MembershipType[];
}

/** Per power-up configuration data of an entity, keyed by power-up name. */
export interface PowerUpData {
  membership?: MembershipPowerUpData;
  [powerUp: string]: JsonObject | MembershipPowerUpData | undefined;
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
  permissionType?: 'default' | 'memberships';
  location?: EntityLocation;
  system_fromTemplate?: boolean;
  context?: JsonObject;
  /** Entity field values. */
  data?: JsonObject;
  createdAt?: string;
  updatedAt?: string;
}
