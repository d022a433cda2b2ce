/**
 * The entity search as the entity blocks ask it (engine/data/entity-search.ts: entitySearch and
 * entityMap), on SQLite and PostgreSQL over the demo's definitions: several definitions at once
 * (`definitionId` comma separated), a filter, the map's circle, and bad input named in a 400.
 */
import { beforeAll, expect, it } from 'vitest';
import type { EntitySearchResponse } from '../../schemas/model/api/entities';
import { entitySearchParams, type EntitySearchQuery } from '../../engine/data/entity-search';
import { DEMO_ENTITIES } from '../../server/entities/seed';
import { describeBackends } from '../helpers/backends';

type Message = { message: string };

describeBackends('entity search for the entity blocks', (api) => {
  let token: string;
  beforeAll(async () => {
    token = await api.signIn('victor');
  });
  const search = (query: EntitySearchQuery) => {
    const params = new URLSearchParams(Object.entries(entitySearchParams(query)).map(([k, v]) => [k, String(v)]));
    return api.call<EntitySearchResponse & Message>('GET', `entities?${params}`, { token });
  };

  it('searches several definitions at once, and one', async () => {
    const both = await search({ definitionIds: [DEMO_ENTITIES.events, DEMO_ENTITIES.jobs], limit: 100 });
    expect(both.status).toBe(200);
    const kinds = new Set(both.body.items.map((i) => i.definition));
    expect(kinds).toEqual(new Set([DEMO_ENTITIES.events, DEMO_ENTITIES.jobs]));
    expect(both.body.total).toBe(5);
    const events = await search({ definitionIds: [DEMO_ENTITIES.events] });
    expect(events.body.items.map((i) => i.definition)).toEqual([DEMO_ENTITIES.events, DEMO_ENTITIES.events, DEMO_ENTITIES.events]);
  });

  it('filters by a filterable field and finds entities within the map circle, with their place', async () => {
    const beginners = await search({ definitionIds: [DEMO_ENTITIES.workshops], filters: { level: ['beginner'] } });
    expect(beginners.body.items.map((i) => i.title).sort()).toEqual(['Repair Café', 'Woodturning Basics']);
    // Brixton Library only, within 2 km of it.
    const near = await search({ definitionIds: [DEMO_ENTITIES.workshops], near: { lat: 51.4613, lng: -0.1156, radiusKm: 2 } });
    expect(near.body.items.map((i) => i.title)).toEqual(['Repair Café']);
    expect(near.body.items[0].geo).toMatchObject({ lat: 51.4613, lng: -0.1156, label: 'Brixton Library' });
  });

  it('names an unknown definition or too many in a 400', async () => {
    const unknown = await search({ definitionIds: [DEMO_ENTITIES.events, 'no-such-definition'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('"no-such-definition" is not a definition');
    const many = await search({ definitionIds: Array.from({ length: 21 }, (_, i) => `d${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.message).toContain('at most 20 definitions');
  });
});
