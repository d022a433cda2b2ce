/** Shared primitives of the data model. */

/** Any JSON value. Used where the shape is described elsewhere (registry schemas, rule parameters). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object whose keys are free. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Identifier of a structure item, entity, list or account. Strings everywhere: ids from other systems may not be numeric. */
export type Id = string;

/**
 * Children laid out by column: `col-0`, `col-1`, ... map to ordered child ids.
 * Items missing from every column render in `col-0`.
 */
export interface Positions {
  [column: string]: Id[];
}

/** Content kinds by numeric id (spec core 3, community 3). */
export enum ContentKind {
  module = 1,
  page = 2,
  block = 3,
  field = 4,
  dataSchema = 5,
  entity = 6,
  application = 7,
  entityDefinition = 8,
  powerUp = 9,
  workflow = 10,
  workflowAction = 11,
  dataMapping = 12,
  template = 13,
}
