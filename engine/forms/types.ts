/** Public types of the form engine: options, injected services, field component props. */
import type { ComponentType } from 'react';
import type { Field, Id, JsonValue } from '../../schemas/model';
import type { FileInfo as StoredFileInfo } from '../../schemas/model/api/files';
import type { RuleContext, RuleQueryEvaluator } from '../core/rules/context';
import type { AcceptedRules, AsyncRuleChecker, FormValues, ValidationFailure } from '../core/validation';

/** What a save sends: the pruned values by field name and the ids of the fields they came from. */
export interface FormSubmission {
  values: FormValues;
  fieldIds: Id[];
  autosave: boolean;
}

/** Services the form needs from outside; the engine never fetches. */
export interface FormServices {
  /** Persists a submission (the server issue wires it to the API). A rejection shows its message. */
  save(submission: FormSubmission): Promise<void>;
  /** Server rules: slug_valid, feed_valid, uniqueness. */
  checkAsync?: AsyncRuleChecker;
  /** Uploads picked files and returns their ids, in order. */
  /** Uploads picked files; `onProgress` hears the share sent so far (0 to 1) while the bytes go out. */
  upload?(files: File[], field: Field, onProgress?: (fraction: number) => void): Promise<Id[]>;
  /** Evaluates conditional fields' rule queries (the rule-query compiler supplies the real one). */
  evaluator?: RuleQueryEvaluator;
  /** URL of an uploaded image for previews (the media URL builder of spec 3); ids are shown as text without it. */
  imageUrl?(fileId: Id): string;
  /** The server's largest upload in bytes (`files/serviceMaxFileSize`); pickers refuse bigger files before sending. */
  maxFileSize?(): Promise<number>;
  /** A stored file's metadata (the image window opens at its focal point). */
  fileData?(fileId: Id): Promise<{ focalPos?: { x: number; y: number } } | undefined>;
  /** Stored files' metadata, those of the ids the viewer may see (the read-only view of a files field). */
  fileInfos?(fileIds: Id[]): Promise<StoredFileInfo[]>;
  /** The media route URL of a stored file (with the session's media token), for download links. */
  fileUrl?(file: Pick<StoredFileInfo, 'id' | 'kind'>): string | undefined;
  /** Saves file metadata (title, description, focal point in percent). */
  saveFileData?(fileId: Id, data: { focalPos: { x: number; y: number } }): Promise<void>;
  /** Data privacy per data schema, for the privacy buttons (#privacy tabbing). */
  privacy?: { isPrivate(schemaId: Id): boolean; toggle(schemaId: Id): void };
}

export interface FormOptions {
  /** The form can be switched to editing (and saved) at all. */
  editable?: boolean;
  /** Always editing: no edit toggle. */
  alwaysEdit?: boolean;
  /** Saving keeps the form editing. */
  doNotClose?: boolean;
  /** Saves 2000 ms after the last change and keeps editing. */
  autosave?: boolean;
  /** The first save opens a table of changed values to agree to. */
  confirmation?: boolean;
  /** Submit every field, not only the dirty ones. */
  skipDirtyCheck?: boolean;
  /** A second submit is refused. */
  submitOnce?: boolean;
  /** No form.saving.success message after a save. */
  disableSuccessMessage?: boolean;
  /** Header height in px for scrolling to a field hash; measured from the page's `header` when absent. */
  headerHeightPx?: number;
  /** The save button's text (an application's "Submit application"); form.actions.save when absent. */
  submitLabel?: string;
  /** The progress bar; shown unless false. */
  showProgress?: boolean;
}

export interface FieldComponentProps {
  field: Field;
  /** Repeater item index when the field sits in a repeater item. */
  index?: number;
}

export type FieldComponent = ComponentType<FieldComponentProps>;

/** Field type name -> component (resolved; see loadFieldComponents for the lazy registry index). */
export type FieldComponents = Record<string, FieldComponent>;

export interface FieldState {
  value: JsonValue | undefined;
  /** What the user typed when it differs from the stored value (e.g. a number being typed). */
  inputValue?: JsonValue;
  /** The value at load or after the last save; dirty compares against it. */
  initial: JsonValue | undefined;
  dirty: boolean;
  touched: boolean;
  errors: ValidationFailure[];
}

export interface RepeaterItem {
  /** Stable React key. */
  uid: number;
  deleted?: boolean;
  label?: string;
  /** Not in the saved data yet. */
  added?: boolean;
}

export interface ChangedValue {
  fieldId: Id;
  label: string;
  before: JsonValue | undefined;
  after: JsonValue | undefined;
}

export type SubmitStatus = 'saved' | 'invalid' | 'notEditable' | 'alreadySubmitted' | 'confirming' | 'noChanges' | 'failed' | 'busy';

export interface FormConfig {
  formId: string;
  fields: Field[];
  rootIds: Id[];
  data: FormValues;
  options: FormOptions;
  services: FormServices;
  fieldTypes: AcceptedRules & Record<string, { progress?: string; displayOnly?: boolean }>;
  ruleContext?: RuleContext;
}
