/**
 * Data mappings, rule sets, event definitions and the members import (community §3 "Rule set",
 * "Data mapping", "Event definition", job kind createAccounts 7; §7 "Email, mappings, abuse,
 * rules, events, audit"; §9 mapping search page 1, limit 10). Paths are under /api/v1; "area
 * dataMappings" is requireAdminArea(ctx, req, 'dataMappings') (read on dataMappings), writes also
 * need update on dataMappings.
 *
 * - GET    dataMappings/search?q=&page=1&limit=10   -> DataMappingSearchResponse (area)
 * - GET    dataMappings/{id}                         -> DataMapping (area)
 * - PUT    dataMappings  DataMappingSaveRequest      -> 201 DataMapping (update)
 * - POST   dataMappings/{id}  DataMappingSaveRequest -> DataMapping (update)
 * - DELETE dataMappings/{id}                         -> 204 (update)
 * - GET    dataMappings/profileFields                -> DataMappingFieldsResponse (area): what a mapping may write
 * - GET    ruleSet?q=                                -> RuleSetListResponse (area)
 * - GET    ruleSet/{id}                              -> RuleSet (area)
 * - PUT    ruleSet  RuleSetSaveRequest               -> 201 RuleSet (update)
 * - POST   ruleSet/{id}  RuleSetSaveRequest          -> RuleSet (update)
 * - DELETE ruleSet/{id}                              -> 204 (update); 409 naming the lists that follow it
 * - GET    eventDefinitions/getAllDefinitions        -> EventDefinitionsResponse (area)
 * - POST   admin/imports/members/upload?mappingId=   -> 201 MembersImportUploadResponse (update; multipart
 *          `file`, text/csv, at most 10 MB: 413 naming the limit)
 * - GET    admin/imports/members/{uploadId}/preview?mappingId= -> MembersImportUploadResponse (update)
 * The import itself is the process type `importMembers` (POST admin/process/importMembers/start,
 * schemas/model/api/processes.ts) with an ImportMembersPayload.
 */
import type { Id, JsonValue } from '../common';
import type { RuleQuery } from '../rule-query';
import type { ProcessRowError } from './processes';

/** What a column's text becomes before it is stored. */
export type DataMappingTransform = 'trim' | 'lowercase' | 'date' | 'number' | 'boolean' | 'split;';

/** One source column written to one profile field. */
export interface DataMappingField {
  /**
   * The column's header as in the file (compared trimmed, case-insensitively).
   * @maxLength 200
   */
  column: string;
  /**
   * A profile field key (the profile data schema) or an account field (email, firstName, lastName).
   * @maxLength 200
   */
  profileField: string;
  transform?: DataMappingTransform;
  /** A row without a value here is refused. */
  required?: boolean;
}

/** The column that finds an existing member, and the profile field it is compared with. */
export interface DataMappingMatch {
  /** @maxLength 200 */
  column: string;
  /** @maxLength 200 */
  profileField: string;
}

export interface DataMappingData {
  source: 'csv';
  match: DataMappingMatch;
  /** @maxItems 100 */
  fields: DataMappingField[];
  /**
   * User lists every imported member is added to (accepted).
   * @maxItems 50
   */
  lists?: Id[];
}

export interface DataMapping {
  id: Id;
  title: string;
  data: DataMappingData;
  createdAt: number;
  updatedAt: number;
}

/** PUT dataMappings (create) and POST dataMappings/{id} (update: the whole mapping). */
export interface DataMappingSaveRequest {
  /**
   * @minLength 1
   * @maxLength 120
   */
  title: string;
  data: DataMappingData;
}

export interface DataMappingSearchResponse {
  items: DataMapping[];
  /** How many match `q` in all. */
  total: number;
  page: number;
  limit: number;
}

/** A field a mapping may write, with its type (the rules editor's subject types). */
export interface DataMappingProfileField {
  key: string;
  label: string;
  type: string;
  /** email, firstName, lastName: stored on the account as well as the profile. */
  account?: boolean;
}

export interface DataMappingFieldsResponse {
  fields: DataMappingProfileField[];
}

/** A named, reusable rule query (the one dynamic lists and visibility rules use). */
export interface RuleSet {
  id: Id;
  title: string;
  description: string;
  query: RuleQuery;
  /** The dynamic lists that follow it: their rule is its query, re-set when it changes. */
  listIds: Id[];
  createdAt: number;
  updatedAt: number;
}

/** PUT ruleSet (create) and POST ruleSet/{id} (update). */
export interface RuleSetSaveRequest {
  /**
   * @minLength 1
   * @maxLength 120
   */
  title: string;
  /** @maxLength 1000 */
  description?: string;
  query: RuleQuery;
  /**
   * Dynamic lists that follow the set from now on (their rule becomes its query; a list follows
   * one set). Absent on an update: the lists following it stay.
   * @maxItems 50
   */
  listIds?: Id[];
}

export interface RuleSetListResponse {
  items: RuleSet[];
}

/** Community §3 Event definition: a hook notifications and processes hook into, and what it provides. */
export interface EventDefinition {
  /** `notification.<event>` or `process.<type>`. */
  hook: string;
  source: 'notification' | 'process';
  /** The domain that declares it. */
  domain: string;
  definition: {
    handlerData: {
      /** The parameters it provides (an email template's parameter list, a process payload's properties). */
      contextFields: string[];
    };
    /** Notification events: the notification type and payload typeId; processes: the community §3 job kind. */
    type?: string;
    typeId?: number;
    kind?: number;
    admin?: boolean;
  };
}

export interface EventDefinitionsResponse {
  items: EventDefinition[];
}

/** The payload of the process `importMembers`. */
export interface ImportMembersPayload {
  uploadId: Id;
  mappingId: Id;
  /** Validates every row and reports, writing nothing. */
  dryRun: boolean;
}

/** One row of the file as the preview shows it. */
export interface MembersImportRow {
  /** 1-based row after the header. */
  row: number;
  cells: string[];
}

/** An uploaded file with the dry run of its first rows (when a mapping was named). */
export interface MembersImportUploadResponse {
  uploadId: Id;
  name: string;
  sizeBytes: number;
  header: string[];
  /** How many rows follow the header. */
  totalRows: number;
  /** The first rows (at most MEMBERS_IMPORT_PREVIEW_ROWS). */
  rows: MembersImportRow[];
  /** Present when a mapping was named: the dry run of those first rows. */
  dryRun?: {
    mappingId: Id;
    errors: ProcessRowError[];
    /** Figures of the first rows: would create, update, skip. */
    summary: Record<string, JsonValue>;
  };
}
