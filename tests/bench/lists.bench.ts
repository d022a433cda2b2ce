import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import { newList, putList } from '../../server/lists';
import { listsDb } from '../../server/lists/user-lists';
import { signInAt, type Backend } from '../helpers/api-server';
import { percentile, withServer } from './bench-server';
import { defineBenches, quick, round, type BenchResult } from './harness';

// lists.countUsers: POST userLists/admin/countUsers over 100,000 memberships (200 lists, every
// membership state, 25,000 accounts), asking 10 lists at a time in two states (counts per list and
// the distinct total), called one after another by the admin on one server; p95Ms over the calls,
// signedInCallP95Ms the same for GET user/listMemberships (the floor any signed-in call pays there).
const MEMBERSHIPS = quick ? 20_000 : 100_000;
const LISTS = 200;
const ACCOUNTS = MEMBERSHIPS / 4;
const CALLS = quick ? 50 : 300;

async function countUsers(backend: Backend): Promise<BenchResult> {
  return withServer(backend, async (server) => {
    const db = listsDb(server.ctx.store.kysely);
    const now = Date.now();
    const listId = (i: number) => `bench-list-${String(i).padStart(3, '0')}`;
    await server.ctx.store.transaction(async (tx) => {
      for (let i = 0; i < LISTS; i++) await putList(tx.raw, newList(listId(i), { label: `Bench list ${i}` }, now));
    });
    const rows = Array.from({ length: MEMBERSHIPS }, (_, i) => ({
      id: `lm-bench-${i}`,
      list_id: listId(i % LISTS),
      account_id: `bench-${String((i * 7) % ACCOUNTS).padStart(6, '0')}`,
      state: MEMBERSHIP_STATUSES[Math.floor(i / LISTS) % MEMBERSHIP_STATUSES.length],
      hidden: 0,
      is_primary: 0,
      created_at: now + i,
      updated_at: now + i,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('list_memberships')
        .values(rows.slice(i, i + 500))
        .execute();
    const admin = await signInAt(server.url, 'admin');
    const timings: number[] = [];
    let total = 0;
    // The same server's cheapest signed-in call, timed alike: what any call costs on this machine now.
    const plain: number[] = [];
    for (let call = 0; call < CALLS + 10; call++) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/user/listMemberships`, { headers: { authorization: `Bearer ${admin}` } });
      await res.json();
      if (call >= 10) plain.push(performance.now() - t0);
    }
    for (let call = 0; call < CALLS + 10; call++) {
      const first = (call * 17) % (LISTS - 10);
      const body = { listIds: Array.from({ length: 10 }, (_, k) => listId(first + k)), states: ['accepted', 'applied'] };
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/userLists/admin/countUsers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { total: number };
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`countUsers: ${res.status} ${JSON.stringify(answer)}`);
      if (call >= 10) timings.push(ms); // the first calls warm the server up
      total = answer.total;
    }
    return {
      bench: 'lists.countUsers',
      db: backend,
      memberships: MEMBERSHIPS,
      calls: CALLS,
      lastTotal: total,
      p95Ms: round(percentile(timings, 0.95), 2),
      signedInCallP95Ms: round(percentile(plain, 0.95), 2),
      quick,
    };
  });
}

export default defineBenches([{ name: 'lists.countUsers', run: async () => [await countUsers('sqlite'), await countUsers('postgres')] }]);
