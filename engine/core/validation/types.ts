/** Types shared by the pure validation rules (spec 5.1, 5.2). No DOM, no fetch: runs in Node too. */
import type { JsonValue } from '../../../schemas/model';
import type { MessageParams } from '../i18n/translator';

/** One failed rule: an i18n key and its parameters. Warnings never block submit. */
export interface ValidationFailure {
  rule: string;
  key: string;
  params?: MessageParams;
  severity: 'error' | 'warning';
}

/** A file as the file rules see it (before upload: from the File object; after upload: its metadata). */
export interface FileInfo {
  name: string;
  type: string;
  size: number;
  width?: number;
  height?: number;
}

/** What a rule can read besides its own value and parameters. */
export interface RuleRunContext {
  /** Other field values of the same form (or repeater item), by field key: date_after against a field, confirmed. */
  values?: Record<string, JsonValue | undefined>;
  /** Enabled languages, for language-tag rules; the configured languages when absent. */
  languages?: readonly string[];
  /** Field label, for messages that name the field. */
  label?: string;
}

/** The value a rule receives: a JSON value, or files picked in the browser. */
export type RuleValue = JsonValue | undefined | FileInfo | FileInfo[];

export type RuleOutcome = Omit<ValidationFailure, 'rule' | 'severity'> & { severity?: 'error' | 'warning' };

export interface SyncRule {
  name: string;
  /** Rules other than `required` pass empty values (the field is optional unless required). */
  checksEmpty?: boolean;
  validate(value: RuleValue, params: JsonValue, context: RuleRunContext): RuleOutcome | null;
}

/** Asks the server whether a value passes a server rule (slug_valid, feed_valid, uniqueness); injected, never fetched here. */
export type AsyncRuleChecker = (request: { rule: string; value: RuleValue; params: JsonValue; fieldId: string }) => Promise<boolean | RuleOutcome>;

export interface AsyncRule {
  name: string;
  async: true;
  /** Local check first (e.g. slug characters); the checker is only asked when it passes. */
  precheck?: SyncRule['validate'];
}

export type ValidationRule = SyncRule | AsyncRule;

export const isAsyncRule = (rule: ValidationRule): rule is AsyncRule => 'async' in rule && rule.async === true;
