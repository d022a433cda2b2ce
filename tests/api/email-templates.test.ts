/**
 * The email template calls and the outbox calls, on SQLite and PostgreSQL (one server each, no
 * SMTP_URL, so emails end in the outbox): the built-in templates of every notification event,
 * add (responseCode 100; handlebars that does not compile, bad fields and unsafe HTML refused or
 * sanitised; nothing stored on a refusal), delete (built-ins refused), the master templates and
 * legal footers, the outbox by cursor and state with one email's HTML and text, a template per
 * language with '' as the fallback, and the permission refusals (Maya gets 403).
 */
import { beforeAll, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '../../engine/core/notifications';
import type {
  EmailLayoutsResponse,
  EmailOutboxMessage,
  EmailOutboxResponse,
  EmailTemplateResultResponse,
  EmailTemplatesResponse,
} from '../../schemas/model/api/email';
import { sendEmail } from '../../server/email/send';
import { jobsDb } from '../../server/jobs/jobs-table';
import { describeBackends } from '../helpers/backends';
import { until } from '../helpers/until';

describeBackends('email templates and outbox', { env: { JOBS_POLL_MS: '50' } }, (api) => {
  let admin: string;
  let maya: string;
  const templates = async () => (await api.call<EmailTemplatesResponse>('GET', 'service/coreAPI/getServiceEmailTemplates', { token: admin })).body.templates;
  const add = (body: unknown, token = admin) => api.call<EmailTemplateResultResponse>('POST', 'service/coreAPI/addEmailTemplate', { token, body });
  const remove = (body: unknown, token = admin) => api.call<EmailTemplateResultResponse>('POST', 'service/coreAPI/deleteEmailTemplate', { token, body });
  const outbox = (query = '', token = admin) => api.call<EmailOutboxResponse>('GET', `admin/email/outbox${query}`, { token });

  beforeAll(async () => {
    admin = await api.signIn('admin');
    maya = await api.signIn('maya');
  });

  it('lists a built-in template for every notification event, with its parameters', async () => {
    const all = await templates();
    for (const event of NOTIFICATION_EVENTS) {
      const template = all.find((t) => t.templateId === `notification.${event}` && t.language === '');
      expect(template, event).toMatchObject({ builtIn: true, parameterList: ['title', 'message', 'link', 'recipientName', 'siteName', 'fromName'] });
    }
    expect(all.find((t) => t.templateId === 'welcome')).toMatchObject({ builtIn: true, language: '' });
  });

  it('answers the master templates (MJML) and the legal footers, one of each active', async () => {
    const masters = (await api.call<EmailLayoutsResponse>('GET', 'emailTemplates/getEmailMasterTemplates', { token: admin })).body.items;
    expect(masters).toEqual([expect.objectContaining({ id: 'default', active: true }), expect.objectContaining({ id: 'plain', active: false })]);
    expect(masters[0].source).toContain('<mjml>');
    const footers = (await api.call<EmailLayoutsResponse>('GET', 'emailTemplates/getEmailLegalFooters', { token: admin })).body.items;
    expect(footers).toEqual([expect.objectContaining({ id: 'default', active: true }), expect.objectContaining({ id: 'short', active: false })]);
    expect(footers[0].source).toContain('{{unsubscribeUrl}}');
  });

  it('adds a template (responseCode 100) with its HTML sanitised, and replaces it on a second add', async () => {
    const res = await add({
      templateId: 'event.reminder',
      subject: 'Reminder: {{eventName}}',
      html: '<p style="color: #333; background: url(https://x.example/t.png)">See you at {{eventName}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://cdn.example.org/logo.png" alt="Logo">',
      parameterList: ['eventName'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      responseCode: 100,
      template: { templateId: 'event.reminder', language: '', builtIn: false, parameterList: ['eventName'] },
    });
    expect(res.body.template!.html).toBe('<p style="color:#333">See you at {{eventName}}</p><a>x</a><img src="https://cdn.example.org/logo.png" alt="Logo" />');
    const again = await add({
      templateId: 'event.reminder',
      subject: 'Do not forget {{eventName}}',
      html: '<p>{{eventName}}</p>',
      parameterList: ['eventName'],
    });
    expect(again.body.responseCode).toBe(100);
    expect((await templates()).filter((t) => t.templateId === 'event.reminder')).toEqual([
      expect.objectContaining({ subject: 'Do not forget {{eventName}}', html: '<p>{{eventName}}</p>' }),
    ]);
  });

  it('refuses a template whose handlebars does not compile, naming the error, and stores nothing', async () => {
    const unclosed = await add({ templateId: 'broken.one', subject: 'Hi', html: '<p>{{#if title}}open</p>' });
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.responseCode).not.toBe(100);
    expect(unclosed.body.description).toMatch(/^html: the handlebars does not compile: .*(if|Expecting|Parse error)/);
    const helper = await add({ templateId: 'broken.two', subject: '{{shout title}}', html: '<p>x</p>' });
    expect(helper.status).toBe(400);
    expect(helper.body.description).toMatch(/^subject: the handlebars does not compile: .*shout/);
    expect((await templates()).filter((t) => t.templateId.startsWith('broken.'))).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ templateId: '1bad id', subject: 'S', html: '<p>x</p>' }, /templateId/],
      [{ templateId: 'ok.id', subject: '', html: '<p>x</p>' }, /subject/],
      [{ templateId: 'ok.id', subject: 'S' }, /html/],
      [{ templateId: 'ok.id', subject: 'S', html: '<p>x</p>', extra: 1 }, /extra/],
      [{ templateId: 'ok.id', subject: 'S', html: '<p>x</p>', language: 'not a language' }, /language/],
      [{ templateId: 'ok.id', subject: 'S', html: '<p>x</p>', parameterList: ['has space'] }, /parameterList/],
      [{ templateId: 'ok.id', subject: 'S', html: '<script>only()</script>' }, /html/],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.responseCode).toBe(400);
      expect(res.body.description).toMatch(field);
    }
    expect((await templates()).some((t) => t.templateId === 'ok.id')).toBe(false);
  });

  it('deletes an added template, refuses a built-in one and an unknown one', async () => {
    await add({ templateId: 'to.delete', language: 'fr', subject: 'S', html: '<p>x</p>' });
    const builtIn = await remove({ templateId: 'notification.mention' });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.responseCode).toBe(409);
    expect(builtIn.body.description).toMatch(/built-in/);
    expect((await remove({ templateId: 'to.delete' })).status).toBe(404);
    const done = await remove({ templateId: 'to.delete', language: 'fr' });
    expect(done.body).toEqual({ responseCode: 100, description: 'The email template is deleted' });
    expect((await templates()).some((t) => t.templateId === 'to.delete')).toBe(false);
    expect((await templates()).some((t) => t.templateId === 'notification.mention')).toBe(true);
    expect((await remove({ templateId: '../etc' })).status).toBe(400);
  });

  it('refuses every template and outbox call to a member (403), nothing stored', async () => {
    for (const [method, path] of [
      ['GET', 'service/coreAPI/getServiceEmailTemplates'],
      ['GET', 'emailTemplates/getEmailMasterTemplates'],
      ['GET', 'emailTemplates/getEmailLegalFooters'],
      ['GET', 'admin/email/outbox'],
      ['GET', 'admin/email/outbox/1'],
    ])
      expect((await api.call(method, path, { token: maya })).status, path).toBe(403);
    const added = await add({ templateId: 'maya.template', subject: 'S', html: '<p>x</p>' }, maya);
    expect(added.status).toBe(403);
    expect(added.body.responseCode).toBe(403);
    expect((await remove({ templateId: 'event.reminder' }, maya)).status).toBe(403);
    expect((await templates()).some((t) => t.templateId === 'event.reminder')).toBe(true);
    expect((await templates()).some((t) => t.templateId === 'maya.template')).toBe(false);
    expect((await api.call('GET', 'admin/email/outbox')).status).toBe(401);
  });

  it("renders the recipient's language template, '' as the fallback, into the outbox", async () => {
    await add({
      templateId: 'event.reminder',
      language: 'fr',
      subject: 'Rappel : {{eventName}}',
      html: '<p>À bientôt à {{eventName}}</p>',
      parameterList: ['eventName'],
    });
    await sendEmail(api.server.ctx, {
      accountId: 'victor',
      language: 'fr',
      templateId: 'event.reminder',
      params: { eventName: 'Repair <Café>' },
      key: 'tpl:fr',
    });
    await sendEmail(api.server.ctx, {
      accountId: 'victor',
      language: 'de',
      templateId: 'event.reminder',
      params: { eventName: 'Repair <Café>' },
      key: 'tpl:de',
    });
    const rows = await until(
      'both reminders in the outbox',
      async () => (await outbox('?limit=100')).body.items.filter((m) => m.templateId === 'event.reminder'),
      (items) => items.length === 2 && items.every((m) => m.state === 'sent'),
    );
    const fr = rows.find((m) => m.language === 'fr')!;
    expect(fr).toMatchObject({ subject: 'Rappel : Repair <Café>', to: 'victor@example.org', accountId: 'victor', transport: 'outbox', lastError: null });
    const de = rows.find((m) => m.language === 'de')!;
    expect(de.subject).toBe('Do not forget Repair <Café>');
    const full = (await api.call<EmailOutboxMessage>('GET', `admin/email/outbox/${fr.id}`, { token: admin })).body;
    // Escaped in the HTML, plain in the text; the master layout and the legal footer around it.
    expect(full.html).toContain('À bientôt à Repair &lt;Café&gt;');
    expect(full.html).toContain('Cet e-mail vous a été envoyé par Riverside Makers.');
    expect(full.text).toContain('À bientôt à Repair <Café>');
    expect(full.text).toContain('Cet e-mail vous a été envoyé par Riverside Makers.');
  });

  it("queues an email with the caller's transaction: rolled back, none; committed, one", async () => {
    const ctx = api.server.ctx;
    const email = { accountId: 'victor', templateId: 'notification.newDiscussion', params: { title: 'In a transaction', message: 'm' } };
    await expect(
      ctx.store.transaction(async (tx) => {
        await sendEmail(ctx, { ...email, key: 'tx:rolled-back' }, { tx });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await ctx.store.transaction((tx) => sendEmail(ctx, { ...email, key: 'tx:committed' }, { tx }));
    const rows = await until(
      'the committed email',
      async () => (await outbox('?limit=100')).body.items.filter((m) => m.subject === 'In a transaction'),
      // The outbox row is written with the transaction; the job sends it a moment later.
      (items) => items.length === 1 && items[0].state !== 'queued',
    );
    expect(rows[0].state).toBe('sent');
    const keys = await jobsDb(ctx.store.kysely).selectFrom('jobs').select('unique_key').where('unique_key', 'like', 'email:tx:%').execute();
    expect(keys.map((k) => k.unique_key)).toEqual(['email:tx:committed']);
    // Server code's mistakes are thrown at once, never queued.
    await expect(sendEmail(ctx, { accountId: null, templateId: 'welcome', params: {} })).rejects.toThrow(/accountId or a to address/);
    await expect(sendEmail(ctx, { accountId: 'victor', templateId: '../x', params: {} })).rejects.toThrow(/not a template id/);
    await expect(sendEmail(ctx, { accountId: 'victor', templateId: 'welcome', params: {}, key: 'k'.repeat(191) })).rejects.toThrow(/key/);
  });

  it('keeps an email it cannot send failed, naming why (no such template)', async () => {
    await sendEmail(api.server.ctx, { accountId: 'victor', templateId: 'no.such.template', params: {}, key: 'tpl:missing' });
    const [row] = await until(
      'the failed row',
      async () => (await outbox('?state=failed')).body.items.filter((m) => m.templateId === 'no.such.template'),
      (items) => items.length === 1,
    );
    expect(row.lastError).toMatch(/no email template "no.such.template"/);
  });

  it('pages the outbox newest first by cursor, filters by state, and refuses bad parameters', async () => {
    const all = (await outbox('?limit=100')).body.items;
    expect(all.length).toBeGreaterThan(3);
    const ids = all.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = (await outbox('?limit=2')).body;
    expect(first.items.map((m) => m.id)).toEqual(all.slice(0, 2).map((m) => m.id));
    const second = (await outbox(`?limit=2&cursor=${first.next}`)).body;
    expect(second.items.map((m) => m.id)).toEqual(all.slice(2, 4).map((m) => m.id));
    const sent = (await outbox('?state=sent&limit=100')).body.items;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.state === 'sent' && m.html === undefined)).toBe(true);
    for (const [query, field] of [
      ['?state=lost', /state/],
      ['?cursor=abc', /cursor/],
      ['?limit=0', /limit/],
      ['?limit=500', /limit/],
    ] as const) {
      const res = await outbox(query);
      expect(res.status, query).toBe(400);
      expect((res.body as unknown as { message: string }).message).toMatch(field);
    }
    expect((await api.call('GET', 'admin/email/outbox/abc', { token: admin })).status).toBe(400);
    expect((await api.call('GET', 'admin/email/outbox/999999999', { token: admin })).status).toBe(404);
  });

  it('has a welcome email for every demo account in the outbox (the living demo)', async () => {
    const accounts = (await api.server.ctx.store.list('account')).length;
    const welcome = await until(
      'the welcome emails',
      async () => (await outbox('?limit=100&state=sent')).body.items.filter((m) => m.templateId === 'welcome'),
      (items) => items.length === accounts,
      90_000,
    );
    expect(welcome.find((m) => m.accountId === 'maya')).toMatchObject({ to: 'maya@example.org', subject: 'Welcome to Riverside Makers', transport: 'outbox' });
  });
});
