/**
 * What the template calls share (template-routes.ts, builder-routes.ts): the area check, the
 * template rules' refusal, the enabled languages and a stored row as the API's template.
 */
import type { FastifyRequest } from 'fastify';
import { describeEmailTemplateIssue, emailTemplateIssues, type EmailTemplateDraft } from '../../engine/core/email-templates';
import { publishedLanguages } from '../../engine/core/i18n/languages';
import { SUBJECTS } from '../../engine/core/permissions';
import type { Settings } from '../../schemas/model';
import type { EmailTemplate, EmailTemplateIssue } from '../../schemas/model/api/email';
import { requireAdminArea } from '../admin-area';
import type { AppContext } from '../context';
import { badRequest, forbidden, HttpError } from '../errors';
import { can } from '../permissions';
import { emailDb, type EmailLayoutKind, type EmailTemplatesTable } from './tables';

/** A refusal by the template rules: a 400 whose body also lists every problem, for the editor. */
export class TemplateRulesError extends HttpError {
  constructor(readonly issues: EmailTemplateIssue[]) {
    super(400, 'badRequest', issues.map(describeEmailTemplateIssue).join('; '));
  }
}

/** The enabled (published) languages of the settings: the language tags' and the versions' allowed set. */
export async function enabledLanguages(ctx: AppContext): Promise<string[]> {
  return publishedLanguages((await ctx.store.get<Settings>('settings', 'app'))?.data ?? {});
}

/** Refuses a draft that breaks a template rule, naming every problem; nothing is stored. */
export async function checkDraft(ctx: AppContext, draft: EmailTemplateDraft): Promise<void> {
  const issues = emailTemplateIssues(draft, await enabledLanguages(ctx));
  if (issues.length) throw new TemplateRulesError(issues);
}

function parameterList(stored: string): string[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function toTemplate(row: EmailTemplatesTable): EmailTemplate {
  return {
    templateId: row.template_id,
    language: row.language,
    subject: row.subject,
    html: row.html,
    parameterList: parameterList(row.parameter_list),
    builtIn: Number(row.built_in) === 1,
    updatedAt: Number(row.updated_at),
    masterTemplateId: row.master_id ?? '',
    legalFooterId: row.footer_id ?? '',
  };
}

/**
 * A template's choice of master template or legal footer: '' (the active one) or the id of a
 * layout of that kind, else a 400 naming the field. Answers what to store (null for the active one).
 */
export async function checkedLayoutId(ctx: AppContext, kind: EmailLayoutKind, id: string | undefined): Promise<string | null | undefined> {
  if (id === undefined) return undefined;
  if (id === '') return null;
  const row = await emailDb(ctx.store.kysely).selectFrom('email_layouts').select('id').where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
  if (!row) throw badRequest(kind === 'master' ? `masterTemplateId: there is no master template "${id}"` : `legalFooterId: there is no legal footer "${id}"`);
  return id;
}

export async function requireTemplates(ctx: AppContext, req: FastifyRequest, what: string | undefined) {
  const user = await requireAdminArea(ctx, req, 'emailTemplateBuilder');
  if (what && !can(user, 'update', SUBJECTS.templates)) throw forbidden(`${what} needs the update permission on ${SUBJECTS.templates} (admins have it)`);
  return user;
}
