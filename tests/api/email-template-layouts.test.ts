/**
 * Each email template's master template and legal footer (issue 34, deliverable 3), on SQLite and
 * PostgreSQL: the choice stored on the template (every language version), an unknown id refused
 * with 400 naming it and nothing stored, '' going back to the active ones, and the choice used by
 * the preview and by real sends (the outbox keeps the rendered email); refused to a member and to
 * staff without the area.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  EmailLayoutsResponse,
  EmailOutboxMessage,
  EmailTemplateDetailResponse,
  EmailTemplatePreviewResponse,
  EmailTemplateResultResponse,
  EmailTemplateTestSendResponse,
} from '../../schemas/model/api/email';
import { describeBackends } from '../helpers/backends';

const TEMPLATE = { templateId: 'layouts.event', language: '', subject: 'Meet at {{place}}', html: '<p>See you at {{place}}</p>', parameterList: ['place'] };
/** What tells the layouts apart in a rendered email: the default master's grey page, the default footer's reason line. */
const DEFAULT_MASTER = /background-color:#f4f5f7/i;
const WHY_LINE = 'You receive it because you have an account on';
const SENT_BY = 'This email was sent to you by';

describeBackends('email templates: master template and legal footer per template', (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  beforeAll(async () => {
    [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
  });
  const add = (body: unknown, token = admin) =>
    api.call<EmailTemplateResultResponse & { message: string }>('POST', 'service/coreAPI/addEmailTemplate', { token, body });
  const detail = async () => (await api.call<EmailTemplateDetailResponse>('GET', 'emailTemplates/template/layouts.event', { token: admin })).body;
  const preview = (body: object) =>
    api.call<EmailTemplatePreviewResponse & { message: string }>('POST', 'emailTemplates/preview', {
      token: admin,
      body: { ...TEMPLATE, templateId: 'layouts.event', previewLanguage: 'en', ...body },
    });
  const sentHtml = async () => {
    const sent = await api.call<EmailTemplateTestSendResponse>('POST', 'emailTemplates/testSend', {
      token: admin,
      body: { templateId: 'layouts.event', language: 'en' },
    });
    expect(sent.status).toBe(200);
    const row = (await api.call<EmailOutboxMessage>('GET', `admin/email/outbox/${sent.body.outboxId}`, { token: admin })).body;
    return { html: row.html ?? '', text: row.text ?? '' };
  };

  it('lists the masters and footers to choose from', async () => {
    const masters = (await api.call<EmailLayoutsResponse>('GET', 'emailTemplates/getEmailMasterTemplates', { token: admin })).body.items;
    expect(masters.map((m) => [m.id, m.active])).toEqual([
      ['default', true],
      ['plain', false],
    ]);
    const footers = (await api.call<EmailLayoutsResponse>('GET', 'emailTemplates/getEmailLegalFooters', { token: admin })).body.items;
    expect(footers.map((m) => [m.id, m.active])).toEqual([
      ['default', true],
      ['short', false],
    ]);
  });

  it('a new template uses the active ones: preview and send', async () => {
    expect((await add(TEMPLATE)).body).toMatchObject({ responseCode: 100, template: { masterTemplateId: '', legalFooterId: '' } });
    const shown = await preview({});
    expect(shown.body.html).toMatch(DEFAULT_MASTER);
    expect(shown.body.html).toContain(WHY_LINE);
    const sent = await sentHtml();
    expect(sent.html).toMatch(DEFAULT_MASTER);
    expect(sent.text).toContain(WHY_LINE);
  });

  it('stores the chosen master and footer on every language version; preview and real sends use them', async () => {
    expect((await add({ ...TEMPLATE, language: 'fr', subject: 'Rendez-vous à {{place}}', html: '<p>À bientôt à {{place}}</p>' })).body.responseCode).toBe(100);
    const chosen = await add({ ...TEMPLATE, masterTemplateId: 'plain', legalFooterId: 'short' });
    expect(chosen.body).toMatchObject({ responseCode: 100, template: { masterTemplateId: 'plain', legalFooterId: 'short' } });
    expect((await detail()).versions.map((v) => [v.language, v.masterTemplateId, v.legalFooterId])).toEqual([
      ['', 'plain', 'short'],
      ['fr', 'plain', 'short'],
    ]);
    // A save that does not name them keeps the choice.
    expect((await add({ ...TEMPLATE, subject: 'Meet at {{place}} soon' })).body.template).toMatchObject({ masterTemplateId: 'plain', legalFooterId: 'short' });

    const shown = await preview({ masterTemplateId: 'plain', legalFooterId: 'short' });
    expect(shown.body.html).not.toMatch(DEFAULT_MASTER);
    // Nothing in the plain master loads from elsewhere (MJML links Google Fonts for Roboto).
    expect(shown.body.html).not.toContain('fonts.googleapis.com');
    expect(shown.body.html).toContain(SENT_BY);
    expect(shown.body.html).not.toContain(WHY_LINE);
    const sent = await sentHtml();
    expect(sent.html).not.toMatch(DEFAULT_MASTER);
    expect(sent.html).toContain('See you at');
    expect(sent.text).toContain(SENT_BY);
    expect(sent.text).not.toContain(WHY_LINE);
  });

  it('refuses an unknown master or footer with 400 naming it, storing nothing; preview too', async () => {
    const before = await detail();
    const master = await add({ ...TEMPLATE, subject: 'Changed {{place}}', masterTemplateId: 'nope' });
    expect(master.status).toBe(400);
    expect(master.body).toMatchObject({ responseCode: 400 });
    expect(master.body.description).toBe('masterTemplateId: there is no master template "nope"');
    // A footer id is not a master id.
    const footer = await add({ ...TEMPLATE, subject: 'Changed {{place}}', legalFooterId: 'plain' });
    expect(footer.status).toBe(400);
    expect(footer.body.description).toBe('legalFooterId: there is no legal footer "plain"');
    expect((await add({ ...TEMPLATE, masterTemplateId: 'x'.repeat(101) })).status).toBe(400);
    expect(await detail()).toEqual(before);
    const bad = await preview({ legalFooterId: 'gone' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('legalFooterId: there is no legal footer "gone"');
  });

  it("'' goes back to the active ones", async () => {
    const reset = await add({ ...TEMPLATE, masterTemplateId: '', legalFooterId: '' });
    expect(reset.body.template).toMatchObject({ masterTemplateId: '', legalFooterId: '' });
    expect((await detail()).versions.every((v) => v.masterTemplateId === '' && v.legalFooterId === '')).toBe(true);
    expect((await sentHtml()).html).toMatch(DEFAULT_MASTER);
  });

  it('refuses the choice to a member and to staff without the area, changing nothing', async () => {
    const before = await detail();
    for (const token of [maya, elena]) {
      expect((await add({ ...TEMPLATE, masterTemplateId: 'plain' }, token)).status).toBe(403);
      expect(
        (await api.call('POST', 'emailTemplates/preview', { token, body: { ...TEMPLATE, previewLanguage: 'en', masterTemplateId: 'plain' } })).status,
      ).toBe(403);
    }
    expect(await detail()).toEqual(before);
  });
});
