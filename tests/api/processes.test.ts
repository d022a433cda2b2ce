/**
 * Background processes and exports (issue 34, part 5), on SQLite and PostgreSQL: the members and
 * list members exports as CSV and XLSX (started, listed, read, marked read, downloaded through
 * their signed link and parsed), a formula cell exported as text, tampered and expired links
 * refused, refusals to a member and to staff without the grants, bad payloads refused with
 * nothing written, a starter who lost the grant refused at the run, and a type that throws going
 * failed then errored with its message. The probe domain (tests/fixtures/processes-probe) adds
 * the throwing type and one with more row errors than a report keeps.
 */
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import type { AdminProcess, AllProcessesResponse, StartProcessResponse } from '../../schemas/model/api/processes';
import type { Profile } from '../../schemas/model';
import { csvRecords } from '../../engine/core/csv';
import { DOMAINS } from '../../server/domains';
import { enqueue } from '../../server/jobs';
import { listById, putList } from '../../server/lists';
import { grantsOfMap } from '../../server/lists/user-lists-table';
import { processesDb } from '../../server/processes/table';
import probe, { PROBE_FAILURE } from '../fixtures/processes-probe';
import { describeBackends } from '../helpers/backends';
import { recordEvents, socketFor } from '../helpers/sockets';
import { until } from '../helpers/until';

const FORMULA = '=HYPERLINK("http://evil.example","x")';

describeBackends('processes and exports', { start: { domains: [...DOMAINS, probe] } }, (api) => {
  let admin: string;
  let maya: string;
  let elena: string;

  beforeAll(async () => {
    [admin, maya, elena] = await Promise.all(['admin', 'maya', 'elena'].map((a) => api.signIn(a)));
    // Maya's headline is a formula: a spreadsheet must show it as text, never run it.
    await api.server.ctx.store.transaction(async (tx) => {
      const profile = (await tx.get<Profile>('profile', 'maya'))!.data;
      await tx.put('profile', 'maya', { ...profile, data: { ...profile.data, profile: { ...profile.data.profile, headline: FORMULA } } });
    });
  });

  /** Grants accepted members of the demo's Makers list (Elena is one) these permissions. */
  const grantMakers = (grants: Record<string, Record<string, boolean>>) =>
    api.server.ctx.store.transaction(async (tx) => {
      const makers = (await listById(tx.raw, 'makers'))!;
      const permissions = grantsOfMap(grants);
      await putList(tx.raw, { ...makers, permissions, allowPermissions: permissions.length > 0 });
    });

  const start = (type: string, body: unknown, token = admin) =>
    api.call<StartProcessResponse & { message: string }>('POST', `admin/process/${type}/start`, { token, body });
  const read = (processId: string, token = admin) => api.call<AdminProcess>('GET', `admin/process/${processId}`, { token });
  const settled = (processId: string, states: AdminProcess['state'][]) =>
    until(
      `process ${processId} ${states.join(' or ')}`,
      async () => (await read(processId)).body,
      (p) => states.includes(p.state),
    );
  const rowCount = async () =>
    Number(
      (
        await processesDb(api.server.ctx.store.kysely)
          .selectFrom('processes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  const download = (url: string) => fetch(`${api.url}/api/v1/${url}`);

  const finishedExport = async (type: string, payload: Record<string, unknown>) => {
    const started = await start(type, { payload });
    expect(started.status).toBe(201);
    expect(started.body.started).toBe(true);
    const done = await settled(started.body.process!.processId, ['complete', 'errored']);
    expect(done.state).toBe('complete');
    return done;
  };

  it('exportMembers as CSV: started with the §8 message, listed, read, downloaded with Maya and the formula as text', async () => {
    const started = await start('exportMembers', { payload: { format: 'csv' } });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ started: true, message: 'The members export has started. It will be ready to download in a moment.' });
    expect(started.body.process).toMatchObject({ type: 'exportMembers', kind: 4, state: 'started', reportRead: false, startedBy: { accountId: 'admin' } });
    const done = await settled(started.body.process!.processId, ['complete', 'errored']);
    expect(done).toMatchObject({ state: 'complete', completed: true, progress: { stepCompletion: 1 } });
    const accounts = (await api.server.ctx.store.list('account')).length;
    expect(done.progress.rows).toBe(accounts);
    expect(done.progress.sizeMb).toBeGreaterThan(0);
    expect(done.report!.summary).toMatchObject({ rows: accounts, format: 'csv' });
    expect(done.report!.file).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    expect(done.report!.file!.name).toMatch(/^members-\d{8}-\d{4}\.csv$/);
    expect(done.report!.file!.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(done.report!.file!.expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    const res = await download(done.report!.file!.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="members-/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = csvRecords(new TextDecoder().decode(bytes.slice(3)));
    if (typeof records === 'string') throw new Error(records);
    const [header, ...rows] = records.map((r) => r.cells);
    expect(header.slice(0, 4)).toEqual(['accountId', 'email', 'firstName', 'lastName']);
    expect(rows).toHaveLength(accounts);
    const mayaRow = rows.find((r) => r[0] === 'maya')!;
    expect(mayaRow.slice(0, 4)).toEqual(['maya', 'maya@example.org', 'Maya', 'Maker']);
    // A private field is in the admin export; a cell a spreadsheet would run (a formula, a leading +) is kept as text by a leading quote.
    expect(mayaRow[header.indexOf('phone')]).toBe("'+44 20 7946 0000");
    expect(mayaRow[header.indexOf('city')]).toBe('London');
    expect(mayaRow[header.indexOf('headline')]).toBe(`'${FORMULA}`);

    const listed = await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses', { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((p) => p.processId)).toContain(done.processId);
    expect(listed.body.types.map((t) => t.type)).toEqual(expect.arrayContaining(['exportMembers', 'exportListMembers', 'probeFails', 'probeRows']));
    expect(listed.body.types.find((t) => t.type === 'exportMembers')).toMatchObject({ kind: 4, domain: 'profiles', payloadSchema: { required: ['format'] } });

    const marked = await api.call<AdminProcess>('POST', `admin/process/${done.processId}/reportRead`, { token: admin });
    expect(marked).toMatchObject({ status: 200, body: { reportRead: true } });
    expect((await read(done.processId)).body.reportRead).toBe(true);
  });

  it('exportMembers as XLSX with a list filter: a workbook whose formula cell is a text cell', async () => {
    const done = await finishedExport('exportMembers', { format: 'xlsx', listIds: ['makers'] });
    expect(done.payload).toEqual({ format: 'xlsx', listIds: ['makers'] });
    const res = await download(done.report!.file!.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="members-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1)));
    const makers = (await api.server.ctx.membershipsOf('maya')).filter((m) => m.userListId === 'makers' && m.state === 'accepted');
    expect(makers).toHaveLength(1);
    expect(rows.map((r) => r[0])).toContain('maya');
    expect(rows.map((r) => r[0])).not.toContain('victor');
    expect(rows).toHaveLength(done.report!.summary.rows as number);
    const mayaAt = rows.findIndex((r) => r[0] === 'maya') + 2;
    const headline = sheet.getRow(mayaAt).getCell(header.indexOf('headline') + 1);
    expect(headline.type).toBe(ExcelJS.ValueType.String);
    expect(headline.formula).toBeUndefined();
    expect(headline.value).toBe(FORMULA);
  });

  it('exportListMembers as CSV and XLSX: the list memberships with their state', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const done = await finishedExport('exportListMembers', { format, listId: 'makers' });
      expect(done.report!.summary).toMatchObject({ listId: 'makers', format });
      const res = await download(done.report!.file!.downloadUrl);
      expect(res.status).toBe(200);
      let rows: string[][];
      if (format === 'csv') {
        const records = csvRecords((await res.text()).replace(/^\uFEFF/, ''));
        if (typeof records === 'string') throw new Error(records);
        rows = records.map((r) => r.cells);
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(await res.arrayBuffer());
        rows = [];
        workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v))));
      }
      expect(rows[0]).toEqual(['accountId', 'email', 'firstName', 'lastName', 'state', 'primary', 'hidden', 'tags', 'createdAt', 'updatedAt']);
      expect(rows.find((r) => r[0] === 'maya')!.slice(0, 5)).toEqual(['maya', 'maya@example.org', 'Maya', 'Maker', 'accepted']);
      expect(rows).toHaveLength((done.report!.summary.rows as number) + 1);
    }
  });

  it('a tampered or expired link is refused with 403; a process id is never a path', async () => {
    const done = await finishedExport('exportMembers', { format: 'csv' });
    const url = done.report!.file!.downloadUrl;
    const signature = new URL(url, 'http://x/').searchParams.get('signature')!;
    const tampered = url.replace(`signature=${signature}`, `signature=${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await download(tampered)).status).toBe(403);
    const later = url.replace(/expires=\d+/, `expires=${done.report!.file!.expiresAt + 60_000}`);
    expect((await download(later)).status).toBe(403);
    expect((await download(url.replace(/\?.*/, ''))).status).toBe(403);
    // Signed for another process: refused.
    const other = await finishedExport('exportListMembers', { format: 'csv', listId: 'makers' });
    expect((await download(url.replace(done.processId, other.processId))).status).toBe(403);
    expect((await download(`admin/process/..%2F..%2Fjwt-secret/download?expires=1&signature=x`)).status).toBe(400);
    // An expired link: signed correctly, for a time gone by.
    const { signDownload } = await import('../../server/processes/files');
    const expired = signDownload(api.server.ctx, done.processId, Date.now() - 16 * 60_000);
    const refused = await api.call<{ message: string }>('GET', expired.downloadUrl);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('expired');
    // Each read signs a new link.
    expect((await read(done.processId)).body.report!.file!.expiresAt).toBeGreaterThanOrEqual(done.report!.file!.expiresAt);
  });

  it('Maya is refused every call with 403; staff without the grants are refused and see nothing of them', async () => {
    const done = await finishedExport('exportMembers', { format: 'csv' });
    const before = await rowCount();
    for (const token of [maya, elena]) {
      expect((await api.call('GET', 'admin/process/allProcesses', { token })).status).toBe(403);
      expect((await start('exportMembers', { payload: { format: 'csv' } }, token)).status).toBe(403);
      expect((await start('probeRows', { payload: {} }, token)).status).toBe(403);
      expect((await read(done.processId, token)).status).toBe(403);
      expect((await api.call('POST', `admin/process/${done.processId}/reportRead`, { token })).status).toBe(403);
    }
    await grantMakers({ tools: { read: true } });
    try {
      // Elena opens the tools now, but holds neither read on profiles nor accessUserData on lists.
      const listed = await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses', { token: elena });
      expect(listed.status).toBe(200);
      expect(listed.body.types.map((t) => t.type).sort()).toEqual(['probeFails', 'probeRows']);
      expect(listed.body.items.map((p) => p.type)).not.toContain('exportMembers');
      const refused = await start('exportMembers', { payload: { format: 'csv' } }, elena);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Starting exportMembers needs read on profiles (admins have it)');
      expect((await start('exportListMembers', { payload: { format: 'csv', listId: 'makers' } }, elena)).status).toBe(403);
      expect((await read(done.processId, elena)).status).toBe(403);
      expect((await api.call('POST', `admin/process/${done.processId}/reportRead`, { token: elena })).status).toBe(403);
      // Maya is in Makers too, but the admin areas are for staff.
      expect((await api.call('GET', 'admin/process/allProcesses', { token: maya })).status).toBe(403);
      expect(await rowCount()).toBe(before);
    } finally {
      await grantMakers({});
    }
    expect((await api.call('GET', 'admin/process/allProcesses')).status).toBe(401);
  });

  it('unknown type 404, bad payloads 400 naming the field, nothing written; a start is idempotent on its processId', async () => {
    const before = await rowCount();
    const unknown = await start('exportNothing', { payload: {} });
    expect(unknown.status).toBe(404);
    const bad: [string, unknown, string][] = [
      ['exportMembers', { payload: { format: 'pdf' } }, 'payload.format'],
      ['exportMembers', { payload: { format: 'csv', listIds: ['no-such-list'] } }, 'no-such-list'],
      ['exportMembers', { payload: { format: 'csv', listIds: 'makers' } }, 'payload.listIds'],
      ['exportMembers', { payload: { format: 'csv', colour: 'red' } }, 'colour'],
      ['exportMembers', { payload: 'csv' }, 'payload'],
      ['exportMembers', { payload: {}, extra: 1 }, 'extra'],
      ['exportMembers', { processId: '../x', payload: {} }, 'processId'],
      ['exportListMembers', { payload: { format: 'csv' } }, 'payload.listId'],
      ['exportListMembers', { payload: { format: 'csv', listId: 'nope' } }, 'nope'],
    ];
    for (const [type, body, named] of bad) {
      const res = await start(type, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(named);
    }
    expect((await api.call('GET', 'admin/process/allProcesses?limit=0', { token: admin })).status).toBe(400);
    expect((await api.call('GET', 'admin/process/allProcesses?before=nope', { token: admin })).status).toBe(400);
    expect((await read('no-such-process')).status).toBe(404);
    expect(await rowCount()).toBe(before);

    const processId = `idem-${Date.now()}`;
    const first = await start('exportMembers', { processId, payload: { format: 'csv' } });
    const again = await start('exportMembers', { processId, payload: { format: 'csv' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ started: true, process: { processId } });
    expect(await rowCount()).toBe(before + 1);
    expect((await start('exportListMembers', { processId, payload: { format: 'csv', listId: 'makers' } })).status).toBe(409);
    await settled(processId, ['complete']);
  });

  it('pages the list newest first with a cursor, and filters by type', async () => {
    for (let i = 0; i < 3; i++) expect((await start('probeRows', { payload: {} })).status).toBe(201);
    const first = await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses?limit=2&type=probeRows', { token: admin });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items.every((p) => p.type === 'probeRows')).toBe(true);
    expect(first.body.next).toMatch(/^\d+\./);
    const second = await api.call<AllProcessesResponse>('GET', `admin/process/allProcesses?limit=2&type=probeRows&before=${first.body.next}`, { token: admin });
    expect(second.body.items.length).toBeGreaterThanOrEqual(1);
    const ids = [...first.body.items, ...second.body.items].map((p) => p.processId);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.body.items, ...second.body.items].map((p) => p.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a report keeps 200 row errors and says more happened; a file given as bytes is served; the starter hears it finish', async () => {
    const socket = await socketFor(api.url, admin);
    const events = recordEvents(socket);
    const started = await start('probeRows', { payload: {} });
    const processId = started.body.process!.processId;
    const heard = await until(
      'processes:update complete',
      async () =>
        events
          .filter((e) => e.event === 'processes:update')
          .map((e) => (e.payload as { process: AdminProcess }).process)
          .filter((p) => p.processId === processId),
      (seen) => seen.some((p) => p.state === 'complete'),
    );
    expect(heard.map((p) => p.state)).toContain('running');
    expect(heard.find((p) => p.state === 'complete')).toMatchObject({ type: 'probeRows', report: { summary: { rows: 250 } } });
    socket.disconnect();
    const done = await settled(started.body.process!.processId, ['complete', 'errored']);
    expect(done.state).toBe('complete');
    expect(done.report!.errorsList).toHaveLength(200);
    expect(done.report!.errorsList[0]).toEqual({ row: 1, field: 'email', message: 'row 1 has no email' });
    expect(done.report!.errorsTruncated).toBe(true);
    expect(done.report!.summary).toEqual({ rows: 250, rejected: 250 });
    const res = await download(done.report!.file!.downloadUrl);
    expect(await res.text()).toBe('probe file\n');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="probe.txt"; filename*=UTF-8''probe.txt`);
  });

  it('a type that throws is failed, then errored with its message once its job is dead', async () => {
    const started = await start('probeFails', { payload: {} });
    expect(started.status).toBe(201);
    const processId = started.body.process!.processId;
    const failed = await settled(processId, ['failed', 'errored']);
    expect(failed.state).toBe('failed');
    expect(failed.error).toBe(PROBE_FAILURE);
    const errored = await until(
      'the probe errored',
      async () => (await read(processId)).body,
      (p) => p.state === 'errored',
      30_000,
    );
    expect(errored).toMatchObject({ state: 'errored', completed: false, error: PROBE_FAILURE });
    expect(errored.finishedAt).toBeGreaterThan(0);
  }, 40_000);

  it('a starter who lost the grant before the run is refused at the run: errored, no file', async () => {
    // Elena held read on profiles when she started it (the row is as the start writes it); she has lost it since.
    const processId = `lost-${Date.now()}`;
    const now = Date.now();
    await processesDb(api.server.ctx.store.kysely)
      .insertInto('processes')
      .values({
        process_id: processId,
        type: 'exportMembers',
        kind: 4,
        state: 'started',
        progress: JSON.stringify({ rows: 0, stepCompletion: 0 }),
        payload: JSON.stringify({ format: 'csv' }),
        report: null,
        error: null,
        report_read: 0,
        started_by: 'elena',
        job_id: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .execute();
    await enqueue(api.server.ctx, 'processes.run', { processId });
    const done = await settled(processId, ['errored', 'complete']);
    expect(done.state).toBe('errored');
    expect(done.error).toBe('refused: the account that started it no longer holds read on profiles');
    expect(done.report).toBeUndefined();
  });

  it('an export stops at the row cap and its report says so', async () => {
    const { EXPORT_LIMITS } = await import('../../server/processes/sheet');
    const cap = EXPORT_LIMITS.maxRows;
    EXPORT_LIMITS.maxRows = 3;
    try {
      const done = await finishedExport('exportMembers', { format: 'csv' });
      expect(done.report!.summary).toMatchObject({ rows: 3, capped: true, note: 'stopped at 3 rows: filter by lists to export the rest' });
      expect(done.progress).toMatchObject({ rows: 3, totalRows: 3 });
      const records = csvRecords((await (await download(done.report!.file!.downloadUrl)).text()).replace(/^\uFEFF/, ''));
      if (typeof records === 'string') throw new Error(records);
      expect(records).toHaveLength(4);
    } finally {
      EXPORT_LIMITS.maxRows = cap;
    }
  });

  it('a week after its process finished, an export file is swept and the report says so', async () => {
    const done = await finishedExport('exportListMembers', { format: 'csv', listId: 'makers' });
    const { sweepProcessFiles, FILE_KEEP_MS } = await import('../../server/processes/sweep');
    // Not yet a week: kept.
    await sweepProcessFiles(api.server.ctx);
    expect((await download(done.report!.file!.downloadUrl)).status).toBe(200);
    await sweepProcessFiles(api.server.ctx, done.finishedAt! + FILE_KEEP_MS + 1);
    const after = (await read(done.processId)).body;
    expect(after.report!.file).toBeUndefined();
    expect(after.report!.summary).toMatchObject({ rows: done.report!.summary.rows, fileRemoved: done.report!.file!.name });
    expect((await download(done.report!.file!.downloadUrl)).status).toBe(404);
  });
});
