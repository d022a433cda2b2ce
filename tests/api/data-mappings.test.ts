/**
 * Data mappings, event definitions and the members import, on SQLite and PostgreSQL (one real
 * server each): search with community §9's paging, create, read, update, delete, bad mappings
 * refused with the problem named and nothing stored, the event definitions built from the code,
 * the upload over HTTP (preview with the dry run of its first rows; 413 past 10 MB, a 50 MB body
 * refused by its declared size; not CSV 415), and the `importMembers` process started through the
 * processes domain (a bad payload refused naming it; dry run writes nothing; a real run creates, updates, adds to
 * the lists, keeps a formula cell as text, and a repeat creates nothing). Every call is refused to
 * a member (Maya) and to staff without the area (Elena) with 403.
 */
import http from 'node:http';
import { expect, it } from 'vitest';
import { csvCell } from '../../engine/core/csv';
import type { Profile } from '../../schemas/model';
import type {
  DataMapping,
  DataMappingFieldsResponse,
  DataMappingSearchResponse,
  EventDefinitionsResponse,
  MembersImportUploadResponse,
} from '../../schemas/model/api/mappings';
import type { AllProcessesResponse } from '../../schemas/model/api/processes';
import type { Account } from '../../server/model';
import { describeBackends } from '../helpers/backends';
import { runProcess } from '../helpers/processes';
import { upload } from '../helpers/uploads';

const MAPPING = {
  title: 'Volunteers sheet',
  data: {
    source: 'csv',
    match: { column: 'E-mail', profileField: 'email' },
    fields: [
      { column: 'E-mail', profileField: 'email' },
      { column: 'First', profileField: 'firstName', required: true },
      { column: 'Town', profileField: 'city', transform: 'trim' },
      { column: 'Skills', profileField: 'skills' },
      { column: 'Volunteer', profileField: 'volunteer', transform: 'boolean' },
    ],
    lists: ['volunteers'],
  },
};

const CSV = [
  'E-mail,First,Town,Skills,Volunteer',
  'ines@example.org,Ines, Leeds ,"=HYPERLINK(""http://evil.example"")",yes',
  'MAYA@example.org,Maya,London,woodwork,no',
  'not-an-email,Nobody,York,,yes',
  'ines@example.org,Ines again,Leeds,,yes',
  'jo@example.org,,Bath,,maybe',
].join('\r\n');

/** Sends the headers of a multipart body of `size` bytes and its first 64 KB only: the status the server answers. */
function declaredUpload(url: string, token: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/v1/admin/imports/members/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(size) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write('--x\r\ncontent-disposition: form-data; name="file"; filename="big.csv"\r\ncontent-type: text/csv\r\n\r\n' + 'a'.repeat(64 * 1024));
  });
}

describeBackends('data mappings', (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  const signIn = async () => {
    if (!admin) [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
  };
  const create = (body: unknown) => api.call<DataMapping & { message: string }>('PUT', 'dataMappings', { token: admin, body });
  const ctx = () => api.server.ctx;

  it('creates, reads, searches with paging 1/10 by default, updates and deletes a mapping', async () => {
    await signIn();
    const created = await create(MAPPING);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Volunteers sheet', data: MAPPING.data });
    expect(created.body.id).toMatch(/^dm-/);
    const read = await api.call<DataMapping>('GET', `dataMappings/${created.body.id}`, { token: admin });
    expect(read.body).toEqual(created.body);
    for (let i = 0; i < 11; i++) expect((await create({ ...MAPPING, title: `Paging ${String(i).padStart(2, '0')}` })).status).toBe(201);
    const first = await api.call<DataMappingSearchResponse>('GET', 'dataMappings/search?q=paging', { token: admin });
    expect(first.body).toMatchObject({ total: 11, page: 1, limit: 10 });
    expect(first.body.items.map((m) => m.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Paging ${String(i).padStart(2, '0')}`));
    const second = await api.call<DataMappingSearchResponse>('GET', 'dataMappings/search?q=PAGING&page=2', { token: admin });
    expect(second.body.items.map((m) => m.title)).toEqual(['Paging 10']);
    // The demo's mapping is there; a LIKE wildcard in q is taken literally.
    const all = await api.call<DataMappingSearchResponse>('GET', 'dataMappings/search?limit=50', { token: admin });
    expect(all.body.items.map((m) => m.title)).toContain('Members spreadsheet');
    expect((await api.call<DataMappingSearchResponse>('GET', 'dataMappings/search?q=%25', { token: admin })).body.total).toBe(0);
    const updated = await api.call<DataMapping>('POST', `dataMappings/${created.body.id}`, {
      token: admin,
      body: { ...MAPPING, title: 'Renamed sheet', data: { ...MAPPING.data, lists: [] } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Renamed sheet');
    expect(updated.body.data.lists).toBeUndefined();
    expect((await api.call('DELETE', `dataMappings/${created.body.id}`, { token: admin })).status).toBe(204);
    expect((await api.call('GET', `dataMappings/${created.body.id}`, { token: admin })).status).toBe(404);
    expect((await api.call('DELETE', `dataMappings/${created.body.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses a bad mapping naming what is wrong, and stores nothing', async () => {
    await signIn();
    const before = (await api.call<DataMappingSearchResponse>('GET', 'dataMappings/search', { token: admin })).body.total;
    const bad = async (data: unknown, text: RegExp, title = 'Bad') => {
      const res = await create({ title, data });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(text);
    };
    await bad(
      { ...MAPPING.data, fields: [...MAPPING.data.fields, { column: 'Shoe', profileField: 'shoeSize' }] },
      /fields\.5\.profileField: "shoeSize" is no profile field/,
    );
    await bad({ ...MAPPING.data, fields: [...MAPPING.data.fields, { column: 'town', profileField: 'bio' }] }, /column "town" is mapped twice/);
    await bad({ ...MAPPING.data, match: { column: 'Phone', profileField: 'phone' } }, /match column "Phone" is not one of the mapped columns/);
    await bad({ ...MAPPING.data, fields: MAPPING.data.fields.slice(1), match: { column: 'First', profileField: 'firstName' } }, /map a column to "email"/);
    await bad({ ...MAPPING.data, lists: ['no-such-list'] }, /lists: no user list "no-such-list"/);
    await bad({ ...MAPPING.data, lists: ['riverside'] }, /dynamic or system lists/);
    await bad({ ...MAPPING.data, fields: [{ column: 'E-mail', profileField: 'email', transform: 'uppercase' }] }, /transform/);
    await bad(MAPPING.data, /title must not be blank/, '   ');
    expect((await api.call('POST', 'dataMappings/dm-none', { token: admin, body: MAPPING })).status).toBe(404);
    expect((await api.call('GET', 'dataMappings/search?page=0', { token: admin })).body).toMatchObject({ message: /page must be a whole number/ });
    expect((await api.call('GET', 'dataMappings/search?limit=500', { token: admin })).status).toBe(400);
    expect((await api.call<DataMappingSearchResponse>('GET', 'dataMappings/search', { token: admin })).body.total).toBe(before);
  });

  it('lists the fields a mapping may write: the account fields and the profile form fields', async () => {
    await signIn();
    const res = await api.call<DataMappingFieldsResponse>('GET', 'dataMappings/profileFields', { token: admin });
    const keys = res.body.fields.map((f) => f.key);
    expect(keys.slice(0, 3)).toEqual(['email', 'firstName', 'lastName']);
    expect(keys).toEqual(expect.arrayContaining(['city', 'skills', 'volunteer', 'phone']));
    expect(res.body.fields.find((f) => f.key === 'volunteer')?.type).toBe('boolean');
  });

  it('lists every notification event and process type with the fields each provides', async () => {
    await signIn();
    const res = await api.call<EventDefinitionsResponse>('GET', 'eventDefinitions/getAllDefinitions', { token: admin });
    expect(res.status).toBe(200);
    const byHook = new Map(res.body.items.map((e) => [e.hook, e]));
    expect(byHook.get('notification.newMessage')).toMatchObject({
      source: 'notification',
      definition: { handlerData: { contextFields: expect.arrayContaining(['title', 'message', 'link', 'recipientName']) }, typeId: 9 },
    });
    expect(byHook.get('process.importMembers')).toEqual({
      hook: 'process.importMembers',
      source: 'process',
      domain: 'mappings',
      definition: { handlerData: { contextFields: ['uploadId', 'mappingId', 'dryRun'] }, kind: 7 },
    });
    const processHooks = ctx().domains.flatMap((d) => (d.processes ?? []).map((p) => `process.${p.type}`));
    expect(res.body.items.filter((e) => e.source === 'process').map((e) => e.hook)).toEqual([...processHooks].sort());
  });

  it('uploads a CSV and answers its header, rows and the dry run of its first rows', async () => {
    await signIn();
    const mapping = (await create(MAPPING)).body;
    const res = await upload<MembersImportUploadResponse>(api.url, `admin/imports/members/upload?mappingId=${mapping.id}`, admin, [
      { filename: 'people.csv', body: CSV, type: 'text/csv' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'people.csv', header: ['E-mail', 'First', 'Town', 'Skills', 'Volunteer'], totalRows: 5 });
    expect(res.body.rows[0]).toEqual({ row: 1, cells: ['ines@example.org', 'Ines', ' Leeds ', '=HYPERLINK("http://evil.example")', 'yes'] });
    expect(res.body.dryRun?.summary).toEqual({ rows: 5, create: 1, update: 1, skip: 3 });
    expect(res.body.dryRun?.errors).toEqual([
      { row: 3, field: 'E-mail', message: '"not-an-email" is no email address' },
      { row: 4, field: 'E-mail', message: 'the same "E-mail" as row 1' },
      { row: 5, field: 'First', message: '"First" is required' },
      { row: 5, field: 'Volunteer', message: '"maybe" is no yes/no value (true, false, yes, no, 1, 0)' },
    ]);
    // The stored file previews again, without a mapping too.
    const again = await api.call<MembersImportUploadResponse>('GET', `admin/imports/members/${res.body.uploadId}/preview`, { token: admin });
    expect(again.body).toMatchObject({ uploadId: res.body.uploadId, totalRows: 5 });
    expect(again.body.dryRun).toBeUndefined();
    // A mapping the file cannot satisfy: its missing columns named, nothing kept.
    const other = (await create({ ...MAPPING, data: { ...MAPPING.data, fields: [...MAPPING.data.fields, { column: 'Phone', profileField: 'phone' }] } })).body;
    const missing = await upload<{ message: string }>(api.url, `admin/imports/members/upload?mappingId=${other.id}`, admin, [
      { filename: 'people.csv', body: CSV, type: 'text/csv' },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/lacks the mapped column "Phone"/);
  });

  it('refuses a file that is too large, not CSV, not text or broken, naming why', async () => {
    await signIn();
    const big = 'email\r\n' + 'a@example.org\r\n'.repeat(Math.ceil((10 * 1024 * 1024) / 15) + 10);
    const tooBig = await upload<{ message: string }>(api.url, 'admin/imports/members/upload', admin, [{ filename: 'big.csv', body: big, type: 'text/csv' }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/10 MB/);
    // 50 MB declared: answered 413 after its first bytes, without waiting for (or buffering) the rest.
    expect(await declaredUpload(api.url, admin, 50 * 1024 * 1024)).toBe(413);
    const notCsv = await upload<{ message: string }>(api.url, 'admin/imports/members/upload', admin, [{ filename: 'x.png', body: 'PNG', type: 'image/png' }]);
    expect(notCsv.status).toBe(415);
    expect(notCsv.body.message).toMatch(/must be CSV \(text\/csv\), got image\/png/);
    const binary = await upload<{ message: string }>(api.url, 'admin/imports/members/upload', admin, [
      { filename: 'x.csv', body: Buffer.from([0xff, 0xfe, 0x00, 0x41]), type: 'text/csv' },
    ]);
    expect(binary.status).toBe(400);
    const broken = await upload<{ message: string }>(api.url, 'admin/imports/members/upload', admin, [
      { filename: 'x.csv', body: 'a,b\r\n"open', type: 'text/csv' },
    ]);
    expect(broken.body.message).toMatch(/no valid CSV: line 2: a quoted cell is not closed/);
    const json = await api.call('POST', 'admin/imports/members/upload', { token: admin, body: {} });
    expect(json.status).toBe(415);
  });

  it('refuses an import start whose payload is wrong against the state now, naming what, starting nothing', async () => {
    await signIn();
    const mapping = (await create(MAPPING)).body;
    const file = (
      await upload<MembersImportUploadResponse>(api.url, 'admin/imports/members/upload', admin, [{ filename: 'p.csv', body: CSV, type: 'text/csv' }])
    ).body;
    const start = (payload: Record<string, unknown>) =>
      api.call<{ message: string }>('POST', 'admin/process/importMembers/start', { token: admin, body: { payload } });
    const listed = async () =>
      (await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses?type=importMembers', { token: admin })).body.items.length;
    const before = await listed();
    for (const [payload, status, message] of [
      [{ uploadId: 'imp-none', mappingId: mapping.id, dryRun: true }, 404, /uploadId/],
      [{ uploadId: file.uploadId, mappingId: 'dm-none', dryRun: true }, 404, /mappingId/],
      [{ uploadId: file.uploadId, mappingId: mapping.id, dryRun: 'yes' }, 400, /dryRun/],
      [{ uploadId: file.uploadId, mappingId: mapping.id, dryRun: true, extra: 1 }, 400, /"extra"/],
    ] as const) {
      const res = await start(payload);
      expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await listed()).toBe(before);
  });

  it('runs a dry run writing nothing, then a real run, and a repeat creates nothing twice, each through the processes domain', async () => {
    await signIn();
    const mapping = (await create(MAPPING)).body;
    const file = (
      await upload<MembersImportUploadResponse>(api.url, 'admin/imports/members/upload', admin, [{ filename: 'p.csv', body: CSV, type: 'text/csv' }])
    ).body;
    const accounts = async () => (await ctx().store.list<Account>('account')).map((a) => a.data);
    const count = (await accounts()).length;

    const dry = await runProcess(api, admin, 'importMembers', { uploadId: file.uploadId, mappingId: mapping.id, dryRun: true });
    expect(dry).toMatchObject({ state: 'complete', kind: 7, report: { summary: { dryRun: true, rows: 5, wouldCreate: 1, wouldUpdate: 1, skipped: 3 } } });
    expect(dry.report?.errorsList.map((e) => e.row)).toEqual([3, 4, 5, 5]);
    expect(dry.progress).toEqual({ rows: 5, totalRows: 5, stepCompletion: 1 });
    expect((await accounts()).length).toBe(count);

    const real = await runProcess(api, admin, 'importMembers', { uploadId: file.uploadId, mappingId: mapping.id, dryRun: false });
    expect(real.report?.summary).toMatchObject({ dryRun: false, rows: 5, created: 1, updated: 1, unchanged: 0, skipped: 3 });
    const ines = (await accounts()).find((a) => a.email === 'ines@example.org');
    expect(ines).toMatchObject({ firstName: 'Ines', isAdmin: false, isElevated: false });
    const profile = (await ctx().store.get<Profile>('profile', ines!.accountId))?.data.data.profile;
    // Trimmed, read as a boolean, and the formula kept as the text it was; an export guards it.
    expect(profile).toMatchObject({ firstName: 'Ines', city: 'Leeds', volunteer: true, skills: '=HYPERLINK("http://evil.example")' });
    expect(csvCell(String(profile?.skills))).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    const mayaProfile = (await ctx().store.get<Profile>('profile', 'maya'))?.data.data.profile;
    expect(mayaProfile).toMatchObject({ city: 'London', skills: 'woodwork', volunteer: false, phone: '+44 20 7946 0000' });
    // Indexed like any member (the member index's write hook ran in the import's transaction).
    const found = await api.call<{ items: { accountId: string }[] }>('POST', 'profile/search', { token: admin, body: { text: 'Ines' } });
    expect(found.body.items.map((i) => i.accountId)).toContain(ines!.accountId);
    const inesLists = await ctx().membershipsOf(ines!.accountId);
    expect(inesLists.map((m) => [m.userListId, m.state])).toEqual([['volunteers', 'accepted']]);
    expect((await ctx().membershipsOf('maya')).find((m) => m.userListId === 'volunteers')?.state).toBe('accepted');

    const again = await runProcess(api, admin, 'importMembers', { uploadId: file.uploadId, mappingId: mapping.id, dryRun: false });
    expect(again.report?.summary).toMatchObject({ created: 0, updated: 0, unchanged: 2, skipped: 3 });
    expect((await accounts()).filter((a) => a.email === 'ines@example.org')).toHaveLength(1);
    expect((await accounts()).length).toBe(count + 1);
  });

  it('refuses every call to a member and to staff without the area, before anything is read or written', async () => {
    await signIn();
    const calls: [string, string, unknown?][] = [
      ['GET', 'dataMappings/search'],
      ['GET', 'dataMappings/dm-members-spreadsheet'],
      ['GET', 'dataMappings/profileFields'],
      ['PUT', 'dataMappings', MAPPING],
      ['POST', 'dataMappings/dm-members-spreadsheet', MAPPING],
      ['DELETE', 'dataMappings/dm-members-spreadsheet'],
      ['GET', 'eventDefinitions/getAllDefinitions'],
      ['GET', 'admin/imports/members/imp-x/preview'],
    ];
    for (const token of [maya, elena])
      for (const [method, path, body] of calls) {
        const res = await api.call<{ message: string }>(method, path, { token, body });
        expect([method, path, res.status]).toEqual([method, path, 403]);
      }
    for (const token of [maya, elena]) {
      const res = await upload(api.url, 'admin/imports/members/upload', token, [{ filename: 'p.csv', body: CSV, type: 'text/csv' }]);
      expect(res.status).toBe(403);
    }
    expect((await api.call<DataMapping>('GET', 'dataMappings/dm-members-spreadsheet', { token: admin })).body.title).toBe('Members spreadsheet');
    expect((await api.call('GET', 'dataMappings/search')).status).toBe(401);
  });
});
