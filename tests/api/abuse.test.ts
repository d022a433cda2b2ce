/**
 * Abuse reports and the moderation queue (schemas/model/api/abuse.ts; community §2 reportAbuse, §3
 * Abuse report, §4 abuseReported, §6 abuseReports) on SQLite and PostgreSQL, one server per half:
 * members report profiles and chat messages they can see (one waiting report per reporter and
 * item, never their own content, the hourly limit), moderators read the queue and the detail and
 * move statuses (ABUSE_STATUS_MOVES, 409 naming both states), every action audited; members and
 * staff without abuseReports get 403 on every moderator call and change nothing; bad input is a 400
 * naming what was wrong; moderators hear `abuseReported` and `abuse:queueChanged`; the chat's report
 * call files into the queue and the chat domain's old `chat_reports` rows are copied into it;
 * a hidden comment leaves the public list live (`communications:removed`), its author told why.
 */
import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ABUSE_BULK_MAX, ABUSE_REASON_MAX } from '../../engine/core/abuse';
import type { AbuseContent, AbuseQueueEvent, AbuseQueueResponse, AbuseReport, AbuseReportDetail, AbuseUpdateResponse } from '../../schemas/model/api/abuse';
import type { CommunicationListResponse } from '../../schemas/model/api/communications';
import type { ChatMessage, ChatReportResponse, ChatSummary } from '../../schemas/model/api/chat';
import type { AdminDashboardResponse } from '../../schemas/model/api/staff';
import { DEMO_OPEN_REPORT, DEMO_REPORTED_COMMENT, DEMO_RESOLVED_REPORT } from '../../server/abuse/seed';
import { describeBackends } from '../helpers/backends';
import { emitAck, nextEvent, socketFor } from '../helpers/sockets';
import { until } from '../helpers/until';

type Message = { error: string; message: string };
type AnyDb = Kysely<any>;

describeBackends('abuse reports', { env: { RATE_LIMIT_SCALE: '1', RATE_LIMITS: 'signIn=300/60,abuseReport=14/3600' } }, (api) => {
  const tokens: Record<string, string> = {};
  const people = ['admin', 'maya', 'victor', 'elena', 'amara', 'bruno', 'chloe', 'dev', 'farid', 'grace', 'hiro', 'elif', 'kemi', 'owen'];
  const db = () => api.server.ctx.store.kysely as unknown as AnyDb;

  beforeAll(async () => {
    for (const p of people) tokens[p] = await api.signIn(p);
  });

  const report = (who: string, body: unknown) => api.call<AbuseReport & Message>('POST', 'reportAbuse', { token: tokens[who], body });
  const search = (who: string, query = '') => api.call<AbuseQueueResponse & Message>('GET', `reportAbuse/search${query}`, { token: tokens[who] });
  const detail = (who: string, id: string, bulk = true) =>
    api.call<AbuseReportDetail & Message>('GET', `reportAbuse/${encodeURIComponent(id)}${bulk ? '?bulkReports=true' : ''}`, { token: tokens[who] });
  const update = (who: string, body: unknown) => api.call<AbuseUpdateResponse & Message>('POST', 'reportAbuse/update', { token: tokens[who], body });
  const reportRows = async () => (await db().selectFrom('abuse_reports').selectAll().orderBy('id').execute()) as { id: string; status: string }[];
  const historyRows = async () => (await db().selectFrom('abuse_history').selectAll().orderBy('id').execute()) as unknown[];

  it('the demo: an open report for Ada, and a resolved one with its history', async () => {
    const open = await search('admin');
    expect(open.status).toBe(200);
    const demo = open.body.items.find((i) => i.report.id === DEMO_OPEN_REPORT);
    expect(demo).toMatchObject({ reportCount: 1, categories: ['spam'], contentState: 'visible' });
    expect(demo!.excerpt).toBe('Beautiful grain. Is it food safe?');
    expect(open.body.openCount).toBeGreaterThanOrEqual(1);
    const resolved = await search('admin', '?status=resolved');
    expect(resolved.body.items.map((i) => i.report.id)).toContain(DEMO_RESOLVED_REPORT);
    const d = await detail('admin', DEMO_RESOLVED_REPORT);
    expect(d.body.report.status).toBe('resolved');
    expect(d.body.content).toMatchObject({ reportedType: 'profile', contentState: 'visible', profile: { accountId: 'owen', name: 'Owen Evans' } });
    expect(d.body.history.map((h) => h.action)).toEqual(['reported', 'status', 'comment', 'status']);
    const comment = await detail('admin', DEMO_OPEN_REPORT);
    expect(comment.body.report).toMatchObject({ reportedType: 'comment', reportedId: DEMO_REPORTED_COMMENT, reporterId: 'chloe', authorId: 'victor' });
    expect(comment.body.content).toMatchObject({ contentState: 'visible', communication: { id: DEMO_REPORTED_COMMENT }, parent: { id: 'demo-post-woodwork' } });
    expect(comment.body.content.href).toMatch(/\?post=demo-post-woodwork$/);
  });

  it('files a report on a profile (201), answers the same report again (200), tells the moderators', async () => {
    const adminSocket = await socketFor(api.url, tokens.admin);
    try {
      const heard = nextEvent<AbuseQueueEvent>(adminSocket, 'abuse:queueChanged');
      const first = await report('maya', { reportedType: 'profile', reportedId: 'hiro', category: 'harassment', data: { reason: 'Rude <b>messages</b>' } });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        reportedType: 'profile',
        reportedId: 'hiro',
        category: 'harassment',
        status: 'open',
        reporterId: 'maya',
        authorId: 'hiro',
      });
      expect(first.body.data.reason).toBe('Rude <b>messages</b>');
      expect((await heard).openCount).toBeGreaterThanOrEqual(2);
      const again = await report('maya', { reportedType: 'profile', reportedId: 'hiro', category: 'spam' });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      expect(again.body.category).toBe('harassment');
      // Another reporter on the same item: one queue row with two reports.
      expect((await report('grace', { reportedType: 'profile', reportedId: 'hiro', category: 'spam' })).status).toBe(201);
      const row = (await search('admin', '?reportedType=profile')).body.items.find((i) => i.report.reportedId === 'hiro');
      expect(row).toMatchObject({ reportCount: 2, contentState: 'visible', excerpt: 'Hiro Tanaka' });
      expect(row!.categories.sort()).toEqual(['harassment', 'spam']);
      const bulk = await detail('admin', first.body.id);
      expect(bulk.body.reports?.map((r) => r.reporterId).sort()).toEqual(['grace', 'maya']);
      expect(bulk.body.history.filter((h) => h.action === 'reported')).toHaveLength(2);
      expect((await detail('admin', first.body.id, false)).body.reports).toBeUndefined();
      // Ada hears abuseReported (one notification per item: the replacement rule).
      const notes = await until(
        'the abuseReported notification',
        () =>
          db()
            .selectFrom('notifications')
            .select(['event', 'data', 'replace_key'])
            .where('recipient', '=', 'admin')
            .where('event', '=', 'abuseReported')
            .execute(),
        (rows) => rows.some((r) => String(r.replace_key).includes('abuse:profile:hiro')),
      );
      expect(notes.filter((r) => String(r.replace_key).includes('abuse:profile:hiro'))).toHaveLength(1);
      expect(JSON.parse(notes.find((r) => String(r.replace_key).includes('abuse:profile:hiro'))!.data).url).toMatch(/^\/admin\/reportAbuse\//);
      const dashboard = await api.call<AdminDashboardResponse>('GET', 'admin/dashboard', { token: tokens.admin });
      expect(dashboard.body.abuseReports).toBe((await search('admin')).body.openCount);
    } finally {
      adminSocket.disconnect();
    }
  });

  it('refuses her own content (400), what she cannot see (404), and bad input by name, storing nothing', async () => {
    const before = [await reportRows(), await historyRows()];
    const cases: [unknown, number, RegExp][] = [
      [{ reportedType: 'profile', reportedId: 'maya', category: 'spam' }, 400, /your own profile/],
      [{ reportedType: 'profile', reportedId: 'nobody-here', category: 'spam' }, 404, /profile "nobody-here"/],
      [{ reportedType: 'profile', reportedId: 'victor', category: 'rude' }, 400, /category/],
      [{ reportedType: 'profile', reportedId: 'victor', category: '__proto__' }, 400, /category/],
      [{ reportedType: 'page', reportedId: 'victor', category: 'spam' }, 400, /reportedType/],
      [{ reportedType: 'constructor', reportedId: 'victor', category: 'spam' }, 400, /reportedType/],
      [{ reportedType: 'profile', reportedId: 'victor' }, 400, /category/],
      [{ reportedType: 'profile', reportedId: 'victor', category: 'spam', data: { reason: 'x'.repeat(ABUSE_REASON_MAX + 1) } }, 400, /reason is too long/],
      [{ reportedType: 'profile', reportedId: 'victor', category: 'spam', data: 'words' }, 400, /data/],
      [{ reportedType: 'chatMessage', reportedId: '999999999', category: 'spam' }, 404, /chatMessage/],
      [{ reportedType: 'post', reportedId: 'no-such-post', category: 'spam' }, 404, /post/],
    ];
    for (const [k, [body, status, message]] of cases.entries()) {
      const res = await report(k === 0 ? 'maya' : 'owen', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const proto = await api.call<Message>('POST', 'reportAbuse', {
      token: tokens.owen,
      rawBody: '{"reportedType":"profile","reportedId":"victor","__proto__":{"category":"spam"}}',
      contentType: 'application/json',
    });
    expect(proto.status).toBe(400);
    expect(proto.body.message).toMatch(/__proto__/);
    expect([await reportRows(), await historyRows()]).toEqual(before);
  });

  it('chat messages: only a participant reports one; the chat report call files into the queue in its own shape', async () => {
    const chat = (await api.call<ChatSummary>('PUT', 'chat/private', { token: tokens.dev, body: { to: 'farid' } })).body;
    const sent = (await api.call<ChatMessage>('PUT', `chat/private/${chat.id}`, { token: tokens.dev, body: { message: 'Buy cheap watches at example.org' } }))
      .body;
    expect((await report('chloe', { reportedType: 'chatMessage', reportedId: sent.id, category: 'spam' })).status).toBe(404);
    expect((await report('dev', { reportedType: 'chatMessage', reportedId: sent.id, category: 'spam' })).status).toBe(400);
    const filed = await report('farid', { reportedType: 'chatMessage', reportedId: sent.id, category: 'spam' });
    expect(filed.status).toBe(201);
    expect(filed.body.authorId).toBe('dev');
    const viaChat = await api.call<ChatReportResponse>('POST', `chat/private/${chat.id}/${sent.id}/report`, {
      token: tokens.farid,
      body: { reason: 'spam again' },
    });
    expect(viaChat.status).toBe(200);
    expect(viaChat.body).toEqual({ id: filed.body.id, messageId: sent.id, state: 'open' });
    const sent2 = (await api.call<ChatMessage>('PUT', `chat/private/${chat.id}`, { token: tokens.dev, body: { message: 'And more watches' } })).body;
    const viaChat2 = await api.call<ChatReportResponse>('POST', `chat/private/${chat.id}/${sent2.id}/report`, {
      token: tokens.farid,
      body: { reason: 'watches' },
    });
    expect(viaChat2.status).toBe(201);
    const d = await detail('admin', viaChat2.body.id);
    expect(d.body.report).toMatchObject({ reportedType: 'chatMessage', reportedId: sent2.id, category: 'other', data: { reason: 'watches' }, authorId: 'dev' });
    expect(d.body.content.chatMessage).toMatchObject({ chatId: chat.id, from: 'dev', message: 'And more watches' });
    const row = (await search('admin', '?reportedType=chatMessage')).body.items.find((i) => i.report.reportedId === sent.id);
    expect(row).toMatchObject({ excerpt: 'Buy cheap watches at example.org', contentState: 'visible' });
  });

  it('posts and comments: a moderator hides one (gone from the public list, live), re-enables and deletes it with a reason told to the author', async () => {
    const written = await api.call<{ id: string }>('PUT', 'structure/block/lounge-swap/comment', {
      token: tokens.maya,
      body: { comment: 'Cheap watches, write to me' },
    });
    expect(written.status).toBe(200);
    const id = written.body.id;
    expect((await report('maya', { reportedType: 'comment', reportedId: id, category: 'spam' })).status).toBe(400);
    // Victor (not a maker) cannot see the makers' lounge: nothing there to report for him.
    expect((await report('victor', { reportedType: 'comment', reportedId: id, category: 'spam' })).status).toBe(404);
    expect((await report('elif', { reportedType: 'post', reportedId: id, category: 'spam' })).status).toBe(404);
    const filed = await report('elif', { reportedType: 'comment', reportedId: id, category: 'spam', data: { reason: 'An advert' } });
    expect(filed.status).toBe(201);
    expect(filed.body.authorId).toBe('maya');
    const row = (await search('admin', '?reportedType=comment')).body.items.find((i) => i.report.reportedId === id);
    expect(row).toMatchObject({ excerpt: 'Cheap watches, write to me', contentState: 'visible', reportCount: 1 });
    const inContext = await api.call<AbuseContent>('GET', `reportAbuse/communication/${id}`, { token: tokens.admin });
    expect(inContext.status).toBe(200);
    expect(inContext.body).toMatchObject({ reportedType: 'comment', contentState: 'visible', communication: { id, from: 'maya' } });
    expect((await api.call('GET', 'reportAbuse/communication/no-such-post', { token: tokens.admin })).status).toBe(404);

    const listed = async () =>
      (await api.call<CommunicationListResponse>('GET', 'communications/lounge-swap?limit=50', { token: tokens.elif })).body.items.map((c) => c.id);
    expect(await listed()).toContain(id);
    const elifSocket = await socketFor(api.url, tokens.elif);
    try {
      expect(await emitAck(elifSocket, 'communications:subscribe', { id: 'lounge-swap' })).toEqual({ ok: true });
      const removed = nextEvent<{ id: string }>(elifSocket, 'communications:removed');
      const hidden = await api.call<AbuseReportDetail>('POST', 'reportAbuse/hideCommunicationAdmin', { token: tokens.admin, body: { id: filed.body.id } });
      expect(hidden.status).toBe(200);
      expect(hidden.body.content.contentState).toBe('hidden');
      expect(hidden.body.report.status).toBe('resolved');
      expect(hidden.body.history.map((h) => h.action)).toEqual(['reported', 'hidden', 'status']);
      expect((await removed).id).toBe(id);
    } finally {
      elifSocket.disconnect();
    }
    expect(await listed()).not.toContain(id);
    const told = await until(
      'the author to be told',
      () => db().selectFrom('notifications').select(['event', 'message']).where('recipient', '=', 'maya').where('event', '=', 'contentModerated').execute(),
      (rows) => rows.length > 0,
    );
    expect(told[0].message).toMatch(/hid your comment/);

    const enabled = await api.call<AbuseReportDetail>('POST', 'reportAbuse/enableCommunicationAdmin', { token: tokens.admin, body: { id: filed.body.id } });
    expect(enabled.body.content.contentState).toBe('visible');
    expect(await listed()).toContain(id);
    expect(
      (await api.call<Message>('POST', 'reportAbuse/deleteCommunicationAdmin', { token: tokens.admin, body: { id: filed.body.id, reason: 'x'.repeat(1001) } }))
        .status,
    ).toBe(400);
    const deleted = await api.call<AbuseReportDetail>('POST', 'reportAbuse/deleteCommunicationAdmin', {
      token: tokens.admin,
      body: { id: filed.body.id, reason: 'Adverts are not allowed here.' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.content.contentState).toBe('deleted');
    expect(deleted.body.history.find((h) => h.action === 'deleted')?.message).toBe('Adverts are not allowed here.');
    await until(
      'the deletion to be told',
      () => db().selectFrom('notifications').select(['message']).where('recipient', '=', 'maya').where('event', '=', 'contentModerated').execute(),
      (rows) => rows.some((r) => String(r.message).includes('Adverts are not allowed here.')),
    );
    const again = await api.call<Message>('POST', 'reportAbuse/hideCommunicationAdmin', { token: tokens.admin, body: { id: filed.body.id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/deleted already/);
    const audit = await db().selectFrom('audit_log').select('log_type').where('subject', '=', `comment:${id}`).execute();
    expect(audit.map((r) => r.log_type).sort()).toEqual(['abuse.delete', 'abuse.enable', 'abuse.hide']);
  });

  it('moves statuses one or in bulk; a refused move is a 409 naming both states and changes nothing', async () => {
    const a = (await report('amara', { reportedType: 'profile', reportedId: 'owen', category: 'spam' })).body;
    const b = (await report('bruno', { reportedType: 'profile', reportedId: 'kemi', category: 'hate' })).body;
    const bulk = await update('admin', { ids: [a.id, b.id], status: 'inReview' });
    expect(bulk.status).toBe(200);
    expect(bulk.body.updated.map((r) => r.status)).toEqual(['inReview', 'inReview']);
    expect((await search('admin', '?status=inReview')).body.items.map((i) => i.report.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await update('admin', { id: a.id, status: 'resolved' })).body.updated[0].status).toBe('resolved');
    const before = [await reportRows(), await historyRows()];
    const refused = await update('admin', { ids: [b.id, a.id], status: 'inReview' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/from resolved to inReview/);
    expect([await reportRows(), await historyRows()]).toEqual(before);
    for (const [body, message] of [
      [{ id: a.id, status: 'closed' }, /status/],
      [{ id: a.id, status: '__proto__' }, /status/],
      [{ status: 'open' }, /id or ids/],
      [{ id: a.id, ids: [a.id], status: 'open' }, /not both/],
      [{ ids: Array.from({ length: ABUSE_BULK_MAX + 1 }, (_, i) => `r${i}`), status: 'open' }, /at most 100/],
      [{ ids: [7], status: 'open' }, /ids/],
    ] as [unknown, RegExp][]) {
      const res = await update('admin', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await update('admin', { ids: [b.id, 'no-such-report'], status: 'dismissed' })).status).toBe(404);
    expect([await reportRows(), await historyRows()]).toEqual(before);
    // Reopened: open again, and the reporter's second report on it is the same report.
    expect((await update('admin', { id: a.id, status: 'open' })).body.updated[0].status).toBe('open');
    expect((await report('amara', { reportedType: 'profile', reportedId: 'owen', category: 'other' })).body.id).toBe(a.id);
    // A note, kept in the history and the audit log.
    const noted = await api.call<AbuseReportDetail>('POST', 'reportAbuse/commentCommunicationAdmin', {
      token: tokens.admin,
      body: { id: b.id, message: 'Asked Kemi.' },
    });
    expect(noted.status).toBe(200);
    expect(noted.body.history.at(-1)).toMatchObject({ action: 'comment', by: 'admin', message: 'Asked Kemi.' });
    expect((await api.call<Message>('POST', 'reportAbuse/commentCommunicationAdmin', { token: tokens.admin, body: { id: b.id, message: ' ' } })).status).toBe(
      400,
    );
    const audit = await db().selectFrom('audit_log').select(['log_type', 'account_id']).where('log_type', 'like', 'abuse.%').execute();
    expect(audit.map((r) => r.log_type)).toEqual(expect.arrayContaining(['abuse.status', 'abuse.comment']));
    expect(audit.every((r) => r.account_id === 'admin')).toBe(true);
    // Hide and delete are for posts and comments only.
    const hide = await api.call<Message>('POST', 'reportAbuse/hideCommunicationAdmin', { token: tokens.admin, body: { id: b.id } });
    expect(hide.status).toBe(400);
    expect(hide.body.message).toMatch(/only a post or a comment/);
    const del = await api.call<Message>('POST', 'reportAbuse/deleteCommunicationAdmin', { token: tokens.admin, body: { id: b.id } });
    expect(del.status).toBe(400);
    expect(del.body.message).toMatch(/reason/);
  });

  it('reads the queue by cursor and refuses bad filters by name', async () => {
    const first = await search('admin', '?status=open,inReview,resolved,dismissed&limit=2');
    expect(first.body.items).toHaveLength(2);
    expect(first.body.more).toBe(true);
    const second = await search('admin', `?status=open,inReview,resolved,dismissed&limit=2&cursor=${first.body.cursor}`);
    expect(second.body.items.length).toBeGreaterThan(0);
    const seen = [...first.body.items, ...second.body.items].map((i) => `${i.report.reportedType}|${i.report.reportedId}`);
    expect(new Set(seen).size).toBe(seen.length);
    for (const [query, message] of [
      ['?status=closed', /status/],
      ['?reportedType=page', /reportedType/],
      ['?category=rude', /category/],
      ['?limit=0', /limit/],
      ['?cursor=nonsense', /cursor/],
    ] as [string, RegExp][]) {
      const res = await search('admin', query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await detail('admin', 'no-such-report')).status).toBe(404);
    const q = await search('admin', '?q=hiro');
    expect(q.body.items.every((i) => i.report.reportedId === 'hiro' || i.report.reporterId === 'hiro' || i.report.authorId === 'hiro')).toBe(true);
  });

  it('members and staff without abuseReports get 403 on every moderator call, and nothing changes', async () => {
    const before = [await reportRows(), await historyRows()];
    const calls: [string, string, unknown?][] = [
      ['GET', 'reportAbuse/search'],
      ['GET', `reportAbuse/${DEMO_OPEN_REPORT}?bulkReports=true`],
      ['GET', 'reportAbuse/communication/any-post'],
      ['POST', 'reportAbuse/hideCommunicationAdmin', { id: DEMO_OPEN_REPORT }],
      ['POST', 'reportAbuse/deleteCommunicationAdmin', { id: DEMO_OPEN_REPORT, reason: 'no' }],
      ['POST', 'reportAbuse/enableCommunicationAdmin', { id: DEMO_OPEN_REPORT }],
      ['POST', 'reportAbuse/commentCommunicationAdmin', { id: DEMO_OPEN_REPORT, message: 'hi' }],
      ['POST', 'reportAbuse/update', { id: DEMO_OPEN_REPORT, status: 'dismissed' }],
    ];
    for (const who of ['maya', 'elena'])
      for (const [method, path, body] of calls) {
        const res = await api.call<Message>(method, path, { token: tokens[who], body });
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
      }
    expect((await api.call('GET', 'reportAbuse/search')).status).toBe(401);
    expect([await reportRows(), await historyRows()]).toEqual(before);
    const dashboard = await api.call<AdminDashboardResponse>('GET', 'admin/dashboard', { token: tokens.elena });
    expect(dashboard.body.abuseReports).toBeUndefined();
  });

  it(`a member files at most the hourly limit of reports (429 beyond, nothing stored)`, async () => {
    const targets = ['maya', 'victor', 'amara', 'bruno', 'chloe', 'dev', 'elif', 'grace', 'hiro', 'imogen', 'jonas', 'lars', 'mei', 'nadia'];
    for (const t of targets) expect((await report('kemi', { reportedType: 'profile', reportedId: t, category: 'other' })).status).toBe(201);
    const before = await reportRows();
    const over = await report('kemi', { reportedType: 'profile', reportedId: 'priya', category: 'other' });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/abuse reports/);
    expect(await reportRows()).toEqual(before);
  });

  it("copies the chat domain's old chat_reports rows into the queue (a database made before the abuse domain)", async () => {
    const chat = (await api.call<ChatSummary>('PUT', 'chat/private', { token: tokens.chloe, body: { to: 'hiro' } })).body;
    const sent = (await api.call<ChatMessage>('PUT', `chat/private/${chat.id}`, { token: tokens.hiro, body: { message: 'An old rude message' } })).body;
    await sql`insert into chat_reports (id, message_id, chat_id, reporter, reason, state, created_at) values
      ('old-1', ${sent.id}, ${chat.id}, 'chloe', 'Rude, from before', 'open', ${Date.now() - 1000}),
      ('old-2', ${sent.id}, ${chat.id}, 'owen', 'Handled long ago', 'closed', ${Date.now() - 2000})`.execute(db());
    await sql`delete from kysely_migration where name = '20261201T0910_abuse_chat_reports'`.execute(db());
    await api.restart();
    tokens.admin = await api.signIn('admin');
    const copied = await detail('admin', 'chat-old-1');
    expect(copied.status).toBe(200);
    expect(copied.body.report).toMatchObject({
      reportedType: 'chatMessage',
      reportedId: sent.id,
      category: 'other',
      data: { reason: 'Rude, from before' },
      status: 'open',
      reporterId: 'chloe',
      authorId: 'hiro',
    });
    expect(copied.body.reports?.map((r) => [r.id, r.status]).sort()).toEqual([
      ['chat-old-1', 'open'],
      ['chat-old-2', 'resolved'],
    ]);
    expect(copied.body.history.filter((h) => h.action === 'reported')).toHaveLength(2);
    // Run again (a second start): nothing copied twice.
    await sql`delete from kysely_migration where name = '20261201T0910_abuse_chat_reports'`.execute(db());
    await api.restart();
    const rows = await db().selectFrom('abuse_reports').select('id').where('id', 'like', 'chat-old-%').execute();
    expect(rows).toHaveLength(2);
  });
});
