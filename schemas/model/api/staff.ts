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
