/**
 * Search management (issue 34 part 6) on SQLite and PostgreSQL: the settings read and changed
 * through `admin/searchManagement` (refused to a member and to staff without the area, bad changes
 * refused naming the field with nothing written), the directory honouring filterable, and the
 * reindexing processes started through the processes domain (their batches and stop signal
 * through `run` itself, recording each step): a field made not searchable no
 * longer matches after a reindex, a private value never matches whatever the settings say, and a
 * profile or entity that cannot be read is a row error, not a stop.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { ProcessProgress, ProcessRowError } from '../../schemas/model/api/processes';
import type { EntitySearchResponse } from '../../schemas/model/api/entities';
import type { SearchManagementResponse } from '../../schemas/model/api/search-management';
import type { RunningProcess } from '../../server/processes/definition';
import { parseReindexPayload, runUserIndexing, searchProcesses } from '../../server/search';
import { DEMO_ENTITIES } from '../../server/entities/seed';
import { describeBackends } from '../helpers/backends';
import { insertCorruptWorkshop } from '../helpers/corruption';
import { runProcess } from '../helpers/processes';
import { grantThroughList } from '../helpers/staff-grants';

interface SearchAnswer {
  items: { accountId: string }[];
  total: number;
}

/** A RunningProcess as the processes domain hands one to `run`, recording each progress step (the route shows only the last). */
function recordingProcess(signal: AbortSignal = new AbortController().signal) {
  const progress: ProcessProgress[] = [];
  const rowErrors: ProcessRowError[] = [];
  const process: RunningProcess = {
    processId: 'test-reindex',
    startedBy: 'admin',
    signal,
    progress: async (p) => void progress.push(p),
    rowError: (e) => void rowErrors.push(e),
    filePath: () => {
      throw new Error('a reindex writes no file');
    },
  };
  return { process, progress, rowErrors };
}

describeBackends('search management: settings, directory filters, reindex processes', (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  beforeAll(async () => {
    [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
  });

  const state = async () => {
    const res = await api.call<SearchManagementResponse>('GET', 'admin/searchManagement', { token: admin });
    expect(res.status).toBe(200);
    return res.body;
  };
  const change = (body: unknown, token = admin) => api.call<SearchManagementResponse & { message: string }>('POST', 'admin/searchManagement', { token, body });
  const findMembers = async (text: string) =>
    (await api.call<SearchAnswer>('POST', 'profile/search', { token: maya, body: { text, limit: 50 } })).body.items.map((i) => i.accountId);

  it('lists profile fields with their types and flags, definitions with theirs, and the index status; defaults are the behaviour from before', async () => {
    const body = await state();
    const field = (key: string) => body.profileFields.find((f) => f.key === key);
    expect(field('city')).toEqual({
      key: 'city',
      label: expect.any(String),
      type: 'text',
      searchable: true,
      filterable: true,
      canSearch: true,
      canFilter: true,
    });
    expect(field('avatar')).toMatchObject({ type: 'imageUploader', searchable: false, canSearch: false, canFilter: false });
    expect(field('bio')).toMatchObject({ type: 'textarea', searchable: true, canFilter: false });
    const workshops = body.entityDefinitions.find((d) => d.id === DEMO_ENTITIES.workshops);
    expect(workshops?.fields.find((f) => f.key === 'summary')).toMatchObject({ type: 'textarea', searchable: true, filterable: false });
    expect(workshops?.fields.find((f) => f.key === 'cover')).toMatchObject({ type: 'imageUploader', canFilter: false, canSearch: false });
    expect(body.index.stale).toBe(false);
    expect(body.index.documentsIndexed).toBeGreaterThan(5);
    expect(body.index.entitiesIndexed).toBeGreaterThan(2);
    expect(body.canUpdate).toBe(true);
    expect(await findMembers('London')).toContain('maya');
  });

  it('refuses a member and staff without the area on every route, writing nothing', async () => {
    const before = await state();
    for (const token of [maya, elena]) {
      const read = await api.call<{ message: string }>('GET', 'admin/searchManagement', { token });
      expect(read.status).toBe(403);
      expect(read.body.message).toContain('searchManagement');
      const write = await change({ profileFields: [{ key: 'city', searchable: false }] }, token);
      expect(write.status).toBe(403);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses bad changes with a 400 naming what was wrong, nothing half-written', async () => {
    const before = await state();
    const bad: [unknown, string][] = [
      [{ profileFields: [{ key: 'shoeSize', searchable: true }] }, 'shoeSize'],
      [{ profileFields: [{ key: 'avatar', filterable: true }] }, 'avatar'],
      [{ profileFields: [{ key: 'avatar', searchable: true }] }, 'imageUploader'],
      [{ profileFields: [{ key: 'bio', filterable: true }] }, 'bio'],
      [{ profileFields: [{ key: 'city' }] }, 'city'],
      [
        {
          profileFields: [
            { key: 'city', searchable: false },
            { key: 'city', filterable: false },
          ],
        },
        'twice',
      ],
      [{ entityFields: [{ definitionId: 'no-such-definition', key: 'summary', searchable: false }] }, 'no-such-definition'],
      [{ entityFields: [{ definitionId: DEMO_ENTITIES.workshops, key: 'cover', filterable: true }] }, 'cover'],
      [{ entityFields: [{ definitionId: DEMO_ENTITIES.workshops, key: 'nothing', searchable: true }] }, 'nothing'],
      // One good part and one bad: neither is written.
      [
        {
          profileFields: [{ key: 'city', searchable: false }],
          entityFields: [{ definitionId: DEMO_ENTITIES.workshops, key: 'cover', filterable: true }],
        },
        'cover',
      ],
      [{ profileFields: [{ key: 'city', searchable: 'no' }] }, 'searchable'],
      [{ profileFields: [], colour: 'red' }, 'colour'],
      [{}, 'profileFields'],
    ];
    for (const [body, named] of bad) {
      const res = await change(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(named);
    }
    expect(await state()).toEqual(before);
  });

  it('a field made not filterable is refused as a directory filter, facet or range; filterable again, it filters', async () => {
    expect((await change({ profileFields: [{ key: 'city', filterable: false }] })).status).toBe(200);
    for (const body of [{ filters: [{ key: 'city', value: 'London' }] }, { facets: ['city'] }, { ranges: [{ key: 'city', min: 1 }] }]) {
      const res = await api.call<{ message: string }>('POST', 'profile/search', { token: maya, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain('"city" is not a filterable profile field');
    }
    // Init tells the directory's filter blocks to leave the field out.
    expect((await api.call<{ search?: { notFilterable: string[] } }>('GET', 'init', { token: maya })).body.search).toEqual({ notFilterable: ['city'] });
    // Filterable needs no reindex: it applies to the next search.
    expect((await state()).index.stale).toBe(false);
    expect((await change({ profileFields: [{ key: 'city', filterable: true }] })).status).toBe(200);
    expect((await api.call<{ search?: { notFilterable: string[] } }>('GET', 'init', { token: maya })).body.search).toEqual({ notFilterable: [] });
    const found = await api.call<SearchAnswer>('POST', 'profile/search', { token: maya, body: { filters: [{ key: 'city', value: 'London' }] } });
    expect(found.status).toBe(200);
    expect(found.body.items.map((i) => i.accountId)).toContain('maya');
  });

  it('settings change, then userIndexing: a field made not searchable no longer matches, a private value never does', async () => {
    const saved = await change({
      profileFields: [
        { key: 'city', searchable: false },
        { key: 'phone', searchable: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.index.stale).toBe(true);
    expect(saved.body.profileFields.find((f) => f.key === 'city')?.searchable).toBe(false);

    const run = await runProcess(api, admin, 'userIndexing');
    const accounts = Number(
      (await sql<{ n: number | string }>`select count(*) as n from documents where kind = 'account'`.execute(api.server.ctx.store.kysely)).rows[0].n,
    );
    expect(run).toMatchObject({ state: 'complete', report: { summary: { rows: accounts, errors: 0 }, errorsList: [] } });
    expect(run.progress).toEqual({ rows: accounts, totalRows: accounts, stepCompletion: 1 });

    expect(await findMembers('London')).not.toContain('maya');
    // Maya's phone is private: searchable or not, its digits find nobody.
    expect(await findMembers('7946')).toEqual([]);
    // The rest of her profile still matches.
    expect(await findMembers('lathe')).toContain('maya');
    const after = await state();
    expect(after.index.stale).toBe(false);
    expect(after.index.lastReindexAt).toBeGreaterThan(Date.now() - 60_000);
    expect(after.index.documentsIndexed).toBe(accounts);

    // A profile written after the change follows the settings at once, without a reindex.
    const victor = await api.signIn('victor');
    const written = await api.call('POST', 'profile/victor', { token: victor, body: { blockId: 'profile-about-form', changes: { city: 'Zanzibar' } } });
    expect(written.status).toBe(200);
    expect(await findMembers('Zanzibar')).toEqual([]);

    // Safe to repeat; searchable again, the words are back after the next run.
    expect((await change({ profileFields: [{ key: 'city', searchable: true }] })).body.index.stale).toBe(true);
    expect((await runProcess(api, admin, 'userIndexing')).state).toBe('complete');
    expect(await findMembers('London')).toContain('maya');
    expect((await state()).index.stale).toBe(false);
  });

  it('userIndexing walks keyset batches: progress after each, every account once, the index whole', async () => {
    const { process, progress, rowErrors } = recordingProcess();
    const result = await runUserIndexing(api.server.ctx, process, { batchSize: 7 });
    const total = progress[0].totalRows!;
    expect(result.summary).toMatchObject({ rows: total, errors: 0 });
    expect(rowErrors).toEqual([]);
    // At the start, after each batch, and at the end.
    const batches = Array.from({ length: Math.ceil(total / 7) }, (_, i) => Math.min((i + 1) * 7, total));
    expect(progress.map((p) => p.rows)).toEqual([0, ...batches, total]);
    expect(progress.every((p, i) => i === 0 || p.stepCompletion >= progress[i - 1].stepCompletion)).toBe(true);
    expect((await state()).index.documentsIndexed).toBe(total);
    expect(await findMembers('lathe')).toContain('maya');
  });

  it('the processes are declared with their kind and grant, and refuse a bad payload naming it', () => {
    expect(searchProcesses.map((p) => [p.type, p.kind, p.permission])).toEqual([
      ['userIndexing', 6, { action: 'update', subject: 'searchManagement' }],
      ['searchReindex', undefined, { action: 'update', subject: 'searchManagement' }],
    ]);
    expect(parseReindexPayload({})).toEqual({});
    expect(parseReindexPayload({ batchSize: 50 })).toEqual({ batchSize: 50 });
    expect(() => parseReindexPayload({ batchSize: 0 })).toThrow('batchSize');
    expect(() => parseReindexPayload({ batchSize: 'x' })).toThrow('batchSize');
    expect(() => parseReindexPayload({ everything: true })).toThrow('"everything"');
  });

  it('userIndexing stops between batches when its signal is aborted, writing nothing of its report', async () => {
    const before = (await state()).index.lastReindexAt;
    const controller = new AbortController();
    controller.abort();
    await expect(runUserIndexing(api.server.ctx, recordingProcess(controller.signal).process)).rejects.toThrow('stopped');
    expect((await state()).index.lastReindexAt).toBe(before);
  });

  it('userIndexing: a profile that cannot be read is a row error, the others are indexed', async () => {
    await sql`update documents set data = ${'{not json'} where kind = 'profile' and id = 'victor'`.execute(api.server.ctx.store.kysely);
    const run = await runProcess(api, admin, 'userIndexing');
    expect(run.report?.errorsList).toEqual([{ field: 'profile', message: expect.stringContaining('"victor"') }]);
    expect(run.report?.summary).toMatchObject({ errors: 1 });
    expect(await findMembers('lathe')).toContain('maya');
    // Indexed by name only: nothing of the unreadable profile can be found.
    expect(await findMembers('Zanzibar')).toEqual([]);
  });

  it('entity flags: changed through the entities domain, search rows rewritten; searchReindex rebuilds and reports unreadable entities', async () => {
    const findEntities = async (q: string) =>
      (await api.call<EntitySearchResponse>('GET', `entities?q=${encodeURIComponent(q)}`, { token: maya })).body.items.map((i) => i.id);
    expect(await findEntities('evenings')).toContain(DEMO_ENTITIES.designSprint);
    const off = await change({ entityFields: [{ definitionId: DEMO_ENTITIES.workshops, key: 'summary', searchable: false }] });
    expect(off.status).toBe(200);
    expect(off.body.entityDefinitions.find((d) => d.id === DEMO_ENTITIES.workshops)?.fields.find((f) => f.key === 'summary')?.searchable).toBe(false);
    expect(await findEntities('evenings')).not.toContain(DEMO_ENTITIES.designSprint);
    expect(await findEntities('Design Sprint')).toContain(DEMO_ENTITIES.designSprint);

    await insertCorruptWorkshop(api.server.ctx.store.kysely, 'corrupt-search-workshop');
    expect((await change({ entityFields: [{ definitionId: DEMO_ENTITIES.workshops, key: 'summary', searchable: true }] })).status).toBe(200);
    const run = await runProcess(api, admin, 'searchReindex');
    expect(run.report?.errorsList).toEqual([{ field: 'data', message: expect.stringContaining('"corrupt-search-workshop"') }]);
    expect(run.report?.summary).toMatchObject({ errors: 1 });
    expect(run.progress.stepCompletion).toBe(1);
    expect(await findEntities('evenings')).toContain(DEMO_ENTITIES.designSprint);
    expect(await findEntities('Corrupt workshop')).toContain('corrupt-search-workshop');
  });

  it('staff granted read on searchManagement read it (canUpdate false) and are refused every change', async () => {
    await grantThroughList(api, admin, `Search readers ${api.backend}`, ['searchManagement.read'], ['elena']);
    const reader = await api.signIn('elena');
    const read = await api.call<SearchManagementResponse>('GET', 'admin/searchManagement', { token: reader });
    expect(read.status).toBe(200);
    expect(read.body.canUpdate).toBe(false);
    const before = await state();
    const write = await change({ profileFields: [{ key: 'city', searchable: false }] }, reader);
    expect(write.status).toBe(403);
    expect(write.body.message).toContain('update on searchManagement');
    expect(await state()).toEqual(before);
  });
});
