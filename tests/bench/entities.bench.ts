/**
 * entities.space: resolving `/space/:id/:module/:page` for a member with 10,000 entities (rows
 * bulk-inserted, each shaped like the demo's Design Sprint: the memberships permission type, two
 * membership types with landing pages) on each database, one server in this process. Maya is an
 * accepted Participant of one of them (a membership with its entity id, as the join power-up
 * writes it); one sample is her `GET entities/{id}/space?moduleSlug=spaces&pageSlug=members`
 * (entity, permissions, landing page) followed by the page load for the entity
 * (`GET structure/page/{id}?entityId=`), as the shell does. p95Ms over SAMPLES samples;
 * baselinePage… is a page of the same module that is no entity page, loaded interleaved (the floor of one call).
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceAnswer } from '../../schemas/model/api/entities';
import type { EntityTables } from '../../server/entities/tables';
import { DEMO_ENTITIES } from '../../server/entities/seed';
import { moveMembership } from '../../server/lists';
import { signInAt, type Backend } from '../helpers/api-server';
import { median, percentile, withServer } from './bench-server';
import { defineBenches, quick, round, timedCall, type BenchResult } from './harness';

const SIZE = quick ? 2_000 : 10_000;
const SAMPLES = quick ? 50 : 200;
const P = DEMO_ENTITIES.pages;

const idOf = (i: number) => `bench-entity-${String(i).padStart(6, '0')}`;

async function space(backend: Backend): Promise<BenchResult> {
  return withServer(backend, async (server) => {
    const db = server.ctx.store.kysely as unknown as Kysely<EntityTables>;
    const powerUpData = JSON.stringify({
      membership: {
        membershipType: [
          { id: 'participant', primaryUserList: { value: DEMO_ENTITIES.participants }, landingPage: { value: P.members }, pages: { value: [P.members] } },
          { id: 'mentor', primaryUserList: { value: DEMO_ENTITIES.mentors }, landingPage: { value: P.mentors }, pages: { value: [P.mentors, P.members] } },
        ],
      },
      join: { membershipTypeId: 'participant' },
    });
    const now = Date.now();
    const BATCH = 500;
    for (let i = 0; i < SIZE; i += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, SIZE - i) }, (_, j) => {
        const n = i + j;
        return {
          id: idOf(n),
          definition_id: DEMO_ENTITIES.workshops,
          slug: `bench-workshop-${n}`,
          title: `Bench workshop ${n}`,
          data: JSON.stringify({ summary: `Workshop number ${n}`, level: 'beginner', place: { lat: 51 + (n % 100) / 100, lng: -0.5 + (n % 50) / 50 } }),
          power_ups: JSON.stringify(['membership', 'join', 'addToFavorites', 'socialShare', 'contact']),
          power_up_data: powerUpData,
          page_permissions: JSON.stringify([P.overview]),
          default_permission: null,
          permission_type: 'memberships',
          location: JSON.stringify({ module: 'spaces', page: 'overview' }),
          context: '{}',
          starts_at: null,
          lat: 51 + (n % 100) / 100,
          lng: -0.5 + (n % 50) / 50,
          created_by: 'admin',
          created: now + n,
          updated: now + n,
        };
      });
      await db.insertInto('entities').values(rows).execute();
    }
    const target = idOf(Math.floor(SIZE / 2));
    // Through the lists domain's write, so the memberships cache hears of it.
    await server.ctx.store.transaction((tx) =>
      moveMembership(server.ctx, tx, {
        listId: DEMO_ENTITIES.participants,
        accountId: 'maya',
        to: 'accepted',
        actor: 'admin',
        entityId: target,
        membershipTypeId: 'participant',
      }),
    );
    if (backend === 'postgres') await sql`analyze entities`.execute(db);
    const maya = await signInAt(server.url, 'maya');
    const spaceUrl = `${server.url}/api/v1/entities/${target}/space?moduleSlug=spaces&pageSlug=members`;
    const pageUrl = `${server.url}/api/v1/structure/page/${P.members}?entityId=${target}`;
    const resolve = async () => {
      const answer = await timedCall<SpaceAnswer>(spaceUrl, 'GET', maya);
      if (answer.status !== 200 || answer.body.pageSlug !== 'members')
        throw new Error(`space answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      const page = await timedCall<unknown>(pageUrl, 'GET', maya);
      if (page.status !== 200) throw new Error(`page answered ${page.status}`);
      return answer.ms + page.ms;
    };
    // The reference: a page of the same module that is no entity page (no space decision), interleaved.
    const plainUrl = `${server.url}/api/v1/structure/page/${P.find}`;
    for (let i = 0; i < 20; i++) await Promise.all([resolve(), timedCall(plainUrl, 'GET', maya)]); // warm-up
    const ms: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      ms.push(await resolve());
      plain.push((await timedCall(plainUrl, 'GET', maya)).ms);
    }
    return {
      bench: 'entities.space',
      db: backend,
      size: SIZE,
      medianMs: round(median(ms), 2),
      p95Ms: round(percentile(ms, 0.95), 2),
      baselinePageMedianMs: round(median(plain), 2),
      baselinePageP95Ms: round(percentile(plain, 0.95), 2),
    };
  });
}

export default defineBenches([{ name: 'entities.space', run: async () => [await space('sqlite'), await space('postgres')] }]);
