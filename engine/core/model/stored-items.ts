/**
 * Tolerant readers of stored structure items. Anything stored may be corrupt (a database restored
 * from an older version, a migration bug, a hand edit), and one bad document must never take a
 * page, a module or the site down. Each reader turns whatever was stored into a valid item of the
 * model and lists what it had to repair:
 *
 * - a wrong-typed optional property is dropped (treated as absent);
 * - a missing or wrong-typed name or slug falls back to one derived from the id;
 * - a page or block whose layout (children, positions, type, options, fields) cannot be read
 *   keeps no children and carries `readProblem`: the engine shows it as a page or block state;
 * - a visibility that cannot be read becomes "admins only" (fail closed: content meant for some
 *   lists never reaches everyone because its rule was damaged); admins still see and fix it.
 *
 * Pure: the server runs these on every stored item it reads; nothing here touches storage.
 */
import type { Block, BlockVisibility, Field, Id, Module, Page, PageVisibility, ReadProblem, RuleGroup } from '../../../schemas/model';

export interface ReadItem<T> {
  item: T;
  /** What was repaired, for the log; empty when the stored item was well formed. */
  problems: string[];
}

/** The rule that stands for a visibility that could not be read: only admins match it. */
export const ADMINS_ONLY_RULE: RuleGroup = { logicalOperator: 'all', rules: [{ kind: 'knownValueField', subject: 'isAdmin', operator: 'isTrue' }] };

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isPositions = (v: unknown): boolean => isObject(v) && Object.values(v).every(isStringArray);
const isRuleGroup = (v: unknown): v is RuleGroup => isObject(v) && typeof v.logicalOperator === 'string';

/** A slug derived from an id, for items whose own slug cannot be read. */
export function fallbackSlug(id: Id): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'item'
  );
}

type Check = (v: unknown) => boolean;
const STRING: Check = (v) => typeof v === 'string';
const BOOLEAN: Check = (v) => typeof v === 'boolean';
const NUMBER: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const OBJECT: Check = isObject;

/** Copies `raw` with every listed optional property of the wrong type dropped. */
function dropWrongTypes(raw: Raw, checks: Record<string, Check>, problems: string[]): Raw {
  const out: Raw = { ...raw };
  for (const [key, check] of Object.entries(checks)) {
    if (out[key] !== undefined && !check(out[key])) {
      problems.push(`${key} is not ${checkName(check)}`);
      delete out[key];
    }
  }
  return out;
}

function checkName(check: Check): string {
  if (check === STRING) return 'a string';
  if (check === BOOLEAN) return 'a boolean';
  if (check === NUMBER) return 'a number';
  if (check === OBJECT) return 'an object';
  return 'of the expected shape';
}

/** Children and positions; undefined when they cannot be read (the item then keeps none). */
function readLayout(raw: Raw, problems: string[]): { children: Id[]; positions: Record<string, Id[]> } | undefined {
  const children = raw.children ?? [];
  const positions = raw.positions ?? {};
  let ok = true;
  if (!isStringArray(children)) {
    problems.push('children is not a list of ids');
    ok = false;
  }
  if (!isPositions(positions)) {
    problems.push('positions is not a map of columns to lists of ids');
    ok = false;
  }
  return ok ? { children: children as Id[], positions: positions as Record<string, Id[]> } : undefined;
}

function identity(raw: Raw, id: Id, problems: string[]): { name: string; slug: string } {
  if (raw.id !== undefined && raw.id !== id) problems.push('id differs from the stored key');
  const slug = typeof raw.slug === 'string' && raw.slug ? raw.slug : fallbackSlug(id);
  if (slug !== raw.slug) problems.push('slug is missing or not a string');
  const name = typeof raw.name === 'string' ? raw.name : id;
  if (name !== raw.name) problems.push('name is missing or not a string');
  return { name, slug };
}

const corrupt = (detail: string): ReadProblem => ({ kind: 'corrupt', detail });

function readPageVisibility(raw: unknown, problems: string[]): PageVisibility | undefined {
  if (raw === undefined) return undefined;
  const ok = isObject(raw) && (raw.userListIds === undefined || isStringArray(raw.userListIds)) && (raw.rules === undefined || isRuleGroup(raw.rules));
  if (ok) return raw as PageVisibility;
  problems.push('visibility cannot be read: the page is shown to admins only');
  return { rules: ADMINS_ONLY_RULE };
}

export function readStoredPage(raw: unknown, id: Id): ReadItem<Page> {
  const problems: string[] = [];
  if (!isObject(raw)) {
    problems.push('the stored page is not an object');
    return {
      item: { id, slug: fallbackSlug(id), name: id, children: [], positions: {}, visibility: { rules: ADMINS_ONLY_RULE }, readProblem: corrupt(problems[0]) },
      problems,
    };
  }
  const rest = dropWrongTypes(
    raw,
    { moduleId: STRING, type: STRING, width: STRING, isAbstract: BOOLEAN, hideFromNav: BOOLEAN, showOnlyThis: BOOLEAN, loaded: BOOLEAN, customI18NKey: STRING },
    problems,
  );
  const page: Page = { ...(rest as unknown as Page), id, ...identity(raw, id, problems) };
  delete page.readProblem;
  const visibility = readPageVisibility(raw.visibility, problems);
  if (visibility) page.visibility = visibility;
  if (
    raw.relatedBlocks !== undefined &&
    !(isObject(raw.relatedBlocks) && (raw.relatedBlocks.modal === undefined || typeof raw.relatedBlocks.modal === 'string'))
  ) {
    problems.push('relatedBlocks is not { modal: id }');
    delete page.relatedBlocks;
  }
  const layout = readLayout(raw, problems);
  if (layout) Object.assign(page, layout);
  else Object.assign(page, { children: [], positions: {}, readProblem: corrupt(problems.join('; ')) });
  return { item: page, problems };
}

function readBlockVisibility(raw: unknown, problems: string[]): BlockVisibility | undefined {
  if (raw === undefined) return undefined;
  const booleans = ['advanced', 'visibleOnDesktop', 'visibleOnMobile', 'visibleOnUsersOwnProfile', 'visibleOnOtherUsersProfiles'];
  const ok = isObject(raw) && booleans.every((k) => raw[k] === undefined || typeof raw[k] === 'boolean') && (raw.rules === undefined || isRuleGroup(raw.rules));
  if (ok) return raw as BlockVisibility;
  problems.push('visibility cannot be read: the block is shown to admins only');
  return { advanced: true, rules: ADMINS_ONLY_RULE };
}

export function readStoredBlock(raw: unknown, id: Id): ReadItem<Block> {
  const problems: string[] = [];
  if (!isObject(raw)) {
    problems.push('the stored block is not an object');
    return { item: { id, type: '', children: [], positions: {}, readProblem: corrupt(problems[0]) }, problems };
  }
  const rest = dropWrongTypes(
    raw,
    {
      name: STRING,
      slug: STRING,
      entityId: STRING,
      pageId: STRING,
      parsedTemplate: STRING,
      tabStyle: STRING,
      tabPortalLocation: STRING,
      profileLink: BOOLEAN,
      showTitle: BOOLEAN,
      demoMode: BOOLEAN,
      requiresAgreeing: BOOLEAN,
      showOnce: BOOLEAN,
      noAutoOpen: BOOLEAN,
      templateOptions: OBJECT,
      content: OBJECT,
      meta: OBJECT,
      modalProps: OBJECT,
      columns: (v) => Array.isArray(v) && v.every(NUMBER),
    },
    problems,
  );
  const block = { ...(rest as unknown as Block), id };
  delete block.readProblem;
  // A damaged deletion mark reads as deleted: the block stays out of sight until an admin reverts or re-adds it.
  if (raw.wasDeleted !== undefined && typeof raw.wasDeleted !== 'boolean') {
    problems.push('wasDeleted is not a boolean');
    block.wasDeleted = true;
  }
  const visibility = readBlockVisibility(raw.visibility, problems);
  if (visibility) block.visibility = visibility;
  if (
    raw.relatedBlocks !== undefined &&
    !(isObject(raw.relatedBlocks) && (raw.relatedBlocks.display === undefined || isStringArray(raw.relatedBlocks.display)))
  ) {
    problems.push('relatedBlocks is not { display: ids }');
    delete block.relatedBlocks;
  }
  // What the block is and holds: without these it cannot render, so it shows as a block state.
  const unreadable: string[] = [];
  if (typeof raw.type !== 'string' || !raw.type) unreadable.push('type is missing or not a string');
  if (raw.options !== undefined && !isObject(raw.options)) unreadable.push('options is not an object');
  if (raw.fields !== undefined && !isStringArray(raw.fields)) unreadable.push('fields is not a list of ids');
  const layout = readLayout(raw, unreadable);
  problems.push(...unreadable);
  if (typeof raw.type !== 'string') block.type = '';
  if (layout) Object.assign(block, layout);
  else Object.assign(block, { children: [], positions: {} });
  if (unreadable.length) {
    if (raw.options !== undefined && !isObject(raw.options)) delete block.options;
    if (raw.fields !== undefined && !isStringArray(raw.fields)) delete block.fields;
    block.readProblem = corrupt(unreadable.join('; '));
  }
  return { item: block, problems };
}

export function readStoredModule(raw: unknown, id: Id): ReadItem<Module> {
  const problems: string[] = [];
  if (!isObject(raw)) {
    problems.push('the stored module is not an object');
    return { item: { id, slug: fallbackSlug(id), name: id, childIds: [] }, problems };
  }
  const rest = dropWrongTypes(
    raw,
    {
      defaultPage: STRING,
      hideFromNav: BOOLEAN,
      hideSubNav: BOOLEAN,
      isAbstract: BOOLEAN,
      archived: BOOLEAN,
      showTargetValueAsTitle: STRING,
      customI18NKey: STRING,
      titleValue: STRING,
    },
    problems,
  );
  const module: Module = { ...(rest as unknown as Module), id, ...identity(raw, id, problems) };
  if (raw.childIds !== undefined && !isStringArray(raw.childIds)) {
    // Pages the module lists cannot be known: none are shown through it (they stay stored).
    problems.push('childIds is not a list of ids');
    module.childIds = [];
  }
  return { item: module, problems };
}

export function readStoredField(raw: unknown, id: Id): ReadItem<Field> {
  const problems: string[] = [];
  if (!isObject(raw)) {
    problems.push('the stored field is not an object');
    return { item: { id, type: '' }, problems };
  }
  const rest = dropWrongTypes(
    raw,
    {
      key: STRING,
      name: STRING,
      label: STRING,
      labelKey: STRING,
      placeholder: STRING,
      schema: STRING,
      validation: OBJECT,
      skipValidation: BOOLEAN,
      opts: OBJECT,
      rules: isRuleGroup,
      options: (v) => Array.isArray(v) && v.every((o) => isObject(o) && typeof o.label === 'string'),
      tags: isStringArray,
      childIds: isStringArray,
    },
    problems,
  );
  const field = { ...(rest as unknown as Field), id };
  if (typeof raw.type !== 'string') {
    problems.push('type is missing or not a string');
    field.type = '';
  }
  return { item: field, problems };
}
