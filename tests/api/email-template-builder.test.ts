/**
 * The email template builder's calls, on SQLite and PostgreSQL (one server each, sending over an
 * in-process SMTP server read with mailparser): one template with its language versions, the
 * rules over a draft (unknown placeholder, language tags missing, invalid or not enabled,
 * handlebars that does not compile) refused by check, preview and save with the problem named and
 * nothing stored, a preview in every enabled language, a test send that reaches the SMTP server
 * and its outbox row, audit entries, and the refusals to a member and to staff without the area.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EmailOutboxMessage,
  EmailTemplateCheckResponse,
  EmailTemplateDetailResponse,
  EmailTemplatePreviewResponse,
  EmailTemplateResultResponse,
  EmailTemplatesResponse,
  EmailTemplateTestSendResponse,
} from '../../schemas/model/api/email';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { until } from '../helpers/until';

const DRAFT = {
  language: '',
  subject: '{{#lang "en"}}Hello {{eventName}}{{/lang}}{{#lang "fr"}}Bonjour {{eventName}}{{/lang}}',
  html: '<p>{{#lang "en"}}See you at {{eventName}}{{/lang}}{{#lang "fr"}}À bientôt à {{eventName}}{{/lang}}</p>',
  parameterList: ['eventName'],
};

describe.each(BACKENDS)('email template builder on %s', (backend) => {
  let api: ApiServer;
  let server: SMTPServer;
  const received: ParsedMail[] = [];
  let admin: string;
  let maya: string;
  let elena: string;
  const templates = async () => (await api.call<EmailTemplatesResponse>('GET', 'service/coreAPI/getServiceEmailTemplates', { token: admin })).body.templates;
  const add = (body: unknown, token = admin) => api.call<EmailTemplateResultResponse>('POST', 'service/coreAPI/addEmailTemplate', { token, body });
  const check = (body: unknown, token = admin) => api.call<EmailTemplateCheckResponse>('POST', 'emailTemplates/check', { token, body });
  const preview = (body: unknown, token = admin) =>
    api.call<EmailTemplatePreviewResponse & { message: string }>('POST', 'emailTemplates/preview', { token, body });

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    api = await startApiServer(backend, { JOBS_POLL_MS: '50', SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_FROM: 'community@example.org' });
    [admin, maya, elena] = await Promise.all(['admin', 'maya', 'elena'].map((a) => api.signIn(a)));
    expect((await add({ templateId: 'builder.event', ...DRAFT })).body.responseCode).toBe(100);
  });

  afterAll(async () => {
    await api?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers one template with every language version and the enabled languages', async () => {
    expect((await add({ templateId: 'builder.event', ...DRAFT, language: 'fr', subject: 'Rappel {{eventName}}' })).body.responseCode).toBe(100);
    const res = await api.call<EmailTemplateDetailResponse>('GET', 'emailTemplates/template/builder.event', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ templateId: 'builder.event', builtIn: false, languages: ['en', 'fr'] });
    expect(res.body.versions.map((v) => v.language)).toEqual(['', 'fr']);
    expect(res.body.versions[1]).toMatchObject({ subject: 'Rappel {{eventName}}', parameterList: ['eventName'] });
    const builtIn = await api.call<EmailTemplateDetailResponse>('GET', 'emailTemplates/template/welcome', { token: admin });
    expect(builtIn.body).toMatchObject({ builtIn: true, versions: [{ language: '', builtIn: true }] });
    expect((await api.call('GET', 'emailTemplates/template/no.such', { token: admin })).status).toBe(404);
    expect((await api.call('GET', 'emailTemplates/template/1bad', { token: admin })).status).toBe(400);
  });

  it('checks a draft with the template rules and answers nothing wrong for a good one', async () => {
    expect((await check(DRAFT)).body).toEqual({ issues: [] });
    const res = await check({ language: '', subject: 'Hi {{who}}', html: '<p>{{#if}}</p>', parameterList: [] });
    expect(res.status).toBe(200);
    expect(res.body.issues).toEqual([
      { part: 'subject', key: 'emailBuilder.issues.unknownPlaceholder', params: { name: 'who' } },
      { part: 'html', key: 'emailBuilder.issues.doesNotCompile', params: { error: expect.any(String) } },
    ]);
  });

  it('refuses bad templates on save naming the problem, and stores nothing', async () => {
    const before = await templates();
    const cases: [Record<string, unknown>, RegExp, string][] = [
      [{ subject: 'Hi {{nickname}}' }, /^subject: the placeholder "nickname" is not in the parameter list$/, 'emailBuilder.issues.unknownPlaceholder'],
      [
        { html: '<p>{{#lang "en"}}Hi{{/lang}}</p>' },
        /^html: every enabled language must be declared; "fr" is missing$/,
        'validation.languageTags.notAllLangsDeclared',
      ],
      [{ html: '<p>{{#lang "xx"}}Hi{{/lang}}</p>' }, /^html: "xx" is not a supported language code$/, 'validation.languageTags.notAValidKey'],
      [{ html: '<p>{{#lang "de"}}Hallo{{/lang}}</p>' }, /^html: the language "de" is not enabled$/, 'validation.languageTags.langNotEnabled'],
      [
        { html: '{{#lang "en"}}a{{/lang}}{{#lang "en"}}b{{/lang}}{{#lang "fr"}}c{{/lang}}' },
        /^html: every language must appear the same number of times$/,
        'validation.languageTags.notAllSameNumber',
      ],
      [{ language: 'de' }, /^language: the language "de" is not enabled$/, 'validation.languageTags.langNotEnabled'],
      [{ html: '<p>{{#each}}</p>' }, /^html: the handlebars does not compile: /, 'emailBuilder.issues.doesNotCompile'],
    ];
    for (const [change, description, key] of cases) {
      const res = await add({ templateId: 'builder.bad', ...DRAFT, ...change });
      expect(res.status, description.source).toBe(400);
      expect(res.body.responseCode).toBe(400);
      expect(res.body.description).toMatch(description);
      expect(res.body.issues?.[0].key).toBe(key);
      // The same rules refuse a preview of it.
      const shown = await preview({ ...DRAFT, ...change, previewLanguage: 'en' });
      expect(shown.status).toBe(400);
      expect(shown.body.message).toMatch(description);
    }
    expect(await templates()).toEqual(before);
  });

  it('previews a draft with sample data in every enabled language, and refuses a language not enabled', async () => {
    const en = await preview({ ...DRAFT, previewLanguage: 'en' });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ subject: 'Hello [eventName]', sample: { eventName: '[eventName]' } });
    expect(en.body.html).toContain('See you at [eventName]');
    expect(en.body.html).not.toContain('À bientôt');
    const fr = await preview({ ...DRAFT, previewLanguage: 'fr' });
    expect(fr.body.subject).toBe('Bonjour [eventName]');
    expect(fr.body.html).toContain('À bientôt à [eventName]');
    expect(fr.body.text).toContain('À bientôt à [eventName]');
    // Sanitised: a script in the draft never reaches the preview.
    const unsafe = await preview({ ...DRAFT, html: '<p>ok</p><script>alert(1)</script>', previewLanguage: 'en' });
    expect(unsafe.body.html).toContain('ok');
    expect(unsafe.body.html).not.toContain('<script>alert');
    const de = await preview({ ...DRAFT, previewLanguage: 'de' });
    expect(de.status).toBe(400);
    expect(de.body.message).toMatch(/previewLanguage: "de" is not an enabled language/);
  });

  it("sends a test to the admin's own address over SMTP, kept in the outbox, and audits it", async () => {
    const res = await api.call<EmailTemplateTestSendResponse>('POST', 'emailTemplates/testSend', {
      token: admin,
      body: { templateId: 'builder.event', language: 'fr' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'sent', transport: 'smtp', lastError: null });
    const mail = await until(
      'the test email at the SMTP server',
      async () => received.find((m) => m.subject === 'Rappel [eventName]'),
      (m) => m !== undefined,
    );
    expect(mail!.to && !Array.isArray(mail!.to) && mail!.to.value[0].address).toBe(res.body.to);
    const row = (await api.call<EmailOutboxMessage>('GET', `admin/email/outbox/${res.body.outboxId}`, { token: admin })).body;
    expect(row).toMatchObject({ templateId: 'builder.event', language: 'fr', state: 'sent', transport: 'smtp', subject: 'Rappel [eventName]' });
    const audit = await api.server.ctx.store.kysely.selectFrom('audit_log').select(['log_type', 'subject']).where('log_type', 'like', 'email.%').execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { log_type: 'email.templateSave', subject: 'builder.event:' },
        { log_type: 'email.templateTestSend', subject: 'builder.event:fr' },
      ]),
    );
    expect((await api.call('POST', 'emailTemplates/testSend', { token: admin, body: { templateId: 'no.such', language: 'en' } })).status).toBe(404);
    expect((await api.call('POST', 'emailTemplates/testSend', { token: admin, body: { templateId: 'welcome', language: 'not a tag' } })).status).toBe(400);
  });

  it('refuses every builder call to a member and to staff without the area (403), nothing sent or stored', async () => {
    const before = await templates();
    // The demo's welcome emails keep arriving meanwhile: only test sends (sample values) count.
    const tests = () => received.filter((m) => m.subject?.includes('[eventName]')).length;
    const sent = tests();
    for (const [token, reason] of [
      [maya, /is for admins and elevated users only/],
      [elena, /needs read on templates/],
    ] as const) {
      const calls = [
        await api.call<{ message: string }>('GET', 'emailTemplates/template/builder.event', { token }),
        await check(DRAFT, token),
        await preview({ ...DRAFT, previewLanguage: 'en' }, token),
        await api.call<{ message: string }>('POST', 'emailTemplates/testSend', { token, body: { templateId: 'builder.event', language: 'en' } }),
        await add({ templateId: 'builder.other', ...DRAFT }, token),
      ];
      for (const res of calls) {
        expect(res.status).toBe(403);
        expect((res.body as { message: string }).message).toMatch(reason);
      }
    }
    expect(await templates()).toEqual(before);
    expect(tests()).toBe(sent);
  });
});
