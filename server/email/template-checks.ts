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
import { forbidden, HttpError } from '../errors';
import { can } from '../permissions';
import type { EmailTemplatesTable } from './tables';

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
  };
}

export async function requireTemplates(ctx: AppContext, req: FastifyRequest, what: string | undefined) {
  const user = await requireAdminArea(ctx, req, 'emailTemplateBuilder');
  if (what && !can(user, 'update', SUBJECTS.templates)) throw forbidden(`${what} needs the update permission on ${SUBJECTS.templates} (admins have it)`);
  return user;
}
