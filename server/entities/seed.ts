/**
 * The demo's entities (issue 33, deliverable 6): three definitions, "Workshops" (groups with the
 * membership and join power-ups), "Events" (upcoming, dates relative to the seed) and "Jobs", each
 * entity with a place so the map shows it; the "Design Sprint" workshop has the memberships
 * permission type with two membership types (Participant, Mentor), each with its own entity list
 * and landing page, so the space sends each member to her type's page. A "Spaces" module holds
 * the entity pages (overview, the members-only pages, event and job pages) and a normal page
 * with the search, the map and cards, so members find them from the menu. Idempotent: the
 * structure is written only when its module is missing, rows only when absent.
 */
import type { Block, EntityDefinition, EntityFieldDefinition, Module, Page, PowerUp, Settings } from '../../schemas/model';
import type { Entity, JsonObject } from '../../schemas/model';
import { CURRENT_PAGE_SCHEMA_VERSION } from '../../engine/core/model/migrations';
import type { AppContext } from '../context';
import type { Account } from '../model';
import { DEMO_MEDIA } from '../files/demo-media';
import { listById, moveMembership, newList, putList } from '../lists';
import { demoBlockOptions } from '../communications/seed';
import { entitiesDb } from './records';
import type { EntitiesTable } from './tables';
import { columnsOf, entitySearch, searchText } from './writes';

const DAY = 86_400_000;
export const SPACES_MODULE = 'spaces';

/** Ids the tests, the bench and the e2e name. */
export const DEMO_ENTITIES = {
  workshops: 'demo-def-workshops',
  events: 'demo-def-events',
  jobs: 'demo-def-jobs',
  designSprint: 'demo-design-sprint',
  woodturning: 'demo-woodturning',
  repairCafe: 'demo-repair-cafe',
  participants: 'demo-sprint-participants',
  mentors: 'demo-sprint-mentors',
  woodturners: 'demo-woodturning-members',
  repairers: 'demo-repair-cafe-members',
  pages: {
    find: 'spaces-find',
    overview: 'space-overview',
    members: 'space-members',
    mentors: 'space-mentors',
    event: 'space-event',
    job: 'space-job',
  },
} as const;

const P = DEMO_ENTITIES.pages;

interface DemoBlockSpec {
  id: string;
  type: string;
  options: Record<string, unknown>;
}

interface DemoPageSpec {
  id: string;
  slug: string;
  name: string;
  type: 'entity' | 'other';
  blocks: DemoBlockSpec[];
}

/** The module and its pages (exported for the demo's content texts: tests/helpers/demo-texts.ts). */
export const DEMO_SPACES_MODULE = { id: SPACES_MODULE, slug: 'spaces', name: 'Spaces', defaultPage: P.find };

export const DEMO_SPACE_STRUCTURE: DemoPageSpec[] = [
  {
    id: P.find,
    slug: 'find',
    name: 'Workshops, events and jobs',
    type: 'other',
    blocks: [
      {
        id: 'spaces-search',
        type: 'entitySearch',
        options: { title: 'Find a workshop', placeholder: 'Workshop, event or job', emptyText: 'Nothing matches your search.' },
      },
      { id: 'spaces-map', type: 'entityMap', options: { center: { lat: 51.5, lng: -0.12 }, zoom: 11, radiusKm: 30, locationField: 'place' } },
      { id: 'spaces-next-event', type: 'eventCard', options: { entityId: 'demo-event-open-evening' } },
      { id: 'spaces-job', type: 'jobCard', options: { entityId: 'demo-job-technician' } },
    ],
  },
  {
    id: P.overview,
    slug: 'overview',
    name: 'Overview',
    type: 'entity',
    blocks: [
      { id: 'space-hero', type: 'entityHero', options: { subtitleField: 'summary' } },
      { id: 'space-details', type: 'entityOverview', options: { fields: ['summary', 'level'] } },
      { id: 'space-join', type: 'entityJoin', options: { joinLabel: 'Join', leaveLabel: 'Leave', fullText: 'This workshop is full.' } },
      { id: 'space-join-boxes', type: 'entityJoinBoxes', options: { columns: 2, applyLabel: 'Apply' } },
    ],
  },
  {
    id: P.members,
    slug: 'members',
    name: 'Participants',
    type: 'entity',
    blocks: [
      { id: 'space-members-hero', type: 'entityHero', options: { subtitleField: 'summary', coverHeight: 200 } },
      { id: 'space-members-details', type: 'entityOverview', options: { fields: ['level'] } },
    ],
  },
  {
    id: P.mentors,
    slug: 'mentors',
    name: 'Mentors',
    type: 'entity',
    blocks: [{ id: 'space-mentors-hero', type: 'entityHero', options: { subtitleField: 'summary', coverHeight: 200 } }],
  },
  { id: P.event, slug: 'event', name: 'Event', type: 'entity', blocks: [{ id: 'space-event-overview', type: 'eventOverview', options: { showMap: true } }] },
  { id: P.job, slug: 'job', name: 'Job', type: 'entity', blocks: [{ id: 'space-job-overview', type: 'jobOverview', options: {} }] },
];

const field = (id: string, key: string, label: string, type: string, more: Partial<EntityFieldDefinition> = {}): EntityFieldDefinition => ({
  id,
  key,
  label,
  type,
  ...more,
});

/** The demo's definitions (exported for the demo's content texts: tests/helpers/demo-texts.ts). */
export const DEMO_DEFINITIONS: EntityDefinition[] = [
  {
    id: DEMO_ENTITIES.workshops,
    name: 'Workshops',
    slug: 'workshop-spaces',
    description: 'Hands-on groups that meet at the workshop.',
    conceptType: 'group',
    fields: [
      field('ws-summary', 'summary', 'Summary', 'textarea', { searchable: true }),
      field('ws-level', 'level', 'Level', 'options', {
        filterable: true,
        options: [
          { value: 'beginner', label: 'Beginner' },
          { value: 'intermediate', label: 'Intermediate' },
          { value: 'advanced', label: 'Advanced' },
        ],
      }),
      field('ws-cover', 'cover', 'Cover image', 'imageUploader'),
      field('ws-place', 'place', 'Place', 'geoLocation'),
    ],
    powerUps: ['membership', 'join', 'addToFavorites', 'socialShare', 'contact'],
    settings: {
      location: { module: SPACES_MODULE, page: 'overview' },
      imageField: 'cover',
      locationField: 'place',
      notificationsForEntities: ['entityUpdated', 'entityDeleted'],
    },
  },
  {
    id: DEMO_ENTITIES.events,
    name: 'Events',
    slug: 'community-events',
    description: 'Open evenings, talks and repair days.',
    conceptType: 'event',
    fields: [field('ev-summary', 'summary', 'Summary', 'textarea', { searchable: true }), field('ev-place', 'place', 'Place', 'geoLocation')],
    powerUps: ['durations', 'contact', 'addToFavorites', 'socialShare'],
    settings: { location: { module: SPACES_MODULE, page: 'event' }, locationField: 'place' },
  },
  {
    id: DEMO_ENTITIES.jobs,
    name: 'Jobs',
    slug: 'job-board',
    description: 'Paid and volunteer roles around the workshop.',
    conceptType: 'job',
    fields: [
      field('job-employer', 'employer', 'Employer', 'text', { searchable: true }),
      field('job-salary', 'salary', 'Salary', 'text'),
      field('job-closing', 'closingDate', 'Closing date', 'date'),
      field('job-apply', 'applyUrl', 'Apply URL', 'text'),
      field('job-summary', 'summary', 'Summary', 'textarea', { searchable: true }),
      field('job-place', 'place', 'Place', 'geoLocation'),
    ],
    powerUps: ['durations', 'contact', 'addToFavorites', 'socialShare'],
    settings: { location: { module: SPACES_MODULE, page: 'job' }, locationField: 'place' },
  },
];

const place = (lat: number, lng: number, label: string) => ({ lat, lng, label });
const iso = (at: number) => new Date(at).toISOString();

/** The demo's entities, dates counted from `now`. */
function demoEntities(now: number): Entity[] {
  const at = (days: number, hour: number) => {
    const d = new Date(now + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d.getTime();
  };
  const contact = { name: 'Riverside Makers', email: 'hello@riverside-makers.example', website: 'https://riverside-makers.example' };
  const workshop = (id: string, slug: string, title: string, data: JsonObject, rest: Partial<Entity>): Entity => ({
    id,
    slug,
    title,
    definition: DEMO_ENTITIES.workshops,
    powerUps: ['membership', 'join', 'addToFavorites', 'socialShare', 'contact'] as PowerUp[],
    pagePermissions: [P.overview],
    permissionType: 'default',
    location: { module: SPACES_MODULE, page: 'overview' },
    data,
    ...rest,
    powerUpData: { contact, ...rest.powerUpData },
  });
  return [
    workshop(
      DEMO_ENTITIES.designSprint,
      'design-sprint',
      'Design Sprint',
      {
        summary: 'Five evenings from an idea to a tested prototype.',
        level: 'intermediate',
        cover: DEMO_MEDIA.pictures.electronics,
        place: place(51.5226, -0.0784, 'Canal Yard, Unit 4'),
      },
      {
        permissionType: 'memberships',
        powerUpData: {
          membership: {
            membershipType: [
              {
                id: 'participant',
                label: 'Participant',
                description: 'Take part in the five evenings and build a prototype.',
                primaryUserList: { value: DEMO_ENTITIES.participants },
                landingPage: { value: P.members },
                pages: { value: [P.members] },
              },
              {
                id: 'mentor',
                label: 'Mentor',
                description: 'Guide a team with your experience.',
                primaryUserList: { value: DEMO_ENTITIES.mentors },
                landingPage: { value: P.mentors },
                pages: { value: [P.mentors, P.members] },
              },
            ],
          },
          join: { membershipTypeId: 'participant' },
        },
      },
    ),
    workshop(
      DEMO_ENTITIES.woodturning,
      'woodturning-basics',
      'Woodturning Basics',
      {
        summary: 'Your first turned bowl, safely.',
        level: 'beginner',
        cover: DEMO_MEDIA.pictures.woodwork,
        place: place(51.5342, -0.1053, 'Islington Wood Shop'),
      },
      { powerUpData: { join: { userListId: DEMO_ENTITIES.woodturners } } },
    ),
    workshop(
      DEMO_ENTITIES.repairCafe,
      'repair-cafe',
      'Repair Café',
      {
        summary: 'Bring something broken, leave with it mended.',
        level: 'beginner',
        cover: DEMO_MEDIA.pictures.textiles,
        place: place(51.4613, -0.1156, 'Brixton Library'),
      },
      { powerUpData: { join: { userListId: DEMO_ENTITIES.repairers, approval: true } } },
    ),
    ...[
      [
        'demo-event-open-evening',
        'open-evening',
        'Open evening',
        'Tour the workshop and meet the makers.',
        3,
        18,
        place(51.5226, -0.0784, 'Canal Yard, Unit 4'),
      ],
      ['demo-event-repair-day', 'repair-day', 'Repair day', 'Menders at every bench, all afternoon.', 10, 13, place(51.4613, -0.1156, 'Brixton Library')],
      [
        'demo-event-laser-talk',
        'laser-cutting-talk',
        'Laser cutting: a short talk',
        'What the new laser cutter can and cannot do.',
        17,
        19,
        place(51.5342, -0.1053, 'Islington Wood Shop'),
      ],
    ].map(([id, slug, title, summary, days, hour, where]): Entity => ({
      id: id as string,
      slug: slug as string,
      title: title as string,
      definition: DEMO_ENTITIES.events,
      powerUps: ['durations', 'contact', 'addToFavorites', 'socialShare'],
      powerUpData: { durations: { start: iso(at(days as number, hour as number)), end: iso(at(days as number, (hour as number) + 2)) }, contact },
      pagePermissions: [P.event],
      permissionType: 'default',
      location: { module: SPACES_MODULE, page: 'event' },
      data: { summary, place: where },
    })),
    ...[
      [
        'demo-job-technician',
        'workshop-technician',
        'Workshop technician',
        'Riverside Makers',
        '£28,000 a year',
        21,
        'Keep the machines running and teach inductions.',
        place(51.5226, -0.0784, 'Canal Yard, Unit 4'),
      ],
      [
        'demo-job-coordinator',
        'volunteer-coordinator',
        'Volunteer coordinator',
        'Brixton Repair Network',
        '£14 an hour, part time',
        30,
        'Plan the repair days with the volunteers.',
        place(51.4613, -0.1156, 'Brixton Library'),
      ],
    ].map(([id, slug, title, employer, salary, days, summary, where]): Entity => ({
      id: id as string,
      slug: slug as string,
      title: title as string,
      definition: DEMO_ENTITIES.jobs,
      powerUps: ['durations', 'contact', 'addToFavorites', 'socialShare'],
      powerUpData: { durations: { start: iso(now), end: iso(at(days as number, 17)) }, contact },
      pagePermissions: [P.job],
      permissionType: 'default',
      location: { module: SPACES_MODULE, page: 'job' },
      data: {
        employer,
        salary,
        closingDate: iso(at(days as number, 17)).slice(0, 10),
        applyUrl: 'https://riverside-makers.example/jobs',
        summary,
        place: where,
      },
    })),
  ];
}

/** A demo block, checked against its schema as the demo's are. */
function block(ctx: AppContext, spec: DemoBlockSpec, pageId: string): Block & { pageId: string } {
  const options = demoBlockOptions(ctx.registry.blocks[spec.type]?.options, spec.options);
  ctx.validator.blockOptions(spec.type, options, `demo block "${spec.id}"`);
  return { id: spec.id, type: spec.type, options, pageId, children: [], positions: {} } as unknown as Block & { pageId: string };
}

async function seedStructure(ctx: AppContext): Promise<void> {
  if (await ctx.store.get('module', SPACES_MODULE)) return;
  const blocks = DEMO_SPACE_STRUCTURE.flatMap((page) => page.blocks.map((b) => block(ctx, b, page.id)));
  const pages = DEMO_SPACE_STRUCTURE.map((page): Page => {
    const ids = page.blocks.map((b) => b.id);
    return { id: page.id, slug: page.slug, name: page.name, type: page.type, moduleId: SPACES_MODULE, children: ids, positions: { 'col-0': ids } } as Page;
  });
  const module: Module = { ...DEMO_SPACES_MODULE, childIds: pages.map((p) => p.id) } as Module;
  await ctx.store.transaction(async (tx) => {
    for (const page of pages) await tx.put('page', page.id, page, { schemaVersion: CURRENT_PAGE_SCHEMA_VERSION });
    for (const b of blocks) await tx.put('block', b.id, b);
    await tx.put('module', SPACES_MODULE, module);
    // In the menu after People (before the templates' module), where the order names the modules.
    const settings = (await tx.get<Settings>('settings', 'app'))?.data;
    const order = settings?.structure?.orders?.modules?.order;
    if (settings && order && !order.includes(SPACES_MODULE)) {
      const at = order.includes('people') ? order.indexOf('people') + 1 : order.length;
      const next = [...order.slice(0, at), SPACES_MODULE, ...order.slice(at)];
      await tx.put('settings', 'app', {
        ...settings,
        structure: { ...settings.structure, orders: { ...settings.structure!.orders, modules: { ...settings.structure!.orders!.modules, order: next } } },
      });
    }
  });
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/** The entity's row, its derived columns (the map's place, the events' start) from the entity and its definition. */
function entityRow(entity: Entity, definition: EntityDefinition, now: number): EntitiesTable {
  return {
    id: entity.id,
    definition_id: definition.id,
    slug: entity.slug!,
    title: entity.title,
    data: json(entity.data ?? {}),
    power_ups: json(entity.powerUps ?? []),
    power_up_data: json(entity.powerUpData ?? {}),
    page_permissions: json(entity.pagePermissions ?? []),
    default_permission: null,
    permission_type: entity.permissionType ?? 'default',
    location: json(entity.location ?? {}),
    context: '{}',
    starts_at: null,
    lat: null,
    lng: null,
    created_by: 'admin',
    created: now,
    updated: now,
    // The derived columns (place, start) as the domain's writes derive them.
    ...columnsOf(entity, definition),
  };
}

/** Accepted demo memberships: [account, list, entity, membership type]. */
const MEMBERS: [string, string, string, string | undefined][] = [
  ['rosa', DEMO_ENTITIES.participants, DEMO_ENTITIES.designSprint, 'participant'],
  ['quentin', DEMO_ENTITIES.mentors, DEMO_ENTITIES.designSprint, 'mentor'],
  ['rosa', DEMO_ENTITIES.woodturners, DEMO_ENTITIES.woodturning, undefined],
];

export async function seedEntities(ctx: AppContext): Promise<void> {
  await seedStructure(ctx);
  const now = Date.now();
  const accounts = new Set((await ctx.store.list<Account>('account')).map((d) => d.data.accountId));
  const lists = [
    newList(DEMO_ENTITIES.participants, { label: 'Design Sprint participants', type: 'entity', entityId: DEMO_ENTITIES.designSprint, capacity: 20 }, now),
    newList(DEMO_ENTITIES.mentors, { label: 'Design Sprint mentors', type: 'entity', entityId: DEMO_ENTITIES.designSprint, capacity: 5 }, now),
    newList(DEMO_ENTITIES.woodturners, { label: 'Woodturning Basics members', type: 'entity', entityId: DEMO_ENTITIES.woodturning, capacity: 12 }, now),
    newList(DEMO_ENTITIES.repairers, { label: 'Repair Café volunteers', type: 'entity', entityId: DEMO_ENTITIES.repairCafe }, now),
  ];
  await ctx.store.transaction(async (tx) => {
    const db = entitiesDb(tx.raw);
    for (const definition of DEMO_DEFINITIONS) {
      if (await db.selectFrom('entity_definitions').select('id').where('id', '=', definition.id).executeTakeFirst()) continue;
      await db
        .insertInto('entity_definitions')
        .values({
          id: definition.id,
          slug: definition.slug,
          name: definition.name,
          description: definition.description ?? null,
          concept_type: definition.conceptType,
          fields: json(definition.fields),
          power_ups: json(definition.powerUps),
          settings: json(definition.settings),
          created: now,
          updated: now,
        })
        .execute();
    }
    const byId = new Map(DEMO_DEFINITIONS.map((d) => [d.id, d]));
    for (const entity of demoEntities(now)) {
      if (await db.selectFrom('entities').select('id').where('id', '=', entity.id).executeTakeFirst()) continue;
      const definition = byId.get(entity.definition!)!;
      await db
        .insertInto('entities')
        .values(entityRow(entity, definition, now))
        .execute();
      await entitySearch(ctx.engine).put(tx.raw, entity.id, searchText(entity, definition));
    }
    for (const list of lists) if (!(await listById(tx.raw, list.id))) await putList(tx.raw, list);
    for (const [accountId, listId, entityId, membershipTypeId] of MEMBERS) {
      if (!accounts.has(accountId)) continue;
      await moveMembership(ctx, tx, { listId, accountId, to: 'accepted', actor: 'admin', entityId, ...(membershipTypeId ? { membershipTypeId } : {}) });
    }
  });
}
