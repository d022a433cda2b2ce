/**
 * The registry catalogue against the specification: every block type, field type, validation rule
 * and rule-query operator the spec names has an entry, and field types accept exactly the rules of
 * spec core 5.1. The lists below are written out from the spec text on purpose, so a missing or
 * renamed entry fails here instead of silently disappearing from the block picker.
 */
import { describe, it, expect } from 'vitest';
import { loadRegistry } from '../../registry/loader';
import type { BlockCategory } from '../../schemas/model';

const registry = loadRegistry();

/** Names in `wanted` that have no entry in `have`, so a failure lists exactly what is missing. */
function missing(wanted: readonly string[], have: Record<string, unknown>): string[] {
  return wanted.filter((name) => !(name in have));
}

// ---------------------------------------------------------------------------------------------
// Block types
// ---------------------------------------------------------------------------------------------

/** core-platform section 3, "Block types": every name the list spells out. */
const CORE_BLOCK_TYPES = [
  'inviteToPlatform',
  'application',
  'basicForm',
  'plainText',
  'htmlBlock',
  'handlebars',
  'iFrame',
  'ticketingWidget',
  'orderList',
  'userAssetList',
  'customScript',
  'userSearch',
  'entitySearch',
  'currentUserOverview',
  'relationships',
  'profileHero',
  'socialMediaLinks',
  'entityHero',
  'entityOverview',
  'entityJoin',
  'entityJoinBoxes',
  'entityApplication',
  'entityMap',
  'userMap',
  'parent',
  'card',
  'tabs',
  'stepper',
  'carousel',
  'columns',
  'portal',
  'container',
  'masonry',
  'modal',
  'modalChain',
  'cardWall',
  'discussionThreads',
  'createUserPost',
  'userPost',
  'miniUsers',
  'messages',
  'uploadFile',
  'downloadFile',
  'viewFiles',
  'dismissible',
  'actionButton',
  'clickable',
  'qrCode',
  'notificationCenter',
  'linkedInAutoFill',
  'stripeSubscriptionTable',
] as const;

/** community-admin section 3, "Block kinds in this domain". */
const COMMUNITY_BLOCK_TYPES = [
  'cardWall',
  'discussionThreads',
  'createUserPost',
  'userPost',
  'messages',
  'notificationCenter',
  'ticketingWidget',
  'orderList',
  'userAssetList',
  'miniUsers',
] as const;

/**
 * The spec's unnamed groups ("many headless search blocks", "event and job card and overview blocks",
 * "favourite blocks", "several programme blocks", and the dashboard category with its Statistic
 * entity and activity feed) under the names the registry gives them, with the category each belongs to.
 */
const GROUPS: Record<string, { category?: BlockCategory; types: readonly string[] }> = {
  headlessSearch: {
    category: 'headlessSearch',
    types: [
      'headlessSearchInput',
      'headlessSearchFilters',
      'headlessSearchResults',
      'headlessSearchResultCount',
      'headlessSearchSort',
      'headlessSearchPagination',
    ],
  },
  events: { category: 'events', types: ['eventCard', 'eventOverview'] },
  jobs: { category: 'jobs', types: ['jobCard', 'jobOverview'] },
  dashboard: { category: 'dashboard', types: ['statistics', 'activityFeed'] },
  tickets: { category: 'tickets', types: ['ticketingWidget', 'orderList', 'userAssetList'] },
  favourites: { types: ['favouriteButton', 'favouritesList'] },
};

/** "Several programme blocks are removed and show 'This component has been removed.'" */
const REMOVED_PROGRAMME_BLOCKS = ['programmeSchedule', 'programmeSessions', 'programmeSpeakers'] as const;

/** core-platform section 3, "Block categories". */
const CATEGORIES: BlockCategory[] = [
  'user',
  'form',
  'display',
  'entity',
  'structure',
  'interaction',
  'headlessSearch',
  'events',
  'jobs',
  'dashboard',
  'tickets',
];

/** core-platform 2.6, lazy-loaded sections: the block types that belong to each. */
const LAZY_SECTIONS: Record<string, string> = {
  ticketingWidget: 'ticketing',
  orderList: 'orderList',
  userAssetList: 'userAssetList',
  programmeSchedule: 'programme',
  programmeSessions: 'programme',
  programmeSpeakers: 'programme',
  ...Object.fromEntries(GROUPS.headlessSearch.types.map((t) => [t, 'search'])),
};

describe('block type catalogue (core 3, community 3)', () => {
  it('has every block type named in core-platform section 3', () => {
    expect(missing(CORE_BLOCK_TYPES, registry.blocks)).toEqual([]);
  });

  it('has every block kind named in community-admin section 3', () => {
    expect(missing(COMMUNITY_BLOCK_TYPES, registry.blocks)).toEqual([]);
  });

  it.each(Object.entries(GROUPS))('has the %s blocks, in their category', (_group, { category, types }) => {
    expect(missing(types, registry.blocks)).toEqual([]);
    if (category) {
      const wrong = types.filter((t) => registry.blocks[t] && registry.blocks[t].category !== category);
      expect(wrong, `expected category "${category}"`).toEqual([]);
    }
  });

  it('has at least one block type in each of the 11 categories', () => {
    expect(CATEGORIES).toHaveLength(11);
    const used = new Set(Object.values(registry.blocks).map((b) => b.category));
    expect(CATEGORIES.filter((c) => !used.has(c))).toEqual([]);
  });

  it('marks the programme blocks, and only them, as removed', () => {
    expect(missing(REMOVED_PROGRAMME_BLOCKS, registry.blocks)).toEqual([]);
    const removed = Object.values(registry.blocks)
      .filter((b) => b.status === 'removed')
      .map((b) => b.type)
      .sort();
    expect(removed).toEqual([...REMOVED_PROGRAMME_BLOCKS].sort());
  });

  it.each(Object.entries(LAZY_SECTIONS))('puts %s in the lazily loaded "%s" section', (type, section) => {
    expect(registry.blocks[type], `no block type "${type}"`).toBeDefined();
    expect(registry.blocks[type].section).toBe(section);
  });

  it('never lists a power-up as both required and optional', () => {
    const both = Object.values(registry.blocks)
      .filter((b) => b.powerUps.required.some((p) => b.powerUps.optional.includes(p)))
      .map((b) => b.type);
    expect(both).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Field types
// ---------------------------------------------------------------------------------------------

/** core-platform section 3, "Field types". */
const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'checkbox',
  'radio',
  'rating',
  'toggle',
  'options',
  'date',
  'year',
  'files',
  'repeater',
  'geoLocation',
  'imageUploader',
  'heading',
  'paragraph',
  'conditional',
  'wysiwyg',
  'tags',
  'csv',
  'group',
  'structureSelector',
  'i18n',
  'dataSchemaSelector',
  'colorPicker',
  'icon',
  'membershipTags',
] as const;

describe('field type catalogue (core 3)', () => {
  it('has every field type named in core-platform section 3', () => {
    expect(missing(FIELD_TYPES, registry.fields)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Validation rules
// ---------------------------------------------------------------------------------------------

/** Rules named in core 5.1 (the rule-set table) and 5.2 (their meanings). */
const DOCUMENTED_RULES = [
  'required',
  'numeric',
  'email',
  'min',
  'max',
  'url',
  'slug_valid',
  'feed_valid',
  'isLink',
  'handlebars',
  'handlebarsOrURL',
  'min_custom',
  'max_custom',
  'between',
  'date_after',
  'date_before',
  'notification_ownership',
  'file_types',
  'size',
  'uniqueness',
  'slug',
  'entity_title',
  'options_required',
  'applicationTargetMatchesList',
  'filterDuplicatesByKey',
  'maxHtml',
  'email_extended',
  'customRatio',
  'maxFileSize',
  'languageTags',
] as const;

/** core 5.2, "Rule message keys exist for": those not already in the list above. */
const MESSAGE_KEY_RULES = [
  'after',
  'afterOrEqual',
  'before',
  'beforeOrEqual',
  'alpha',
  'alpha_dash',
  'alpha_num',
  'alpha_spaces',
  'confirmed',
  'credit_card',
  'date_between',
  'date_format',
  'decimal',
  'digits',
  'dimensions',
  'ext',
  'excluded',
  'image',
  'in',
  'ip',
  'max_value',
  'mimes',
  'min_value',
  'not_in',
  'regex',
] as const;

describe('validation rule catalogue (core 5.1, 5.2)', () => {
  it('has every rule of the rule sets and rule meanings', () => {
    expect(missing(DOCUMENTED_RULES, registry.rules)).toEqual([]);
  });

  it('has every rule that has a message key', () => {
    expect(missing(MESSAGE_KEY_RULES, registry.rules)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Rule-query operators
// ---------------------------------------------------------------------------------------------

/** core 5.2 "Rule-query operators" and community 5 "Operators include", by operator id. */
const OPERATORS = [
  'isTrue',
  'isFalse',
  'equals',
  'notEquals',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
  'contains',
  'beginsWith',
  'endsWith',
  'isEmpty',
  'numberIsEmpty',
  'hasBeenUploaded',
  'isToggled',
  'between',
  'notBetween',
  'inListAllSelected',
  'inListSomeSelected',
  'notInList',
  'isMember',
  'hasNeverHadMembership',
  'isMemberOfTag',
  'isInStateOfTag',
] as const;

describe('rule-query operator catalogue (core 5.2)', () => {
  it('has every operator of the rule-query builder', () => {
    expect(missing(OPERATORS, registry.operators)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Rule sets by field type
// ---------------------------------------------------------------------------------------------

const TEXT_RULES = ['required', 'numeric', 'email', 'min', 'max', 'url', 'slug_valid', 'feed_valid', 'isLink', 'handlebars', 'handlebarsOrURL'];
const DEFAULT_RULES = ['required'];

/**
 * core 5.1, row by row. Types the table leaves out take the "default" row, except where a
 * documented rule belongs to that type (maxHtml, languageTags, customRatio, maxFileSize).
 * heading and paragraph are display-only: they hold no value, so no rule (not even required)
 * could ever be met; they accept none. conditional and group hold only child fields, likewise.
 */
const RULE_SETS: Record<string, string[]> = {
  date: ['required', 'date_after', 'date_before'],
  year: ['required', 'min_custom', 'max_custom'],
  text: TEXT_RULES,
  textarea: TEXT_RULES.filter((r) => r !== 'isLink' && r !== 'handlebars' && r !== 'handlebarsOrURL'),
  number: ['required', 'min_custom', 'max_custom', 'between'],
  toggle: ['required'],
  checkbox: ['required', 'min_custom', 'max_custom'],
  options: ['required', 'notification_ownership'],
  files: ['file_types', 'size'],
  repeater: [],
  geoLocation: [],
  wysiwyg: [...DEFAULT_RULES, 'maxHtml'],
  i18n: [...DEFAULT_RULES, 'languageTags'],
  imageUploader: [...DEFAULT_RULES, 'customRatio', 'maxFileSize'],
  heading: [],
  paragraph: [],
  // Containers hold no value of their own: their children carry the rules.
  conditional: [],
  group: [],
};
const DISPLAY_ONLY = ['heading', 'paragraph'];

const expectedRules = (type: string): string[] => [...(RULE_SETS[type] ?? DEFAULT_RULES)].sort();

describe('rule sets by field type (core 5.1)', () => {
  it('spells textarea as text without isLink and the two handlebars rules', () => {
    expect(RULE_SETS.textarea).toEqual(['required', 'numeric', 'email', 'min', 'max', 'url', 'slug_valid', 'feed_valid']);
  });

  it.each(FIELD_TYPES.map((t) => [t, expectedRules(t).join(', ') || 'none']))('%s accepts exactly: %s', (type) => {
    const entry = registry.fields[type];
    expect(entry, `no field type "${type}"`).toBeDefined();
    expect([...entry.rules].sort()).toEqual(expectedRules(type));
  });

  it.each(DISPLAY_ONLY)('%s is display-only', (type) => {
    expect(registry.fields[type], `no field type "${type}"`).toBeDefined();
    expect(registry.fields[type].displayOnly).toBe(true);
  });
});
