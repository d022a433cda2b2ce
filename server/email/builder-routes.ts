/**
 * The email template builder's calls (admin `/admin/emailTemplateBuilder`, area
 * `emailTemplateBuilder`; contract schemas/model/api/email.ts): one template with every language
 * version, the rules over a draft, a draft's preview with sample data, and a test send of a saved
 * template to the admin's own address through the ordinary delivery (outbox, or SMTP when set).
 * The rules are engine/core/email-templates.ts's, the same the editor runs as one types.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { emailTemplateIssues, sampleParameters } from '../../engine/core/email-templates';
import type {
  EmailTemplateCheckResponse,
  EmailTemplateDetailResponse,
  EmailTemplateDraftRequest,
  EmailTemplatePreviewRequest,
  EmailTemplatePreviewResponse,
  EmailTemplateTestSendRequest,
  EmailTemplateTestSendResponse,
} from '../../schemas/model/api/email';
import type { Settings } from '../../schemas/model';
import { recordAudit } from '../audit';
import type { AppContext } from '../context';
import { badRequest, HttpError, notFound } from '../errors';
import { deliverEmail } from './deliver';
import { findTemplate, PermanentEmailError, renderParts } from './render';
import { emailDb } from './tables';
import { checkDraft, checkedLayoutId, enabledLanguages, requireTemplates, toTemplate } from './template-checks';

const TEMPLATE_ID = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;
/** Versions of one template: one per language at most, so the supported languages plus the fallback bound it. */
const MAX_VERSIONS = 50;

async function siteNameOf(ctx: AppContext): Promise<string> {
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
  return typeof settings.siteName === 'string' && settings.siteName ? settings.siteName : 'Tessera';
}

export function builderRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = () => emailDb(ctx.store.kysely);

  api.get<{ Params: { templateId: string } }>('/emailTemplates/template/:templateId', async (req): Promise<EmailTemplateDetailResponse> => {
    await requireTemplates(ctx, req, undefined);
    const { templateId } = req.params;
    if (!TEMPLATE_ID.test(templateId)) throw badRequest(`"${templateId}" is not a template id (a letter, then letters, digits, _ . or -)`);
    const rows = await db().selectFrom('email_templates').selectAll().where('template_id', '=', templateId).orderBy('language').limit(MAX_VERSIONS).execute();
    if (!rows.length) throw notFound(`there is no email template "${templateId}"`);
    const versions = rows.map(toTemplate);
    return { templateId, builtIn: versions.some((v) => v.builtIn), versions, languages: await enabledLanguages(ctx) };
  });

  api.post('/emailTemplates/check', async (req): Promise<EmailTemplateCheckResponse> => {
    await requireTemplates(ctx, req, undefined);
    const draft = ctx.validator.body<EmailTemplateDraftRequest>('email-template-draft-request', req.body);
    return { issues: emailTemplateIssues(draft, await enabledLanguages(ctx)) };
  });

  api.post('/emailTemplates/preview', async (req): Promise<EmailTemplatePreviewResponse> => {
    await requireTemplates(ctx, req, undefined);
    const draft = ctx.validator.body<EmailTemplatePreviewRequest>('email-template-preview-request', req.body);
    const languages = await enabledLanguages(ctx);
    if (!languages.includes(draft.previewLanguage))
      throw badRequest(`previewLanguage: "${draft.previewLanguage}" is not an enabled language (${languages.join(', ')})`);
    await checkDraft(ctx, draft);
    const layouts = {
      masterTemplateId: await checkedLayoutId(ctx, 'master', draft.masterTemplateId),
      legalFooterId: await checkedLayoutId(ctx, 'footer', draft.legalFooterId),
    };
    const sample = sampleParameters(draft.parameterList);
    try {
      const rendered = await renderParts(
        ctx.store.kysely,
        { ...draft, ...layouts },
        {
          templateId: draft.templateId ?? 'preview',
          language: draft.previewLanguage,
          params: sample,
          siteName: await siteNameOf(ctx),
          recipientName: '[recipientName]',
          unsubscribeUrl: '#unsubscribe',
        },
      );
      return { ...rendered, sample };
    } catch (error) {
      if (error instanceof PermanentEmailError) throw badRequest(error.message);
      throw error;
    }
  });

  api.post('/emailTemplates/testSend', async (req): Promise<EmailTemplateTestSendResponse> => {
    const user = await requireTemplates(ctx, req, 'Sending a test email');
    const body = ctx.validator.body<EmailTemplateTestSendRequest>('email-template-test-send-request', req.body);
    if (!LANGUAGE.test(body.language)) throw badRequest(`language must be a language tag such as "fr", got "${body.language}"`);
    const template = await findTemplate(ctx.store.kysely, body.templateId, body.language);
    if (!template) throw notFound(`there is no email template "${body.templateId}"`);
    if (!user.account.email) throw new HttpError(409, 'conflict', 'your account has no email address to send the test to');
    // The ordinary delivery, run now rather than queued, so the admin reads its result at once.
    const key = `test:${user.account.accountId}:${randomUUID()}`;
    const result = await deliverEmail(
      ctx,
      {
        accountId: user.account.accountId,
        language: body.language,
        templateId: body.templateId,
        params: sampleParameters(toTemplate(template).parameterList),
        key,
      },
      { id: 0 },
    ).catch((error: unknown) => ({ error }));
    const row = await db()
      .selectFrom('email_outbox')
      .select(['id', 'state', 'transport', 'to_address', 'last_error'])
      .where('idem_key', '=', `k:${key}`)
      .executeTakeFirst();
    if (!row) throw (result as { error: unknown }).error;
    await recordAudit(ctx, {
      accountId: user.account.accountId,
      logType: 'email.templateTestSend',
      subject: `${body.templateId}:${body.language}`,
      extra: { outboxId: String(row.id) },
    });
    return {
      outboxId: String(row.id),
      state: row.state,
      transport: row.transport === 'smtp' ? 'smtp' : 'outbox',
      to: row.to_address,
      lastError: row.last_error,
    };
  });
}
