/**
 * Search management (core §2.3 admin route searchManagement, §6 subject searchManagement; issue 34
 * part 6): which profile fields feed the member index and the directory's filters, which entity
 * definition fields feed the entities' search and filters, and the state of the member index.
 * `GET admin/searchManagement` (read on searchManagement), `POST admin/searchManagement` (update).
 * Reindexing runs as the processes `userIndexing` (kind 6) and `searchReindex` (schemas/model/api/processes.ts).
 */

/** An admin's choice for one profile field; an absent flag keeps the default (today's behaviour). */
export interface SearchFieldOverride {
  searchable?: boolean;
  filterable?: boolean;
}

/**
 * The stored settings of the member index (document kind `searchIndexSettings`, id `members`).
 * Only what an admin changed is stored, so a site nobody configured searches as before.
 */
export interface SearchIndexSettings {
  /** By profile field key. */
  profileFields: Record<string, SearchFieldOverride>;
  /** Counts the changes of `profileFields`: the index is stale while `indexedRevision` is behind it. */
  revision: number;
  /** The revision the last full reindex built the index for. */
  indexedRevision?: number;
  /** The last finished member reindex. */
  lastReindex?: { at: number; documents: number; errors: number };
}

/** One field as the screen lists it: its effective flags and whether each may be turned on. */
export interface SearchManagementField {
  key: string;
  label: string;
  /** The registry field type (text, options, imageUploader, ...); `unknown` for a stored value no form field describes. */
  type: string;
  searchable: boolean;
  filterable: boolean;
  /** The type holds words worth searching (not a file, a point or a colour). */
  canSearch: boolean;
  /** The type's values can be chosen from as a filter (not a file, a point or rich text). */
  canFilter: boolean;
}

export interface SearchManagementDefinition {
  id: string;
  name: string;
  fields: SearchManagementField[];
}

export interface SearchIndexStatus {
  /** Entries in the member index. */
  documentsIndexed: number;
  /** Entries in the entities' search index. */
  entitiesIndexed: number;
  /** Epoch ms of the last finished member reindex. */
  lastReindexAt?: number;
  /** Settings changed since the last reindex: members' entries follow the old settings until each is rewritten. */
  stale: boolean;
}

export interface SearchManagementResponse {
  profileFields: SearchManagementField[];
  entityDefinitions: SearchManagementDefinition[];
  index: SearchIndexStatus;
  /** The caller may change the settings (update on searchManagement). */
  canUpdate: boolean;
}

/** @additionalProperties false */
export interface ProfileFieldFlagsChange {
  /** @maxLength 100 */
  key: string;
  searchable?: boolean;
  filterable?: boolean;
}

/** @additionalProperties false */
export interface EntityFieldFlagsChange {
  /** @maxLength 64 */
  definitionId: string;
  /** @maxLength 64 */
  key: string;
  searchable?: boolean;
  filterable?: boolean;
}

/**
 * POST admin/searchManagement: the flags to change (others keep theirs). Answers the new
 * `SearchManagementResponse`.
 * @additionalProperties false
 */
export interface SearchManagementRequest {
  /** @maxItems 500 */
  profileFields?: ProfileFieldFlagsChange[];
  /** @maxItems 500 */
  entityFields?: EntityFieldFlagsChange[];
}
