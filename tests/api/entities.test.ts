/**
 * Entities, entity definitions and the structure lookups (schemas/model/api/entities.ts; core
 * §2.2, §3, §5.2; community §3, §5, §6, §7, §8) on SQLite and PostgreSQL, one server per half:
 * every call but the space and join routes; the slug rules; who may create and change entities
 * and definitions (403 naming the permission, nothing changed); the duplicate-by-key 409 naming
 * the field; notification ownership; bad input refused; a corrupt row read tolerantly; the
 * entity room's events.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Entity, EntityDefinition } from '../../schemas/model';
import type { EntityDefinitionSearchResponse, EntitySearchResponse, EntityUpdatedEvent, PowerUpInfo } from '../../schemas/model/api/entities';
import type { DataSchema } from '../../schemas/model/structure';
import type { NotificationPageResponse } from '../../schemas/model/api/notifications';
import { entitiesDb } from '../../server/entities/records';
import { listsDb } from '../../server/lists/user-lists';
import { describeBackends } from '../helpers/backends';
import { emitAck, nextEvent, recordEvents, settle, socketFor } from '../helpers/sockets';

type Problem = { error: string; message: string; code?: string };

describeBackends('entities', (api) => {
  const tokens: Record<string, string> = {};
  let workshops: EntityDefinition;
  let jobs: EntityDefinition;
  let lathe: Entity;

  const as = <T = Record<string, unknown>>(who: string, method: string, path: string, body?: unknown) =>
    api.call<T & Problem>(method, path, { token: tokens[who], body });
  const ok = async <T>(who: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await as<T>(who, method, path, body);
    if (res.status >= 300) throw new Error(`${who} ${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  };
  const row = (id: string) => entitiesDb(api.server.ctx.store.kysely).selectFrom('entities').selectAll().where('id', '=', id).executeTakeFirst();
  const defRow = (id: string) => entitiesDb(api.server.ctx.store.kysely).selectFrom('entity_definitions').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    for (const n of ['admin', 'maya', 'victor', 'elena']) tokens[n] = await api.signIn(n);
    workshops = await ok<EntityDefinition>('admin', 'PUT', 'entityDefinitions', {
      name: 'Workshops',
      conceptType: 'group',
      fields: [
        { id: 'f-code', key: 'code', label: 'Code', type: 'text', unique: true },
        { id: 'f-summary', key: 'summary', label: 'Summary', type: 'textarea', searchable: true },
        {
          id: 'f-level',
          key: 'level',
          label: 'Level',
          type: 'options',
          filterable: true,
          options: [
            { value: 'beginner', label: 'Beginner' },
            { value: 'advanced', label: 'Advanced' },
          ],
        },
        { id: 'f-seats', key: 'seats', label: 'Seats', type: 'number' },
        { id: 'f-place', key: 'place', label: 'Place', type: 'geoLocation' },
      ],
      powerUps: ['durations', 'contact', 'membership', 'join', 'addToFavorites'],
      settings: { notificationsForEntities: ['entityUpdated', 'entityDeleted'], locationField: 'place' },
    });
    jobs = await ok<EntityDefinition>('admin', 'PUT', 'entityDefinitions', {
      name: 'Jobs',
      conceptType: 'job',
      fields: [{ id: 'f-pay', key: 'pay', label: 'Pay', type: 'text' }],
    });
    lathe = await ok<Entity>('admin', 'PUT', `entities/${workshops.id}`, {
      title: 'Wood lathe basics',
      data: { code: 'WL-1', summary: 'Turning bowls on the lathe', level: 'beginner', seats: 6, place: { lat: 51.5, lng: -0.12 } },
      powerUps: ['durations', 'membership', 'addToFavorites'],
    });
  });

  it('creates definitions with generated slugs; reads them by id, many, by concept type and by search (page 1, limit 10)', async () => {
    expect(workshops).toMatchObject({
      name: 'Workshops',
      slug: 'workshops',
      conceptType: 'group',
      powerUps: ['durations', 'contact', 'membership', 'join', 'addToFavorites'],
    });
    const again = await ok<EntityDefinition>('admin', 'PUT', 'entityDefinitions', { name: 'Workshops' });
    expect(again.slug).toBe('workshops-2');
    expect(await ok('maya', 'GET', `entityDefinitions/${workshops.id}`)).toEqual(workshops);
    expect(await ok('maya', 'GET', `entities/definition/${workshops.id}`)).toEqual(workshops);
    expect((await ok<EntityDefinition[]>('maya', 'GET', 'entityDefinitions')).map((d) => d.id)).toEqual(
      expect.arrayContaining([workshops.id, jobs.id, again.id]),
    );
    expect((await ok<EntityDefinition[]>('maya', 'POST', 'entityDefinitions/get', { ids: [jobs.id, 'nope', workshops.id] })).map((d) => d.id)).toEqual([
      jobs.id,
      workshops.id,
    ]);
    // The demo's job board is of concept type job too.
    const jobTypes = (await ok<EntityDefinition[]>('maya', 'GET', 'entityDefinitions/conceptTypes/job')).map((d) => d.id);
    expect(jobTypes).toContain(jobs.id);
    expect(jobTypes).not.toContain(workshops.id);
    expect((await as('maya', 'GET', 'entityDefinitions/conceptTypes/planet')).status).toBe(400);
    const found = await ok<EntityDefinitionSearchResponse>('maya', 'GET', 'entityDefinitions/search?q=works');
    expect(found).toMatchObject({ total: 3, page: 1, limit: 10 }); // both, and the demo's Workshops (server/entities/seed.ts)
    expect((await ok<EntityDefinitionSearchResponse>('maya', 'GET', 'entityDefinitions/search?limit=1&page=2')).items).toHaveLength(1);
    expect((await as('maya', 'GET', 'entityDefinitions/search?limit=1000')).status).toBe(400);
    expect((await as('maya', 'GET', 'entityDefinitions/nope')).status).toBe(404);
    expect((await ok<Response>('admin', 'DELETE', `entityDefinitions/${again.id}`, undefined)) ?? null).toBeDefined();
  });

  it('refuses a bad definition with "Error creating entity definition: <reason>"; a field key used twice is a 409 naming it', async () => {
    const bad = [
      { name: '' },
      { name: 'X', fields: [{ id: 'a', key: '1bad', label: 'Bad', type: 'text' }] },
      { name: 'X', fields: [{ id: 'a', key: 'ok', label: 'Ok', type: 'noSuchType' }] },
      {
        name: 'X',
        fields: [
          { id: 'a', key: 'k', label: 'A', type: 'text' },
          { id: 'b', key: 'k', label: 'B', type: 'text' },
        ],
      },
      { name: 'X', settings: { notificationsForEntities: ['somethingElse'] } },
      { name: 'X', slug: 'a/b' },
    ];
    for (const body of bad) {
      const res = await as('admin', 'PUT', 'entityDefinitions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(/^Error creating entity definition: /);
    }
    expect(
      (
        await as('admin', 'PUT', 'entityDefinitions', {
          name: 'X',
          fields: [
            { id: 'a', key: 'k', label: 'A', type: 'text' },
            { id: 'b', key: 'k', label: 'B', type: 'text' },
          ],
        })
      ).body.message,
    ).toContain('"k"');
    const clash = await as('admin', 'PUT', `entityDefinitions/${workshops.id}/field`, { id: 'f-new', key: 'code', label: 'Another code', type: 'text' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('"code"');
  });

  it('changes a definition: update, field put and delete, power-ups; deleting one with entities is a 409', async () => {
    const updated = await ok<EntityDefinition>('admin', 'POST', `entityDefinitions/${jobs.id}`, {
      description: 'Paid and volunteer roles',
      powerUps: ['durations'],
    });
    expect(updated).toMatchObject({ description: 'Paid and volunteer roles', powerUps: ['durations'] });
    const withField = await ok<EntityDefinition>('admin', 'PUT', `entityDefinitions/${jobs.id}/field`, {
      id: 'f-hours',
      key: 'hours',
      label: 'Hours',
      type: 'number',
    });
    expect(withField.fields.map((f) => f.key)).toEqual(['pay', 'hours']);
    const renamed = await ok<EntityDefinition>('admin', 'PUT', `entityDefinitions/${jobs.id}/field`, {
      id: 'f-hours',
      key: 'hoursPerWeek',
      label: 'Hours a week',
      type: 'number',
    });
    expect(renamed.fields.map((f) => f.key)).toEqual(['pay', 'hoursPerWeek']);
    expect((await ok<EntityDefinition>('admin', 'DELETE', `entityDefinitions/${jobs.id}/field/f-hours`)).fields.map((f) => f.key)).toEqual(['pay']);
    expect((await as('admin', 'DELETE', `entityDefinitions/${jobs.id}/field/f-nope`)).status).toBe(404);
    expect(
      (await ok<EntityDefinition>('admin', 'POST', `entityDefinitions/${jobs.id}/powerUps`, { add: ['contact'], remove: ['durations'] })).powerUps,
    ).toEqual(['contact']);
    expect((await as('admin', 'POST', `entityDefinitions/${jobs.id}/powerUps`, { add: ['teleport'] })).status).toBe(400);
    // Making a field searchable reindexes the definition's entities.
    const stipend = await ok<Entity>('admin', 'PUT', `entities/${jobs.id}`, { title: 'Bench keeper', data: { pay: 'stipend' } });
    expect((await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=stipend')).total).toBe(0);
    await ok('admin', 'PUT', `entityDefinitions/${jobs.id}/field`, { id: 'f-pay', key: 'pay', label: 'Pay', type: 'text', searchable: true });
    expect((await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=stipend')).items.map((i) => i.id)).toEqual([stipend.id]);
    expect((await as('admin', 'DELETE', `entities/${stipend.id}`)).status).toBe(204);
    const busy = await as('admin', 'DELETE', `entityDefinitions/${workshops.id}`);
    expect(busy.status).toBe(409);
    expect(await defRow(workshops.id)).toBeDefined();
  });

  it('a member may not create or change a definition: 403 naming the permission, nothing changes', async () => {
    const before = await defRow(workshops.id);
    const attempts: [string, string, unknown][] = [
      ['PUT', 'entityDefinitions', { name: 'Maya’s' }],
      ['POST', `entityDefinitions/${workshops.id}`, { name: 'Renamed' }],
      ['PUT', `entityDefinitions/${workshops.id}/field`, { id: 'f-x', key: 'x', label: 'X', type: 'text' }],
      ['DELETE', `entityDefinitions/${workshops.id}/field/f-code`, undefined],
      ['POST', `entityDefinitions/${workshops.id}/powerUps`, { remove: ['join'] }],
      ['DELETE', `entityDefinitions/${workshops.id}`, undefined],
    ];
    for (const [method, path, body] of attempts)
      for (const who of ['maya', 'elena']) {
        const res = await as(who, method, path, body);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
        expect(res.body.message).toMatch(/entityDefinitions/);
      }
    expect(await defRow(workshops.id)).toEqual(before);
    expect((await ok<EntityDefinition[]>('admin', 'GET', 'entityDefinitions')).some((d) => d.name === 'Maya’s')).toBe(false);
  });

  it('slugs: generated from the title and made unique; an explicit one taken is a 409 naming it; forbidden characters are a 400', async () => {
    expect(lathe.slug).toBe('wood-lathe-basics');
    const second = await ok<Entity>('admin', 'PUT', `entities/${workshops.id}`, { title: 'Wood lathe basics' });
    expect(second.slug).toBe('wood-lathe-basics-2');
    const taken = await as('admin', 'PUT', `entities/${workshops.id}`, { title: 'Another', slug: 'wood-lathe-basics' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('"wood-lathe-basics"');
    for (const slug of ['a/b', 'what?', '50%', '  '])
      expect((await as('admin', 'PUT', `entities/${workshops.id}`, { title: 'Another', slug })).status, slug).toBe(400);
    const explicit = await ok<Entity>('admin', 'PUT', `entities/${workshops.id}`, { title: 'Another', slug: 'Über_Turning' });
    expect(explicit.slug).toBe('Über_Turning');
    expect((await ok<Entity>('maya', 'GET', 'entities/%C3%9Cber_Turning')).id).toBe(explicit.id);
    const moved = await as('admin', 'POST', `entities/${second.id}/settingsData`, { slug: 'Über_Turning' });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('slug_valid');
    for (const e of [second, explicit]) expect((await as('admin', 'DELETE', `entities/${e.id}`)).status).toBe(204);
  });

  it('reads an entity by id and by slug, many at once (unknown ids left out), with its favourite count', async () => {
    const byId = await ok<Entity>('maya', 'GET', `entities/${lathe.id}`);
    expect(byId).toMatchObject({ id: lathe.id, title: 'Wood lathe basics', definition: workshops.id, favouriteCount: 0, createdBy: 'admin' });
    expect(await ok('maya', 'GET', `entities/${lathe.slug}`)).toEqual(byId);
    expect((await ok<Entity[]>('maya', 'POST', 'entities/get', { ids: ['nope', lathe.id] })).map((e) => e.id)).toEqual([lathe.id]);
    expect((await as('maya', 'POST', 'entities/get', { ids: Array.from({ length: 101 }, (_, i) => `e${i}`) })).status).toBe(400);
    expect((await as('maya', 'GET', 'entities/nope')).status).toBe(404);
  });

  it('checks data against the definition: unknown keys, types, required, size; a unique field’s duplicate is a 409 naming the field', async () => {
    const bad: [unknown, RegExp][] = [
      [{ changes: { colour: 'red' } }, /"colour" is not a field/],
      [{ changes: { seats: 'six' } }, /seats must be a number/],
      [{ changes: { level: 'expert' } }, /level must be one of beginner, advanced/],
      [{ changes: { place: { lat: 200, lng: 0 } } }, /place must be a place/],
      [{ changes: { summary: 'x'.repeat(70_000) } }, /at most 65536 bytes/],
    ];
    for (const [body, message] of bad) {
      const res = await as('admin', 'POST', `entities/${lathe.id}/data`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const other = await ok<Entity>('admin', 'PUT', `entities/${workshops.id}`, { title: 'Advanced lathe', data: { code: 'WL-2' } });
    const dup = await as('admin', 'POST', `entities/${other.id}/data`, { changes: { code: ' wl-1 ' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Another entity of “Workshops” already has this Code:  wl-1 ');
    expect((await as('admin', 'PUT', `entities/${workshops.id}`, { title: 'Third', data: { code: 'WL-1' } })).status).toBe(409);
    expect((await as('admin', 'POST', `entities/${other.id}/updateKeys`, { keys: { code: 'WL-1', seats: 3 } })).status).toBe(409);
    expect((await row(other.id))!.data).toBe(JSON.stringify({ code: 'WL-2' }));
    const one = await ok<Entity>('admin', 'POST', `entities/${other.id}/data/seats`, { value: 12 });
    expect(one.data).toEqual({ code: 'WL-2', seats: 12 });
    const keys = await ok<Entity>('admin', 'POST', `entities/${other.id}/updateKeys`, { keys: { level: 'advanced', summary: 'Hollow forms' } });
    expect(keys.data).toEqual({ code: 'WL-2', seats: 12, level: 'advanced', summary: 'Hollow forms' });
    const merged = await ok<Entity>('admin', 'POST', `entities/${other.id}/data`, { changes: { seats: null } });
    expect(merged.data).toMatchObject({ seats: null, level: 'advanced' });
    expect((await as('admin', 'POST', `entities/${other.id}/data/nothing`, { value: 1 })).status).toBe(400);
    expect((await as('admin', 'POST', `entities/${other.id}/data`, { nope: 1 })).status).toBe(400);
    expect((await as('admin', 'DELETE', `entities/${other.id}`)).status).toBe(204);
  });

  it('a member may not create or change an entity (403, nothing changes); staff with updateEntities on one definition edits its entities only; only admins change the permission type', async () => {
    const job = await ok<Entity>('admin', 'PUT', `entities/${jobs.id}`, { title: 'Workshop steward', data: { pay: 'volunteer' } });
    const before = await row(lathe.id);
    const writes: [string, string, unknown][] = [
      ['PUT', `entities/${workshops.id}`, { title: 'Maya’s workshop' }],
      ['POST', `entities/${lathe.id}/data`, { changes: { seats: 1 } }],
      ['POST', `entities/${lathe.id}/data/seats`, { value: 1 }],
      ['POST', `entities/${lathe.id}/updateKeys`, { keys: { seats: 1 } }],
      ['POST', `entities/${lathe.id}/settingsData`, { title: 'Mine' }],
      ['POST', `entities/${lathe.id}/durations/powerUpData`, { data: {} }],
      ['POST', `entities/${lathe.id}/fields`, { add: ['join'] }],
      ['POST', `entities/${lathe.id}/permissionTypes`, { permissionType: 'memberships' }],
      ['POST', `entities/${lathe.id}/sendNotification`, { event: 'entityUpdated' }],
      ['DELETE', `entities/${lathe.id}`, undefined],
    ];
    for (const [method, path, body] of writes)
      for (const who of ['maya', 'elena']) {
        const res = await as(who, method, path, body);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
      }
    expect((await as('maya', 'PUT', `entities/${workshops.id}`, { title: 'x' })).body.message).toContain(
      `createEntities on entityDefinitions "${workshops.id}"`,
    );
    expect((await as('maya', 'POST', `entities/${lathe.id}/data`, { changes: { seats: 1 } })).body.message).toContain('updateEntities on entityDefinitions');
    expect(await row(lathe.id)).toEqual(before);

    // Elena (elevated) is granted updateEntities on Workshops only.
    await api.server.ctx.store.transaction((tx) => tx.put('itemPermissions', workshops.id, { updateEntities: true }));
    const edited = await ok<Entity>('elena', 'POST', `entities/${lathe.id}/data`, { changes: { seats: 8 } });
    expect(edited.data?.seats).toBe(8);
    expect((await as('elena', 'POST', `entities/${job.id}/data`, { changes: { pay: 'paid' } })).status).toBe(403);
    expect((await as('elena', 'PUT', `entities/${workshops.id}`, { title: 'Elena’s' })).status).toBe(403);
    const type = await as('elena', 'POST', `entities/${lathe.id}/permissionTypes`, { permissionType: 'memberships' });
    expect(type.status).toBe(403);
    expect(type.body.message).toMatch(/Only admins/);
    expect((await ok<Entity>('admin', 'POST', `entities/${lathe.id}/permissionTypes`, { permissionType: 'memberships' })).permissionType).toBe('memberships');
    expect((await as('admin', 'POST', `entities/${lathe.id}/permissionTypes`, { permissionType: 'secret' })).status).toBe(400);
    await ok('admin', 'POST', `entities/${lathe.id}/permissionTypes`, { permissionType: 'default' });
    await api.server.ctx.store.transaction((tx) => tx.remove('itemPermissions', workshops.id));
    expect((await as('admin', 'DELETE', `entities/${job.id}`)).status).toBe(204);
  });

  it('power-ups: turned on only among the definition’s; each one’s data checked by its shape; durations keep the start for sorting', async () => {
    expect((await as('admin', 'POST', `entities/${lathe.id}/fields`, { add: ['socialShare'] })).status).toBe(400);
    const on = await ok<Entity>('admin', 'POST', `entities/${lathe.id}/fields`, { add: ['contact', 'join'], remove: ['addToFavorites'] });
    expect(on.powerUps).toEqual(['durations', 'membership', 'contact', 'join']);
    const bad: [string, unknown][] = [
      ['durations', { start: '2027-05-02T10:00:00Z', end: '2027-05-01T10:00:00Z' }],
      ['durations', { start: 'tomorrow' }],
      ['durations', { timeZone: 'Mars/Olympus' }],
      ['contact', { email: 'not an email' }],
      ['contact', { website: 'javascript:alert(1)' }],
      ['membership', { membershipType: [{ id: 't1', primaryUserList: { value: 'no-such-list' } }] }],
      ['membership', { membershipType: [{ id: 't1' }, { id: 't1' }] }],
      ['membership', { membershipType: [{ id: 't1', landingPage: { value: 'no-such-page' } }] }],
      ['join', { userListId: 'no-such-list' }],
      ['join', { colour: 'red' }],
      ['socialShare', {}],
    ];
    for (const [powerUp, data] of bad)
      expect((await as('admin', 'POST', `entities/${lathe.id}/${powerUp}/powerUpData`, { data })).status, `${powerUp} ${JSON.stringify(data)}`).toBe(400);
    const dated = await ok<Entity>('admin', 'POST', `entities/${lathe.id}/durations/powerUpData`, {
      data: { start: '2027-05-01T10:00:00Z', end: '2027-05-01T12:00:00Z', timeZone: 'Europe/London' },
    });
    expect(dated.powerUpData?.durations?.start).toBe('2027-05-01T10:00:00Z');
    expect(Number((await row(lathe.id))!.starts_at)).toBe(Date.parse('2027-05-01T10:00:00Z'));
    await ok('admin', 'POST', `entities/${lathe.id}/contact/powerUpData`, { data: { name: 'Ada', email: 'ada@example.org', website: 'https://example.org' } });
    const typed = await ok<Entity>('admin', 'POST', `entities/${lathe.id}/membership/powerUpData`, {
      data: { membershipType: [{ id: 'makers-type', label: 'Makers', primaryUserList: { value: 'makers' }, tags: { value: ['wood'] } }] },
    });
    expect(typed.powerUpData?.membership?.membershipType?.[0].primaryUserList).toEqual({ value: 'makers' });
    const cleared = await ok<Entity>('admin', 'POST', `entities/${lathe.id}/fields`, { remove: ['join'], removeData: ['seats'] });
    expect(cleared.powerUps).not.toContain('join');
    expect(cleared.data).not.toHaveProperty('seats');
  });

  it('searches by words, definition, filters, a circle on the map and the sort; page 1, limit 10 by default; limits capped', async () => {
    const evening = await ok<Entity>('admin', 'PUT', `entities/${workshops.id}`, {
      title: 'Evening welding',
      data: { code: 'WE-1', level: 'advanced', summary: 'Arc welding for sculptors', place: { lat: 48.85, lng: 2.35 } },
      powerUps: ['durations'],
      powerUpData: { durations: { start: '2027-01-10T18:00:00Z' } },
    });
    const all = await ok<EntitySearchResponse>('maya', 'GET', 'entities');
    expect(all).toMatchObject({ page: 1, limit: 10 });
    expect(all.total).toBeGreaterThanOrEqual(2);
    const words = await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=sculptors');
    expect(words.items.map((i) => i.id)).toEqual([evening.id]);
    expect(words.items[0]).toMatchObject({ title: 'Evening welding', geo: { lat: 48.85, lng: 2.35 }, start: '2027-01-10T18:00:00Z', favouriteCount: 0 });
    expect((await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=lathe')).items.map((i) => i.id)).toEqual([lathe.id]);
    const filtered = await ok<EntitySearchResponse>(
      'maya',
      'GET',
      `entities?definitionId=${workshops.id}&filters=${encodeURIComponent(JSON.stringify({ level: ['advanced'] }))}`,
    );
    expect(filtered.items.map((i) => i.id)).toEqual([evening.id]);
    const paris = await ok<EntitySearchResponse>('maya', 'GET', 'entities?near=48.86,2.34,20');
    expect(paris.items.map((i) => i.id)).toEqual([evening.id]);
    // 1000 km of Paris holds London too: the demo's entities (server/entities/seed.ts) are left aside.
    const wide = (await ok<EntitySearchResponse>('maya', 'GET', 'entities?near=48.86,2.34,1000')).items.map((i) => i.id);
    expect(wide.filter((id) => !id.startsWith('demo-')).sort()).toEqual([evening.id, lathe.id].sort());
    const byStart = await ok<EntitySearchResponse>('maya', 'GET', `entities?definitionId=${workshops.id}&sortBy=start`);
    expect(byStart.items.map((i) => i.id).slice(0, 2)).toEqual([evening.id, lathe.id]);
    const byTitle = await ok<EntitySearchResponse>('maya', 'GET', `entities?definitionId=${workshops.id}&sortBy=title&limit=1&page=2`);
    expect(byTitle.items.map((i) => i.id)).toEqual([lathe.id]);
    for (const query of [
      'limit=101',
      'page=0',
      'sortBy=colour',
      'near=1,2',
      'near=91,0,5',
      'filters=nope',
      `filters=${encodeURIComponent('{"code":"x"}')}`,
      'definitionId=nope',
      'q=a&q=b',
    ])
      expect((await as('maya', 'GET', `entities?${query}`)).status, query).toBe(400);
    expect((await as('admin', 'DELETE', `entities/${evening.id}`)).status).toBe(204);
    expect((await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=sculptors')).total).toBe(0);
  });

  it('settingsData changes title, slug, pages and location; the entity room hears entities:updated and, for pages, permissions:update', async () => {
    const socket = await socketFor(api.url, tokens.victor);
    try {
      expect(await emitAck(socket, 'entity:subscribe', { id: lathe.id })).toEqual({ ok: true });
      expect((await emitAck(socket, 'entity:subscribe', { id: 'no-such-entity' })).ok).toBe(false);
      const heard = recordEvents(socket);
      const updated = nextEvent<EntityUpdatedEvent>(socket, 'entities:updated');
      const saved = await ok<Entity>('admin', 'POST', `entities/${lathe.id}/settingsData`, {
        title: 'Wood lathe for beginners',
        pagePermissions: ['demo-feed'],
        context: { colour: 'oak' },
      });
      expect(saved).toMatchObject({ title: 'Wood lathe for beginners', slug: 'wood-lathe-basics', pagePermissions: ['demo-feed'], context: { colour: 'oak' } });
      expect((await updated).entity.title).toBe('Wood lathe for beginners');
      await settle(300);
      expect(heard.map((h) => h.event)).toContain('permissions:update');
      expect((await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=beginners')).items.map((i) => i.id)).toEqual([lathe.id]);
      for (const body of [{ title: '' }, { title: 'x'.repeat(257) }, { pagePermissions: 'all' }, { location: { module: 5 } }, { slug: 'a#b' }])
        expect((await as('admin', 'POST', `entities/${lathe.id}/settingsData`, body)).status, JSON.stringify(body)).toBe(400);
    } finally {
      socket.close();
    }
  });

  it('sendNotification: an event the definition does not own is a 400 notification_ownership; an owned one reaches the accepted members', async () => {
    const now = Date.now();
    await listsDb(api.server.ctx.store.kysely)
      .insertInto('list_memberships')
      .values({
        id: `lm-victor-lathe-${api.backend}`,
        list_id: 'makers',
        account_id: 'victor',
        state: 'accepted',
        hidden: 0,
        is_primary: 0,
        entity_id: lathe.id,
        membership_type_id: 'makers-type',
        tags: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refused = await as('admin', 'POST', `entities/${lathe.id}/sendNotification`, { event: 'entityCreated' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('notification_ownership');
    expect((await as('admin', 'POST', `entities/${lathe.id}/sendNotification`, { event: 'entityUpdated', message: 'x'.repeat(1001) })).status).toBe(400);
    expect(await ok('admin', 'POST', `entities/${lathe.id}/sendNotification`, { event: 'entityUpdated', message: 'Bring safety glasses' })).toEqual({
      sent: 1,
    });
    const notes = await ok<NotificationPageResponse>('victor', 'GET', 'profile/notifications/system/0');
    expect(JSON.stringify(notes.items)).toContain('Bring safety glasses');
    const stats = await ok<{ stat: string; value: Record<string, number> }>('maya', 'GET', `entities/${lathe.id}/blockStatistics/members`);
    expect(stats).toEqual({ stat: 'members', value: { accepted: 1 } });
    expect(await ok('maya', 'GET', `entities/${lathe.id}/blockStatistics/favourites`)).toEqual({ stat: 'favourites', value: 0 });
    // Views: the members' entityView and entityPageView entries of this entity; one member's many count once as a viewer.
    const view = (type: string) => ({ logType: type, subject: lathe.id, actionTime: Date.now() });
    await ok('maya', 'POST', 'audit/save', [view('entityView'), view('entityView'), view('entityPageView'), { ...view('pageView'), subject: lathe.id }]);
    await ok('victor', 'POST', 'audit/save', [view('entityView')]);
    expect(await ok('maya', 'GET', `entities/${lathe.id}/blockStatistics/views`)).toEqual({ stat: 'views', value: { total: 4, viewers: 2 } });
    expect((await as('maya', 'GET', `entities/${lathe.id}/blockStatistics/nothing`)).status).toBe(400);
    expect(await ok('victor', 'GET', 'entities/getServiceRequestCounts/makers/victor')).toEqual({
      connectionId: 'makers',
      accountId: 'victor',
      counts: { accepted: 1 },
    });
    expect((await as('maya', 'GET', 'entities/getServiceRequestCounts/makers/victor')).status).toBe(403);
    expect((await ok<{ counts: Record<string, number> }>('admin', 'GET', 'entities/getServiceRequestCounts/makers/victor')).counts.accepted).toBe(1);
  });

  it('the structure lookups: data schemas by source and the power-up catalogue with the blocks that need each', async () => {
    const props = await ok<DataSchema[]>('maya', 'GET', 'structure/dataSchema/entityProperty');
    expect(props.map((s) => s.key)).toEqual(['title', 'slug']);
    const fields = await ok<DataSchema[]>('maya', 'GET', 'structure/dataSchema/entity');
    expect(fields).toContainEqual({ id: 'f-code', key: 'code', source: 'entity', type: 'text', label: 'Code', definitionId: workshops.id });
    const profile = await ok<DataSchema[]>('maya', 'GET', 'structure/dataSchema/profile');
    expect(profile.length).toBeGreaterThan(0);
    expect(profile.every((s) => s.source === 'profile' && s.key && s.type)).toBe(true);
    const every = await ok<DataSchema[]>('maya', 'GET', 'structure/dataSchema');
    expect(every.length).toBe(props.length + fields.length + profile.length);
    expect((await as('maya', 'GET', 'structure/dataSchema/planets')).status).toBe(400);
    const catalogue = await ok<PowerUpInfo[]>('maya', 'GET', 'structure/powerUp');
    expect(catalogue.map((p) => p.id)).toEqual(['durations', 'contact', 'connections', 'membership', 'join', 'socialShare', 'addToFavorites']);
    expect(catalogue.every((p) => p.title && p.description && !p.title.startsWith('server.'))).toBe(true);
    expect(catalogue.find((p) => p.id === 'join')!.requiredBy.length + catalogue.find((p) => p.id === 'join')!.optionalFor.length).toBeGreaterThan(0);
  });

  it('a corrupt row still reads, naming what is unreadable, never a 500; a write leaves the corrupt column it did not touch as stored', async () => {
    const broken = await ok<Entity>('admin', 'PUT', `entities/${workshops.id}`, { title: 'Broken bench', data: { code: 'BB-1' } });
    await entitiesDb(api.server.ctx.store.kysely)
      .updateTable('entities')
      .set({ data: '{not json', power_ups: '"nope"', page_permissions: '[1,' })
      .where('id', '=', broken.id)
      .execute();
    const read = await ok<Entity>('maya', 'GET', `entities/${broken.id}`);
    expect(read.unreadable).toEqual(['data', 'powerUps', 'pagePermissions']);
    expect(read).toMatchObject({ data: {}, powerUps: [], pagePermissions: [] });
    expect((await as('maya', 'GET', `entities?definitionId=${workshops.id}&filters=${encodeURIComponent('{"level":"beginner"}')}`)).status).toBe(200);
    expect((await as('maya', 'POST', 'entities/get', { ids: [broken.id] })).status).toBe(200);
    expect((await ok<Entity>('admin', 'POST', `entities/${broken.id}/settingsData`, { title: 'Broken bench, renamed' })).title).toBe('Broken bench, renamed');
    expect((await row(broken.id))!.data).toBe('{not json');
    expect((await as('admin', 'POST', `entities/${lathe.id}/data`, { changes: { code: 'BB-1' } })).status).toBe(200);
    await entitiesDb(api.server.ctx.store.kysely).updateTable('entity_definitions').set({ fields: 'oops' }).where('id', '=', jobs.id).execute();
    expect((await ok<EntityDefinition>('maya', 'GET', `entityDefinitions/${jobs.id}`)).unreadable).toEqual(['fields']);
    expect((await as('maya', 'GET', 'structure/dataSchema/entity')).status).toBe(200);
    expect((await as('admin', 'DELETE', `entities/${broken.id}`)).status).toBe(204);
  });

  it('a favourite of an entity: its count in every answer and live to the entity room (entities:favourites)', async () => {
    const socket = await socketFor(api.url, tokens.maya);
    try {
      expect(await emitAck(socket, 'entity:subscribe', { id: lathe.id })).toEqual({ ok: true });
      const counted = nextEvent<{ entityId: string; favouriteCount: number }>(socket, 'entities:favourites');
      expect((await as('victor', 'PUT', 'profile/favourites/add', { type: 'entities', value: lathe.id })).status).toBe(200);
      expect(await counted).toEqual({ entityId: lathe.id, favouriteCount: 1 });
    } finally {
      socket.close();
    }
    expect((await ok<Entity>('maya', 'GET', `entities/${lathe.id}`)).favouriteCount).toBe(1);
    expect((await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=lathe')).items.find((i) => i.id === lathe.id)?.favouriteCount).toBe(1);
    expect(await ok('maya', 'GET', `entities/${lathe.id}/blockStatistics/favourites`)).toEqual({ stat: 'favourites', value: 1 });
  });

  it('members may create entities of a definition that lets them: createdBy is theirs, they may edit it, staff hear newUserCreatedEntity', async () => {
    const open = await ok<EntityDefinition>('admin', 'PUT', 'entityDefinitions', { name: 'Member ideas', settings: { membersMayCreate: true } });
    const idea = await ok<Entity>('maya', 'PUT', `entities/${open.id}`, { title: 'A repair café' });
    expect(idea.createdBy).toBe('maya');
    expect((await ok<Entity>('maya', 'POST', `entities/${idea.id}/settingsData`, { title: 'A repair café on Sundays' })).title).toBe(
      'A repair café on Sundays',
    );
    expect((await as('victor', 'POST', `entities/${idea.id}/settingsData`, { title: 'Victor’s now' })).status).toBe(403);
    expect((await as('maya', 'PUT', `entities/${open.id}`, { title: 'Members only', permissionType: 'memberships' })).status).toBe(403);
    await settle(300);
    const notes = await ok<NotificationPageResponse>('admin', 'GET', 'profile/notifications/admin/0');
    expect(JSON.stringify(notes.items)).toContain('A repair café');
  });

  it('deletes an entity: 204, gone from reads and search, entities:removed to its room, entityDeleted to its members', async () => {
    const doomed = await ok<Entity>('admin', 'PUT', `entities/${workshops.id}`, { title: 'Doomed dovetails' });
    const now = Date.now();
    await listsDb(api.server.ctx.store.kysely)
      .insertInto('list_memberships')
      .values({
        id: `lm-victor-doomed-${api.backend}`,
        list_id: 'makers',
        account_id: 'victor',
        state: 'accepted',
        hidden: 0,
        is_primary: 0,
        entity_id: doomed.id,
        membership_type_id: null,
        tags: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const socket = await socketFor(api.url, tokens.maya);
    try {
      expect(await emitAck(socket, 'entity:subscribe', { id: doomed.id })).toEqual({ ok: true });
      const removed = nextEvent<{ entityId: string }>(socket, 'entities:removed');
      expect((await as('admin', 'DELETE', `entities/${doomed.id}`)).status).toBe(204);
      expect(await removed).toEqual({ entityId: doomed.id });
    } finally {
      socket.close();
    }
    expect((await as('maya', 'GET', `entities/${doomed.id}`)).status).toBe(404);
    expect((await as('admin', 'DELETE', `entities/${doomed.id}`)).status).toBe(404);
    expect((await ok<EntitySearchResponse>('maya', 'GET', 'entities?q=dovetails')).total).toBe(0);
    await settle(300);
    const notes = await ok<NotificationPageResponse>('victor', 'GET', 'profile/notifications/system/0');
    expect(JSON.stringify(notes.items)).toContain('Doomed dovetails');
  });
});
