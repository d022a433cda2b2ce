import type { Id, JsonObject, JsonValue, Positions } from './common';
import type { RuleQuery } from './rule-query';

/** Which devices and profile contexts a block shows in. Advanced visibility uses `rules` instead of the booleans. */
export interface BlockVisibility {
  advanced?: boolean;
  rules?: RuleQuery;
  visibleOnDesktop?: boolean;
  visibleOnMobile?: boolean;
  visibleOnUsersOwnProfile?: boolean;
  visibleOnOtherUsersProfiles?: boolean;
}

/** Modal sizes: x-small 350px, small 500px, medium 800px, large 900px (spec 4.4). */
export type ModalSize = 'x-small' | 'small' | 'medium' | 'large';

export interface ModalProps {
  size?: ModalSize;
  /** Width in px; 700 by default. */
  width?: number;
  /** A persistent modal does not close on outside click or Escape; true by default. */
  persistent?: boolean;
  /** Shown once per user; true by default. */
  showOnce?: boolean;
  title?: string;
}

/** Template options of blocks that render a handlebars template over a profile or entity. */
export interface TemplateOptions {
  template?: string;
  /** Which data the template reads. */
  source?: 'profile' | 'entity' | 'user';
  css?: string;
}

/**
 * Set by the server on a page or block it read from storage but could not use as stored (never
 * stored itself): the engine shows it as a page or block state instead of its content.
 * `corrupt`: the stored document is damaged; `unsupportedVersion`: written by a newer Tessera;
 * `invalidOptions` (blocks only): the stored options break the type's registry schema (the block
 * shows as needing configuration).
 */
export interface ReadProblem {
  kind: 'corrupt' | 'unsupportedVersion' | 'invalidOptions';
  /** What was wrong, for admins. */
  detail: string;
}

export interface Block {
  id: Id;
  /** Block type name from `registry/blocks`. */
  type: string;
  name?: string;
  slug?: string;
  /** Type-specific options, validated against the block type's registry options schema. */
  options?: JsonObject;
  /** Child block ids, in order. */
  children?: Id[];
  /** Children by column; `col-0` when absent. */
  positions?: Positions;
  /** Column widths, summing to 12, at most 12 columns. */
  columns?: number[];
  entityId?: Id;
  relatedBlocks?: { display?: Id[] };
  templateOptions?: TemplateOptions;
  parsedTemplate?: string;
  profileLink?: boolean;
  /** Field ids of a form block. */
  fields?: Id[];
  content?: { templates?: { [name: string]: string } };
  /** Set by delete; the block is removed once the revert window ends. */
  wasDeleted?: boolean;
  meta?: { icon?: string };
  modalProps?: ModalProps;
  showTitle?: boolean;
  tabStyle?: 'vertical' | 'horizontal';
  tabPortalLocation?: string;
  demoMode?: boolean;
  requiresAgreeing?: boolean;
  showOnce?: boolean;
  noAutoOpen?: boolean;
  visibility?: BlockVisibility;
  /** Optimistic-concurrency revision, bumped by the server on every write. */
  revision?: number;
  /** Set when the stored block could not be read (see ReadProblem); never stored. */
  readProblem?: ReadProblem;
}

export type PageType = 'profile' | 'entity' | 'other';

/** Page visibility by user list membership: shown when the user is accepted in any listed list. */
export interface PageVisibility {
  userListIds?: Id[];
  rules?: RuleQuery;
}

export interface Page {
  id: Id;
  slug: string;
  name: string;
  type?: PageType;
  /** Block ids, in order. */
  children?: Id[];
  positions?: Positions;
  moduleId?: Id;
  loaded?: boolean;
  width?: 'fixed' | 'fluid';
  isAbstract?: boolean;
  hideFromNav?: boolean;
  showOnlyThis?: boolean;
  relatedBlocks?: { modal?: Id };
  visibility?: PageVisibility;
  customI18NKey?: string;
  revision?: number;
  /** Set when the stored page could not be read (see ReadProblem); never stored. */
  readProblem?: ReadProblem;
}

export interface Module {
  /** `global` is the special module that holds global blocks. */
  id: Id;
  slug: string;
  name: string;
  /** Page ids, in order. */
  childIds?: Id[];
  defaultPage?: Id;
  hideFromNav?: boolean;
  hideSubNav?: boolean;
  isAbstract?: boolean;
  archived?: boolean;
  /** A path to a value on the target entity used as the module title. */
  showTargetValueAsTitle?: string;
  customI18NKey?: string;
  titleValue?: string;
  revision?: number;
}

/** Sort of a field's options: by another field, direction, and where blanks go. */
export interface FieldSort {
  fieldId?: Id;
  direction?: 'asc' | 'desc';
  blankPosition?: 'first' | 'last';
}

export interface FieldOption {
  value: JsonValue;
  label: string;
  /** i18n key of the label; the label is the fallback. */
  labelKey?: string;
  disabled?: boolean;
}

/**
 * Validation rules in use on a field: rule name (from `registry/rules`) to its parameters
 * (`true` for rules without parameters). Only rules the field type accepts apply.
 */
export interface FieldValidation {
  [rule: string]: JsonValue;
}

export interface Field {
  id: Id;
  /** A field is addressed by id, key or name; a form must be able to resolve one of them. */
  key?: string;
  name?: string;
  /** Field type name from `registry/fields`. */
  type: string;
  label?: string;
  labelKey?: string;
  placeholder?: string;
  /** Data schema this field reads and writes (profile, entity, entityProperty ...). */
  schema?: Id;
  validation?: FieldValidation;
  /** The explicit override flag: skips validation for this field. */
  skipValidation?: boolean;
  options?: FieldOption[];
  tags?: string[];
  value?: JsonValue;
  inputValue?: JsonValue;
  editing?: boolean;
  disabled?: boolean;
  qProps?: { hidden?: boolean; disable?: boolean };
  alwaysDisplay?: boolean;
  infoTooltip?: string;
  infoPopup?: string;
  /** Child field ids of repeaters, groups and conditional fields. */
  childIds?: Id[];
  defaultOption?: JsonValue;
  default?: JsonValue;
  /** Field-type specific settings, validated against the field type's registry `opts` schema. */
  opts?: JsonObject;
  multipleFiles?: boolean;
  hideUploadedFiles?: boolean;
  sort?: FieldSort;
  /** Conditional fields reveal their children only when these rules match. */
  rules?: RuleQuery;
  revision?: number;
}

export type DataSchemaSource = 'entityProperty' | 'entity' | 'profile' | 'user' | 'form';

export interface DataSchema {
  id: Id;
  key: string;
  source: DataSchemaSource;
  /** Field type of the values it holds. */
  type: string;
  label?: string;
  /** source entity: the entity definition whose field it is. */
  definitionId?: Id;
}
