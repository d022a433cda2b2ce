/**
 * Admin view-as (community §7 "Admin and view-as").
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */
import type { Id } from '../common';

/**
 * POST admin/viewAs (administration.allowViewAs): see the site as members of these lists
 * (community-admin 7); POST admin/reset ends it.
 * @additionalProperties false
 */
export interface AdminViewAsRequest {
  /** @minItems 1 */
  listIds: Id[];
}

/** One section of the admin navigation: the areas in it the caller may open, in order. */
export interface AdminSectionEntry {
  /** overview, community, content, communication, insights, settings or system (engine/core/admin-areas.ts). */
  section: string;
  areas: {
    /** The child route under /admin. */
    area: string;
    /** Its route name (core 2.3). */
    name: string;
    /** Relative to the app base: `/admin/<area>`. */
    path: string;
  }[];
}

/** GET admin/sections (community §7): the admin areas the caller may open, grouped in sections. Members get 403. */
export interface AdminSectionsResponse {
  sections: AdminSectionEntry[];
}

/**
 * GET admin/dashboard (admin area dashboard): counts that need no insights. Failing jobs come from
 * GET admin/jobs.
 */
export interface AdminDashboardResponse {
  /** Every account. */
  members: number;
  /** Membership requests waiting for a decision (applied or returned), when the caller may open the applications area. */
  pendingRequests?: number;
  /** Reported items waiting in the moderation queue (open or in review), when the caller may open the abuse reports area. */
  abuseReports?: number;
}
