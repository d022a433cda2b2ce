/**
 * Renders one email for one recipient: the template of their language (exact, then its base
 * language, then '' the fallback), handlebars in subject and body (escaped by default; the subject
 * as plain text), the body sanitised as email HTML, wrapped in the template's master MJML with its
 * legal footer (the active ones unless it chose others), and a plain-text part from the same body and footer.
 */
import { convert } from 'html-to-text';
import type Mjml2Html from 'mjml';
import { describeEmailTemplateIssue, emailTemplateIssues, forLanguage } from '../../engine/core/email-templates';
import { renderHandlebars, renderHandlebarsText } from '../../engine/core/handlebars';
import type { Kysely } from 'kysely';
import type { DB } from '../storage/database';
import { sanitizeEmailHtml } from '../html/sanitize';
import { emailDb, type EmailLayoutKind } from './tables';
import { emailTexts } from './texts';
import { LEGAL_FOOTER, MASTER_MJML } from './built-in';

/** The largest email (its HTML) we send: a bigger one is refused, not truncated. */
export const MAX_EMAIL_HTML_CHARS = 500_000;
export const MAX_SUBJECT_CHARS = 300;

/**
 * A master MJML source compiled to HTML once per process (its handlebars passes through MJML as
 * text, and is rendered per email afterwards): MJML is loaded on the first email only, and takes
 * seconds to load and tens of ms a run, which one render per master keeps off every email.
 */
let mjml: Promise<{ default: typeof Mjml2Html }> | undefined;
const compiledMasters = new Map<string, Promise<string>>();
const MAX_COMPILED_MASTERS = 8;

function compiledMaster(source: string): Promise<string> {
  let html = compiledMasters.get(source);
  if (!html) {
    if (compiledMasters.size >= MAX_COMPILED_MASTERS) compiledMasters.clear();
    html = (mjml ??= import('mjml')).then(async (m) => (await m.default(source, { validationLevel: 'soft' })).html);
    compiledMasters.set(source, html);
    html.catch(() => compiledMasters.delete(source));
  }
  return html;
}

export interface RenderInput {
  templateId: string;
  language: string;
  params: Record<string, unknown>;
  siteName: string;
  recipientName: string;
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** The template language used ('' when the fallback). */
  templateLanguage: string;
}

/** A problem that retrying cannot fix (no such template, a template that does not render): the email fails at once. */
export class PermanentEmailError extends Error {}

/** Whether a template of this id exists in any language (a caller checks a template id before it promises to send it). */
export async function emailTemplateExists(db: Kysely<DB>, templateId: string): Promise<boolean> {
  return !!(await emailDb(db).selectFrom('email_templates').select('template_id').where('template_id', '=', templateId).limit(1).executeTakeFirst());
}

/** The template for a language: exact, then the base language (fr for fr-CA), then ''. */
export async function findTemplate(db: Kysely<DB>, templateId: string, language: string) {
  const candidates = [...new Set([language, language.split('-')[0], ''])];
  const rows = await emailDb(db).selectFrom('email_templates').selectAll().where('template_id', '=', templateId).where('language', 'in', candidates).execute();
  for (const language of candidates) {
    const row = rows.find((r) => r.language === language);
    if (row) return row;
  }
  return undefined;
}

/** The layout a template chose (when it still exists), else the active one of its kind, else the built-in source. */
async function layoutSource(db: Kysely<DB>, kind: EmailLayoutKind, chosen: string | null | undefined, fallback: string): Promise<string> {
  if (chosen) {
    const row = await emailDb(db).selectFrom('email_layouts').select('source').where('kind', '=', kind).where('id', '=', chosen).executeTakeFirst();
    if (row) return row.source;
  }
  const row = await emailDb(db).selectFrom('email_layouts').select('source').where('kind', '=', kind).where('active', '=', 1).orderBy('id').executeTakeFirst();
  return row?.source ?? fallback;
}

/** Only the parameters' own keys: `text` and `unsubscribeUrl` are ours. */
function templateData(input: RenderInput): Record<string, unknown> {
  const data: Record<string, unknown> = {
    title: '',
    message: '',
    link: '',
    fromName: input.siteName,
    siteName: input.siteName,
    recipientName: input.recipientName,
  };
  for (const [key, value] of Object.entries(input.params)) if (key !== '__proto__') data[key] = value;
  data.text = emailTexts(input.language, { siteName: String(data.siteName ?? ''), recipientName: String(data.recipientName ?? '') });
  data.unsubscribeUrl = input.unsubscribeUrl ?? '';
  return data;
}

const TEXT_OPTIONS = { wordwrap: 78, selectors: [{ selector: 'h2', options: { uppercase: false } }] };

/** The stored version for a language, rendered (see renderParts). */
export async function renderEmail(db: Kysely<DB>, input: RenderInput): Promise<RenderedEmail> {
  const template = await findTemplate(db, input.templateId, input.language);
  if (!template) throw new PermanentEmailError(`there is no email template "${input.templateId}" (for ${input.language || 'any language'} or the fallback)`);
  const source = { subject: template.subject, html: template.html, masterTemplateId: template.master_id, legalFooterId: template.footer_id };
  return { ...(await renderParts(db, source, input)), templateLanguage: template.language };
}

/**
 * A subject and body (stored, or an admin's draft for the preview) rendered for one language: its
 * `{{#lang}}` parts kept, handlebars over the data, the body sanitised, inside the active master
 * with the active legal footer, and the plain-text part.
 */
export async function renderParts(
  db: Kysely<DB>,
  source: { subject: string; html: string; masterTemplateId?: string | null; legalFooterId?: string | null },
  input: RenderInput,
): Promise<Omit<RenderedEmail, 'templateLanguage'>> {
  const data = templateData(input);
  let subject: string, body: string, footer: string;
  try {
    subject = renderHandlebarsText(forLanguage(source.subject, input.language), data).replace(/\s+/g, ' ').trim().slice(0, MAX_SUBJECT_CHARS);
    body = sanitizeEmailHtml(renderHandlebars(forLanguage(source.html, input.language), data));
    footer = sanitizeEmailHtml(renderHandlebars(await layoutSource(db, 'footer', source.legalFooterId, LEGAL_FOOTER), data));
  } catch (error) {
    throw new PermanentEmailError(`template "${input.templateId}" does not render: ${(error as Error).message}`);
  }
  const master = await compiledMaster(await layoutSource(db, 'master', source.masterTemplateId, MASTER_MJML));
  let html: string;
  try {
    html = renderHandlebars(master, { ...data, subject, body, footer });
  } catch (error) {
    throw new PermanentEmailError(`the master template does not render: ${(error as Error).message}`);
  }
  if (html.length > MAX_EMAIL_HTML_CHARS)
    throw new PermanentEmailError(`the email's HTML is ${html.length} characters, over the cap of ${MAX_EMAIL_HTML_CHARS}`);
  const text = `${convert(body, TEXT_OPTIONS)}\n\n-- \n${convert(footer, TEXT_OPTIONS)}\n`;
  return { subject, html, text };
}

/**
 * The first problem of a template before it is stored, in English (engine/core/email-templates.ts
 * holds the rules): the language, parameter names, language tags, handlebars that compiles and
 * renders, and placeholders only from the parameter list and the base data.
 */
export function templateProblem(
  subject: string,
  html: string,
  parameterList: readonly string[],
  language = '',
  enabled: readonly string[] = ['en'],
): string | undefined {
  const [issue] = emailTemplateIssues({ language, subject, html, parameterList }, enabled);
  return issue && describeEmailTemplateIssue(issue);
}
