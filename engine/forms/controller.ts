/**
 * The form controller: owns a form's atoms in the ambient Jotai store and every write to them.
 * Keystrokes write one field atom; form-level atoms (dirty set, errors, filled set) change only
 * when a field's membership in them flips, so form-level readers re-render rarely and fields never
 * re-render for each other. Conditions read only the fields their rules depend on.
 */
import { atom, type Atom, type PrimitiveAtom, type createStore } from 'jotai';
import type { Field, Id, JsonValue } from '../../schemas/model';
import { AUTOSAVE_DEBOUNCE_MS, FIELD_ERROR_DEBOUNCE_MS, SAVE_WAIT_WHILE_TRANSMITTING_MS } from '../core/constants';
import type { RuleContext } from '../core/rules/context';
import {
  applicableRules,
  buildFieldTree,
  errorKey,
  fieldName,
  isEmptyFieldValue,
  validateFieldValue,
  validateFieldValueAsync,
  validationRules,
  isAsyncRule,
  type FieldTree,
  type FormValues,
  type RuleValue,
  type ValidationFailure,
} from '../core/validation';
import { EMPTY_FIELD_STATE, fieldStateFamily, fieldStateKey, repeaterItemsAtom, repeaterItemsFamily, sameJson } from './state';
import { NEVER_SUBMITTED, isEmptyRepeaterItem, toSubmittedValue } from './submission';
import type { ChangedValue, FieldState, FormConfig, FormSubmission, RepeaterItem, SubmitStatus } from './types';

type Store = ReturnType<typeof createStore>;

export interface FormMessage {
  kind: 'success' | 'error' | 'info';
  key: string;
  params?: Record<string, string | number>;
}

const CONTAINERS = new Set(['conditional', 'group']);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class FormController {
  readonly formId: string;
  readonly tree: FieldTree;
  readonly editing = atom(false);
  readonly dirtyKeys = atom<ReadonlySet<string>>(new Set<string>());
  readonly errorMap = atom<ReadonlyMap<string, ValidationFailure[]>>(new Map());
  readonly filledIds = atom<ReadonlySet<string>>(new Set<string>());
  readonly saving = atom(false);
  readonly submitted = atom(false);
  readonly showAllErrors = atom(false);
  readonly message = atom<FormMessage | null>(null);
  readonly confirming = atom<ChangedValue[] | null>(null);
  /** Profile, entity and user the conditions read; replaced in place when they change. */
  readonly ruleContext = atom<RuleContext | undefined>(undefined);
  /** Whether any active field has an error that blocks submit; drives the save button. */
  readonly blocking: Atom<boolean>;
  /** Share of counted fields that are filled, 0-100. */
  readonly progress: Atom<number>;

  private readonly byName = new Map<string, Field>();
  /** The repeater holding a field, if any. */
  private readonly repeaterOf = new Map<Id, Id>();
  private readonly conditionAtoms = new Map<string, Atom<boolean>>();
  private readonly validationTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** When each field's debounced validation is due: a keystroke moves the time, the timer re-arms only when it fires early. */
  private readonly validationDue = new Map<string, number>();
  private readonly validationRuns = new Map<string, number>();
  private readonly transmitting = new Set<string>();
  private readonly stateAtoms = new Map<string, PrimitiveAtom<FieldState>>();
  /** The same atoms outside repeaters, by field id: a keystroke looks its field up without building the family key. */
  private readonly plainStateAtoms = new Map<Id, PrimitiveAtom<FieldState>>();
  private readonly itemAtoms = new Map<string, PrimitiveAtom<RepeaterItem[]>>();
  private readonly progressCounted: Field[] = [];
  private readonly progressCountedSet = new Set<Field>();
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  private nextUid = 1;

  constructor(
    private readonly store: Store,
    private config: FormConfig,
  ) {
    this.formId = config.formId;
    this.tree = buildFieldTree(config.fields, config.rootIds);
    for (const field of config.fields) {
      this.byName.set(fieldName(field), field);
      if (field.type === 'repeater') for (const id of this.descendantIds(field)) this.repeaterOf.set(id, field.id);
    }
    this.collectProgressFields(this.tree.roots);
    // Fields below a conditional count only while they are shown; the rest always count.
    const conditionalCounted = this.progressCounted.filter((f) => this.hasConditionalAbove(f.id));
    const conditionalSet = new Set(conditionalCounted);
    const always = this.progressCounted.filter((f) => !conditionalSet.has(f));
    const alwaysFilled = always.filter((f) => this.typeOf(f).progress === 'alwaysFilled').length;
    this.progress = atom((get) => {
      const filled = get(this.filledIds);
      let total = always.length;
      let done = alwaysFilled + always.filter((f) => filled.has(f.id)).length;
      for (const field of conditionalCounted) {
        if (!this.isActive(field.id, undefined, get)) continue;
        total++;
        if (this.typeOf(field).progress === 'alwaysFilled' || filled.has(field.id)) done++;
      }
      return total === 0 ? 100 : Math.round((done / total) * 100);
    });
    this.blocking = atom((get) => {
      for (const [key, failures] of get(this.errorMap)) {
        if (!failures.some((f) => f.severity === 'error')) continue;
        const [fieldId, index] = parseErrorKey(key);
        if (this.isActive(fieldId, index, get)) return true;
      }
      return false;
    });
    store.set(this.ruleContext, config.ruleContext);
    this.load(config.data);
    store.set(this.editing, !!config.options.alwaysEdit);
  }

  get options() {
    return this.config.options;
  }

  /** New services or rule context (a re-render of the host) update the form without resetting what the user typed. */
  setEnvironment(services: FormConfig['services'], ruleContext: RuleContext | undefined): void {
    this.config = { ...this.config, services };
    if (this.store.get(this.ruleContext) !== ruleContext) this.store.set(this.ruleContext, ruleContext);
  }
  /**
   * New stored values (the profile arrived after the form was built, or the server answered a
   * save): shown at once unless the user has changes in hand or a save is running, which they win.
   */
  setData(data: FormValues): void {
    if (this.config.data === data) return;
    this.config = { ...this.config, data };
    if (this.store.get(this.saving) || this.store.get(this.dirtyKeys).size) return;
    this.load(data);
  }
  get services() {
    return this.config.services;
  }

  field(id: Id): Field | undefined {
    return this.tree.byId.get(id);
  }
  fieldByName(name: string): Field | undefined {
    return this.byName.get(name);
  }
  typeOf(field: Field) {
    return this.config.fieldTypes[field.type] ?? { rules: ['required'] };
  }
  /**
   * The field's atom from the family, kept by the controller too: dispose() drops the family's
   * entries (no leak), while a controller that is mounted again (React StrictMode) keeps its atoms.
   */
  stateAtom(fieldId: Id, index?: number): PrimitiveAtom<FieldState> {
    if (index === undefined) {
      const plain = this.plainStateAtoms.get(fieldId);
      if (plain) return plain;
    }
    const key = fieldStateKey(this.formId, fieldId, index);
    let found = this.stateAtoms.get(key);
    if (!found) this.stateAtoms.set(key, (found = fieldStateFamily(key)));
    if (index === undefined) this.plainStateAtoms.set(fieldId, found);
    return found;
  }
  itemsAtom(repeaterId: Id): PrimitiveAtom<RepeaterItem[]> {
    const key = fieldStateKey(this.formId, repeaterId);
    let found = this.itemAtoms.get(key);
    if (!found) this.itemAtoms.set(key, (found = repeaterItemsAtom(this.formId, repeaterId)));
    return found;
  }
  read(fieldId: Id, index?: number): FieldState {
    return this.store.get(this.stateAtom(fieldId, index));
  }

  /**
   * Writes the loaded values into the field atoms. Defaults (field.value, default, defaultOption)
   * apply here, synchronously, before any condition is first evaluated.
   */
  load(data: FormValues): void {
    const filled = new Set<string>();
    const init = (field: Field, value: JsonValue | undefined, index?: number) => {
      const start = value !== undefined && value !== null ? value : (field.value ?? field.default ?? field.defaultOption);
      this.store.set(this.stateAtom(field.id, index), { ...EMPTY_FIELD_STATE, value: start, initial: start });
      if (index === undefined && !isEmptyFieldValue(start) && this.isCountedWhenFilled(field)) filled.add(field.id);
    };
    for (const field of this.config.fields) {
      if (this.repeaterOf.has(field.id) || CONTAINERS.has(field.type)) continue;
      const value = data[fieldName(field)];
      if (field.type !== 'repeater') {
        init(field, value);
        continue;
      }
      const items = Array.isArray(value) ? value : [];
      this.store.set(
        this.itemsAtom(field.id),
        items.map((item) => ({ uid: this.nextUid++, label: isRecord(item) && typeof item.label === 'string' ? item.label : undefined })),
      );
      const children = this.descendantIds(field)
        .map((id) => this.tree.byId.get(id)!)
        .filter((c) => !CONTAINERS.has(c.type));
      items.forEach((item, i) => children.forEach((child) => init(child, isRecord(item) ? item[fieldName(child)] : undefined, i)));
      this.store.set(this.stateAtom(field.id), { ...EMPTY_FIELD_STATE, value: items.length, initial: items.length });
    }
    this.store.set(this.filledIds, filled);
    this.store.set(this.dirtyKeys, new Set<string>());
    this.store.set(this.errorMap, new Map());
    // Errors are known from the start so a blocking error disables save before the first keystroke.
    this.forEachValueField((field, index) => this.validateNow(field, index, false));
  }

  /** A keystroke or pick: one atom write, then validation after the error debounce (and autosave). */
  setValue(fieldId: Id, index: number | undefined, value: JsonValue | undefined, inputValue?: JsonValue): void {
    const target = this.stateAtom(fieldId, index);
    const prev = this.store.get(target);
    const dirty = !sameJson(value, prev.initial);
    this.store.set(target, { ...prev, value, inputValue, dirty });
    const key = errorKey(fieldId, index);
    if (dirty !== prev.dirty) this.toggleIn(this.dirtyKeys, key, dirty);
    const field = this.tree.byId.get(fieldId);
    if (field && index === undefined && this.isCountedWhenFilled(field)) {
      const filled = !isEmptyFieldValue(value);
      if (filled !== !isEmptyFieldValue(prev.value)) this.toggleIn(this.filledIds, fieldId, filled);
    }
    this.scheduleValidation(fieldId, index);
    if (this.config.options.autosave) this.scheduleAutosave();
  }

  touch(fieldId: Id, index?: number): void {
    const target = this.stateAtom(fieldId, index);
    const prev = this.store.get(target);
    if (!prev.touched) this.store.set(target, { ...prev, touched: true });
  }

  /** Marks a field as uploading; a save waits while any field transmits. */
  setTransmitting(fieldId: Id, index: number | undefined, busy: boolean): void {
    const key = errorKey(fieldId, index);
    if (busy) this.transmitting.add(key);
    else this.transmitting.delete(key);
  }

  // Repeaters ---------------------------------------------------------------------------------

  addItem(repeaterId: Id): void {
    const items = this.store.get(this.itemsAtom(repeaterId));
    this.store.set(this.itemsAtom(repeaterId), [...items, { uid: this.nextUid++, added: true }]);
    const index = items.length;
    for (const id of this.descendantIds(this.tree.byId.get(repeaterId)!)) {
      const child = this.tree.byId.get(id)!;
      if (CONTAINERS.has(child.type)) continue;
      const start = child.value ?? child.default ?? child.defaultOption;
      this.store.set(this.stateAtom(id, index), { ...EMPTY_FIELD_STATE, value: start, initial: undefined, dirty: start !== undefined });
      this.validateNow(child, index, false);
    }
    this.markRepeaterChanged(repeaterId);
  }

  /** Marks an item deleted (restorable until save); deleted items are removed on submit. */
  setItemDeleted(repeaterId: Id, index: number, deleted: boolean): void {
    this.updateItem(repeaterId, index, { deleted });
  }

  setItemLabel(repeaterId: Id, index: number, label: string): void {
    this.updateItem(repeaterId, index, { label });
  }

  private updateItem(repeaterId: Id, index: number, patch: Partial<RepeaterItem>): void {
    const items = this.store.get(this.itemsAtom(repeaterId));
    this.store.set(
      this.itemsAtom(repeaterId),
      items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
    );
    this.markRepeaterChanged(repeaterId);
  }

  private markRepeaterChanged(repeaterId: Id): void {
    const state = this.read(repeaterId);
    this.store.set(this.stateAtom(repeaterId), { ...state, dirty: true });
    this.toggleIn(this.dirtyKeys, repeaterId, true);
    if (this.config.options.autosave) this.scheduleAutosave();
  }

  // Conditions --------------------------------------------------------------------------------

  /**
   * Whether a conditional field's rules match, as an atom reading only the fields the rules
   * depend on (the evaluator's `dependencies()`), or every field when it cannot tell.
   */
  conditionAtom(conditionalId: Id, index?: number): Atom<boolean> {
    const cacheKey = errorKey(conditionalId, index);
    let cached = this.conditionAtoms.get(cacheKey);
    if (cached) return cached;
    const conditional = this.tree.byId.get(conditionalId)!;
    const rules = conditional.rules;
    const initialEvaluator = this.config.services.evaluator;
    const deps = rules && initialEvaluator?.dependencies ? initialEvaluator.dependencies(rules) : undefined;
    // `form.<key>` paths name the fields read; a bare `form` (the whole form) or no answer means all.
    const names = deps && !deps.includes('form') ? deps.filter((p) => p.startsWith('form.')).map((p) => p.slice(5).split('.')[0]) : [...this.byName.keys()];
    // The atoms read, resolved once: a keystroke re-runs only the reads and the evaluation.
    const reads: { name: string; state: PrimitiveAtom<FieldState> }[] = [];
    for (const name of new Set(names)) {
      const field = this.byName.get(name);
      if (field && !CONTAINERS.has(field.type)) reads.push({ name, state: this.stateAtom(field.id, this.repeaterOf.has(field.id) ? index : undefined) });
    }
    cached = atom((get) => {
      const evaluator = this.config.services.evaluator;
      if (!rules) return true;
      if (!evaluator) return false;
      const form: Record<string, JsonValue> = {};
      for (const { name, state } of reads) {
        const value = get(state).value;
        if (value !== undefined) form[name] = value;
      }
      const facts = get(this.ruleContext);
      const context: RuleContext = facts ? { ...facts, form } : { form };
      return evaluator.evaluate(rules, context).matches;
    });
    this.conditionAtoms.set(cacheKey, cached);
    return cached;
  }

  /** A field is active unless a conditional above it does not match. */
  isActive(fieldId: Id, index: number | undefined, get: <V>(a: Atom<V>) => V = (a) => this.store.get(a)): boolean {
    let current = this.tree.parentOf.get(fieldId);
    while (current) {
      const parent = this.tree.byId.get(current)!;
      const parentIndex = this.repeaterOf.has(current) ? index : undefined;
      if (parent.type === 'conditional' && !get(this.conditionAtom(current, parentIndex))) return false;
      current = this.tree.parentOf.get(current);
    }
    return true;
  }

  // Validation --------------------------------------------------------------------------------

  private scheduleValidation(fieldId: Id, index: number | undefined): void {
    const key = errorKey(fieldId, index);
    this.validationDue.set(key, Date.now() + FIELD_ERROR_DEBOUNCE_MS);
    if (!this.validationTimers.has(key)) this.armValidation(key, fieldId, index, FIELD_ERROR_DEBOUNCE_MS);
  }

  private armValidation(key: string, fieldId: Id, index: number | undefined, ms: number): void {
    this.validationTimers.set(
      key,
      setTimeout(() => {
        const left = (this.validationDue.get(key) ?? 0) - Date.now();
        if (left > 0) return this.armValidation(key, fieldId, index, left);
        this.validationTimers.delete(key);
        this.validationDue.delete(key);
        const field = this.tree.byId.get(fieldId);
        if (field) void this.validateNow(field, index, true);
      }, ms),
    );
  }

  /** Values of the field's scope (its repeater item, or the form) by name, read lazily. */
  private scopeValues(index: number | undefined): Record<string, JsonValue | undefined> {
    return new Proxy({} as Record<string, JsonValue | undefined>, {
      get: (_target, name) => {
        const field = typeof name === 'string' ? this.byName.get(name) : undefined;
        if (!field) return undefined;
        return this.read(field.id, this.repeaterOf.has(field.id) ? index : undefined).value;
      },
    });
  }

  private validationContext(field: Field, index: number | undefined) {
    return { fieldTypes: this.config.fieldTypes, values: this.scopeValues(index), label: field.label };
  }

  /** Validates one field now: sync rules, then server rules through the injected checker. */
  async validateNow(field: Field, index: number | undefined, withServer: boolean): Promise<ValidationFailure[]> {
    const key = errorKey(field.id, index);
    const run = (this.validationRuns.get(key) ?? 0) + 1;
    this.validationRuns.set(key, run);
    const value = this.read(field.id, index).value as RuleValue;
    const context = this.validationContext(field, index);
    let failures = validateFieldValue(field, value, context);
    this.setErrors(field.id, index, failures);
    const hasServerRules = applicableRules(field, this.config.fieldTypes).some(([name]) => isAsyncRule(validationRules[name]));
    if (withServer && hasServerRules && !failures.length) {
      const serverFailures = await validateFieldValueAsync(field, value, { ...context, checker: this.config.services.checkAsync });
      if (this.validationRuns.get(key) !== run) return failures;
      failures = [...failures, ...serverFailures];
      this.setErrors(field.id, index, failures);
    }
    return failures;
  }

  private setErrors(fieldId: Id, index: number | undefined, errors: ValidationFailure[]): void {
    const target = this.stateAtom(fieldId, index);
    const prev = this.store.get(target);
    if (sameJson(prev.errors, errors)) return;
    this.store.set(target, { ...prev, errors });
    const key = errorKey(fieldId, index);
    const map = new Map(this.store.get(this.errorMap));
    if (errors.length) map.set(key, errors);
    else map.delete(key);
    this.store.set(this.errorMap, map);
  }

  /** Flushes pending debounced validations and validates every active field, server rules included. */
  async validateAll(): Promise<boolean> {
    for (const timer of this.validationTimers.values()) clearTimeout(timer);
    this.validationTimers.clear();
    this.validationDue.clear();
    const runs: Promise<ValidationFailure[]>[] = [];
    this.forEachValueField((field, index) => {
      if (this.isActive(field.id, index)) runs.push(this.validateNow(field, index, true));
    });
    await Promise.all(runs);
    this.store.set(this.showAllErrors, true);
    return !this.store.get(this.blocking);
  }

  // Saving ------------------------------------------------------------------------------------

  setEditing(editing: boolean): void {
    if (editing && !this.config.options.editable) return;
    this.store.set(this.editing, editing || !!this.config.options.alwaysEdit);
  }

  /** Cancel: the stored values come back, with no error or message left from the discarded edit. */
  cancel(): void {
    this.clearTimers();
    this.store.set(this.confirming, null);
    this.store.set(this.showAllErrors, false);
    this.store.set(this.message, null);
    this.load(this.config.data);
    this.setEditing(false);
  }

  private clearTimers(): void {
    for (const timer of this.validationTimers.values()) clearTimeout(timer);
    this.validationTimers.clear();
    this.validationDue.clear();
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    this.autosaveTimer = undefined;
  }

  private scheduleAutosave(): void {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => void this.submit({ autosave: true }), AUTOSAVE_DEBOUNCE_MS);
  }

  /** Values to submit: active fields, dirty only unless skipDirtyCheck, pruned as spec 4.5 says. */
  buildSubmission(autosave = false): FormSubmission {
    const values: FormValues = {};
    const fieldIds: Id[] = [];
    const { skipDirtyCheck } = this.config.options;
    const visit = (fields: Field[]) => {
      for (const field of fields) {
        if (field.type === 'conditional') {
          if (this.store.get(this.conditionAtom(field.id))) visit(this.children(field));
          continue;
        }
        if (field.type === 'group') {
          visit(this.children(field));
          continue;
        }
        if (NEVER_SUBMITTED.has(field.type) || this.typeOf(field).displayOnly) continue;
        const state = this.read(field.id);
        if (field.type === 'repeater') {
          const items = this.repeaterItems(field);
          const dirty = state.dirty || items.changed;
          if (dirty || skipDirtyCheck) {
            values[fieldName(field)] = items.values;
            fieldIds.push(field.id);
          }
          continue;
        }
        if (!state.dirty && !skipDirtyCheck) continue;
        values[fieldName(field)] = toSubmittedValue(field, state.value);
        fieldIds.push(field.id);
      }
    };
    visit(this.tree.roots);
    return { values, fieldIds, autosave };
  }

  private repeaterItems(repeater: Field): { values: JsonValue[]; changed: boolean } {
    const items = this.store.get(this.itemsAtom(repeater.id));
    const children = this.descendantIds(repeater)
      .map((id) => this.tree.byId.get(id)!)
      .filter((c) => !CONTAINERS.has(c.type) && !NEVER_SUBMITTED.has(c.type));
    const values: JsonValue[] = [];
    let changed = false;
    items.forEach((item, index) => {
      if (item.deleted) {
        changed = true;
        return;
      }
      const record: Record<string, JsonValue> = {};
      for (const child of children) {
        if (!this.isActive(child.id, index)) continue;
        const state = this.read(child.id, index);
        if (state.dirty) changed = true;
        const value = toSubmittedValue(child, state.value);
        if (value !== undefined) record[fieldName(child)] = value;
      }
      if (isEmptyRepeaterItem(record, item.label)) return;
      values.push(item.label ? { ...record, label: item.label } : record);
    });
    return { values, changed };
  }

  /** Changed values for the confirmation table. */
  changedValues(): ChangedValue[] {
    const submission = this.buildSubmission();
    return submission.fieldIds.map((id) => {
      const field = this.tree.byId.get(id)!;
      const name = fieldName(field);
      return { fieldId: id, label: field.label ?? name, before: this.config.data[name], after: submission.values[name] };
    });
  }

  /**
   * Saves: refused when not editable or already submitted once; waits while a field transmits;
   * validates every active field (hidden required fields never block); asks for confirmation
   * first when set; then calls the injected save.
   */
  async submit({ autosave = false, confirmed = false }: { autosave?: boolean; confirmed?: boolean } = {}): Promise<SubmitStatus> {
    const { options } = this.config;
    if (!options.editable) return this.refuse('notEditable', 'form.notEditable');
    if (options.submitOnce && this.store.get(this.submitted)) return this.refuse('alreadySubmitted', 'form.alreadySubmitted');
    if (this.store.get(this.saving)) return 'busy';
    this.store.set(this.saving, true);
    try {
      while (this.transmitting.size) await sleep(SAVE_WAIT_WHILE_TRANSMITTING_MS);
      if (!(await this.validateAll())) {
        if (!autosave) this.store.set(this.message, { kind: 'error', key: 'form.errorsSummary' });
        return 'invalid';
      }
      if (options.confirmation && !confirmed && !autosave) {
        this.store.set(this.confirming, this.changedValues());
        return 'confirming';
      }
      this.store.set(this.confirming, null);
      const submission = this.buildSubmission(autosave);
      if (!submission.fieldIds.length) {
        if (!autosave && !options.doNotClose) this.setEditing(false);
        return 'noChanges';
      }
      try {
        await this.config.services.save(submission);
      } catch (error) {
        this.store.set(this.message, { kind: 'error', key: 'form.saving.failed', params: { message: error instanceof Error ? error.message : String(error) } });
        return 'failed';
      }
      this.config = { ...this.config, data: { ...this.config.data, ...submission.values } };
      this.commitSaved(submission);
      this.store.set(this.submitted, true);
      this.store.set(this.showAllErrors, false);
      if (!autosave && !options.disableSuccessMessage) this.store.set(this.message, { kind: 'success', key: 'form.saving.success' });
      if (!autosave && !options.doNotClose) this.setEditing(false);
      return 'saved';
    } finally {
      this.store.set(this.saving, false);
    }
  }

  /** After a save the saved values are the new baseline; repeaters reload without their deleted items. */
  private commitSaved(submission: FormSubmission): void {
    this.forEachValueField((field, index) => {
      if (index !== undefined) return;
      const state = this.read(field.id);
      if (state.dirty) this.store.set(this.stateAtom(field.id), { ...state, initial: state.value, dirty: false });
    });
    for (const id of submission.fieldIds) {
      const field = this.tree.byId.get(id)!;
      if (field.type === 'repeater') this.reloadRepeater(field, submission.values[fieldName(field)]);
    }
    this.store.set(this.dirtyKeys, new Set<string>());
  }

  private reloadRepeater(field: Field, value: JsonValue | undefined): void {
    const items = Array.isArray(value) ? value : [];
    const previous = this.store.get(this.itemsAtom(field.id)).length;
    this.store.set(
      this.itemsAtom(field.id),
      items.map((item) => ({ uid: this.nextUid++, label: isRecord(item) && typeof item.label === 'string' ? item.label : undefined })),
    );
    const children = this.descendantIds(field)
      .map((id) => this.tree.byId.get(id)!)
      .filter((c) => !CONTAINERS.has(c.type));
    for (let i = 0; i < Math.max(previous, items.length); i++) {
      for (const child of children) {
        const v = isRecord(items[i]) ? (items[i] as Record<string, JsonValue>)[fieldName(child)] : undefined;
        this.store.set(this.stateAtom(child.id, i), { ...EMPTY_FIELD_STATE, value: v, initial: v });
        this.setErrors(child.id, i, []);
      }
    }
    this.store.set(this.stateAtom(field.id), { ...EMPTY_FIELD_STATE, value: items.length, initial: items.length });
  }

  cancelConfirmation(): void {
    this.store.set(this.confirming, null);
  }

  dismissMessage(): void {
    this.store.set(this.message, null);
  }

  /** Drops this form's atoms from the families and stops its timers (on unmount). */
  dispose(): void {
    this.clearTimers();
    for (const key of this.stateAtoms.keys()) fieldStateFamily.remove(key);
    for (const key of this.itemAtoms.keys()) repeaterItemsFamily.remove(key);
  }

  // Helpers -----------------------------------------------------------------------------------

  children(field: Field): Field[] {
    return (field.childIds ?? []).map((id) => this.tree.byId.get(id)).filter((f): f is Field => !!f);
  }

  private refuse(status: SubmitStatus, key: string): SubmitStatus {
    this.store.set(this.message, { kind: 'error', key });
    return status;
  }

  private descendantIds(field: Field): Id[] {
    const out: Id[] = [];
    const walk = (f: Field) => {
      for (const child of this.children(f)) {
        out.push(child.id);
        if (child.type !== 'repeater') walk(child);
      }
    };
    walk(field);
    return out;
  }

  private hasConditionalAbove(fieldId: Id): boolean {
    for (let id = this.tree.parentOf.get(fieldId); id; id = this.tree.parentOf.get(id)) if (this.tree.byId.get(id)?.type === 'conditional') return true;
    return false;
  }

  private isCountedWhenFilled(field: Field): boolean {
    return this.progressCountedSet.has(field) && this.typeOf(field).progress !== 'alwaysFilled';
  }

  private collectProgressFields(fields: Field[]): void {
    for (const field of fields) {
      const progress = this.typeOf(field).progress;
      if (CONTAINERS.has(field.type)) this.collectProgressFields(this.children(field));
      else if (progress !== 'excluded') {
        this.progressCounted.push(field);
        this.progressCountedSet.add(field);
      }
    }
  }

  /** Every value-holding field with its repeater index (one per existing item). */
  private forEachValueField(visit: (field: Field, index: number | undefined) => void): void {
    for (const field of this.config.fields) {
      if (CONTAINERS.has(field.type) || this.typeOf(field).displayOnly) continue;
      const repeaterId = this.repeaterOf.get(field.id);
      if (!repeaterId) {
        if (field.type !== 'repeater') visit(field, undefined);
        continue;
      }
      const items = this.store.get(this.itemsAtom(repeaterId));
      items.forEach((item, i) => {
        if (!item.deleted) visit(field, i);
      });
    }
  }

  private toggleIn(target: typeof this.dirtyKeys, key: string, present: boolean): void {
    const current = this.store.get(target);
    if (current.has(key) === present) return;
    const next = new Set(current);
    if (present) next.add(key);
    else next.delete(key);
    this.store.set(target, next);
  }
}

function parseErrorKey(key: string): [Id, number | undefined] {
  const m = /^(.*)\[(\d+)\]$/.exec(key);
  return m ? [m[1], Number(m[2])] : [key, undefined];
}

const isRecord = (v: unknown): v is Record<string, JsonValue> => !!v && typeof v === 'object' && !Array.isArray(v);
