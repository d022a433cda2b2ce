/**
 * The email template calls (community §7, schemas/model/api/email.ts), in the admin area
 * `emailTemplateBuilder`: reading needs the area (read on templates), adding and deleting also
 * update on templates. Add and delete answer community §8's shape: `responseCode` 100 on success,
 * otherwise a 4xx whose `responseCode` is that status and whose `description` says why; a save
 * that breaks the template rules (engine/core/email-templates.ts) also lists them in `issues`.
 * Saves and deletes are audited.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  EmailLayout,
  EmailLayoutsResponse,
  EmailTemplateAddRequest,
  EmailTemplateDeleteRequest,
  EmailTemplateResultResponse,
  EmailTemplatesResponse,
} from '../../schemas/model/api/email';
import type { AppContext } from '../context';
import { badRequest, HttpError, notFound } from '../errors';
import { sanitizeEmailHtml } from '../html/sanitize';
import { recordAudit } from '../audit';
import { emailDb, type EmailLayoutKind } from './tables';
import { checkDraft, checkedLayoutId, requireTemplates, TemplateRulesError, toTemplate } from './template-checks';

/** A language tag as stored: '' (every language) or BCP 47-like. */
const LANGUAGE = /^$|^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/** Community §8's answer for a refusal: the HTTP status, repeated as `responseCode`, with the reason. */
async function resultOf(reply: FastifyReply, work: () => Promise<EmailTemplateResultResponse>): Promise<EmailTemplateResultResponse | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const issues = error instanceof TemplateRulesError ? { issues: error.issues } : {};
    return reply
      .code(error.statusCode)
      .send({ responseCode: error.statusCode, description: error.message, error: error.error, message: error.message, ...issues });
  }
}

export function templateRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = () => emailDb(ctx.store.kysely);

  api.get('/service/coreAPI/getServiceEmailTemplates', async (req): Promise<EmailTemplatesResponse> => {
    await requireTemplates(ctx, req, undefined);
    const rows = await db().selectFrom('email_templates').selectAll().orderBy('template_id').orderBy('language').execute();
    return { templates: rows.map(toTemplate) };
  });

  api.post('/service/coreAPI/addEmailTemplate', (req, reply) =>
    resultOf(reply, async () => {
      const user = await requireTemplates(ctx, req, 'Saving an email template');
      const body = ctx.validator.body<EmailTemplateAddRequest>('email-template-add-request', req.body);
      const language = body.language ?? '';
      if (!LANGUAGE.test(language)) throw badRequest(`language must be '' (every language) or a language tag such as "fr" or "pt-BR", got "${language}"`);
      const params = body.parameterList ?? [];
      const html = sanitizeEmailHtml(body.html);
      if (!html.trim()) throw badRequest('html: nothing is left once sanitised (only email-safe HTML is kept)');
      await checkDraft(ctx, { language, subject: body.subject, html, parameterList: params });
      const masterId = await checkedLayoutId(ctx, 'master', body.masterTemplateId);
      const footerId = await checkedLayoutId(ctx, 'footer', body.legalFooterId);
      const now = Date.now();
      const values = { subject: body.subject, html, parameter_list: JSON.stringify([...new Set(params)]), updated_at: now };
      await ctx.store.kysely.transaction().execute(async (trx) => {
        const tx = emailDb(trx);
        // A new language version takes the template's current choice; a given choice applies to every version.
        const sibling = await tx.selectFrom('email_templates').select(['master_id', 'footer_id']).where('template_id', '=', body.templateId).executeTakeFirst();
        const layouts = {
          master_id: masterId === undefined ? (sibling?.master_id ?? null) : masterId,
          footer_id: footerId === undefined ? (sibling?.footer_id ?? null) : footerId,
        };
        await tx
          .insertInto('email_templates')
          .values({ template_id: body.templateId, language, built_in: 0, ...values, ...layouts })
          .onConflict((oc) => oc.columns(['template_id', 'language']).doUpdateSet(values))
          .execute();
        await tx.updateTable('email_templates').set(layouts).where('template_id', '=', body.templateId).execute();
      });
      const row = await db()
        .selectFrom('email_templates')
        .selectAll()
        .where('template_id', '=', body.templateId)
        .where('language', '=', language)
        .executeTakeFirstOrThrow();
      await recordAudit(ctx, { accountId: user.account.accountId, logType: 'email.templateSave', subject: `${body.templateId}:${language}` });
      return { responseCode: 100, description: 'The email template is saved', template: toTemplate(row) };
    }),
  );

  api.post('/service/coreAPI/deleteEmailTemplate', (req, reply) =>
    resultOf(reply, async () => {
      const user = await requireTemplates(ctx, req, 'Deleting an email template');
      const body = ctx.validator.body<EmailTemplateDeleteRequest>('email-template-delete-request', req.body);
      const language = body.language ?? '';
      const row = await db()
        .selectFrom('email_templates')
        .select('built_in')
        .where('template_id', '=', body.templateId)
        .where('language', '=', language)
        .executeTakeFirst();
      if (!row) throw notFound(`there is no email template "${body.templateId}"${language ? ` in "${language}"` : ''}`);
      if (Number(row.built_in) === 1) throw new HttpError(409, 'conflict', `"${body.templateId}" is a built-in template: it can be edited, not deleted`);
      await db().deleteFrom('email_templates').where('template_id', '=', body.templateId).where('language', '=', language).where('built_in', '=', 0).execute();
      await recordAudit(ctx, { accountId: user.account.accountId, logType: 'email.templateDelete', subject: `${body.templateId}:${language}` });
      return { responseCode: 100, description: 'The email template is deleted' };
    }),
  );

  const layouts = async (req: FastifyRequest, kind: EmailLayoutKind): Promise<EmailLayoutsResponse> => {
    await requireTemplates(ctx, req, undefined);
    const rows = await db().selectFrom('email_layouts').selectAll().where('kind', '=', kind).orderBy('id').execute();
    return { items: rows.map((r): EmailLayout => ({ id: r.id, name: r.name, source: r.source, active: Number(r.active) === 1 })) };
  };
  api.get('/emailTemplates/getEmailMasterTemplates', (req) => layouts(req, 'master'));
  api.get('/emailTemplates/getEmailLegalFooters', (req) => layouts(req, 'footer'));
}
