/**
 * Renders one email for one recipient: the template of their language (exact, then its base
 * language, then '' the fallback), handlebars in subject and body (escaped by default; the subject
 * as plain text), the body sanitised as email HTML, wrapped in the active master MJML with the
 * active legal footer, and a plain-text part made from the same body and footer.
 */
import { convert } from 'html-to-text';
import type Mjml2Html from 'mjml';
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

async function activeLayout(db: Kysely<DB>, kind: EmailLayoutKind, fallback: string): Promise<string> {
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

export async function renderEmail(db: Kysely<DB>, input: RenderInput): Promise<RenderedEmail> {
  const template = await findTemplate(db, input.templateId, input.language);
  if (!template) throw new PermanentEmailError(`there is no email template "${input.templateId}" (for ${input.language || 'any language'} or the fallback)`);
  const data = templateData(input);
  let subject: string, body: string, footer: string;
  try {
    subject = renderHandlebarsText(template.subject, data).replace(/\s+/g, ' ').trim().slice(0, MAX_SUBJECT_CHARS);
    body = sanitizeEmailHtml(renderHandlebars(template.html, data));
    footer = sanitizeEmailHtml(renderHandlebars(await activeLayout(db, 'footer', LEGAL_FOOTER), data));
  } catch (error) {
    throw new PermanentEmailError(`template "${input.templateId}" does not render: ${(error as Error).message}`);
  }
  const master = await compiledMaster(await activeLayout(db, 'master', MASTER_MJML));
  let html: string;
  try {
    html = renderHandlebars(master, { ...data, subject, body, footer });
  } catch (error) {
    throw new PermanentEmailError(`the master template does not render: ${(error as Error).message}`);
  }
  if (html.length > MAX_EMAIL_HTML_CHARS)
    throw new PermanentEmailError(`the email's HTML is ${html.length} characters, over the cap of ${MAX_EMAIL_HTML_CHARS}`);
  const text = `${convert(body, TEXT_OPTIONS)}\n\n-- \n${convert(footer, TEXT_OPTIONS)}\n`;
  return { subject, html, text, templateLanguage: template.language };
}

/**
 * Checks a template before it is stored: both parts parse and render over sample parameters (each
 * named parameter as its own name), so an unknown helper or a bad block is refused up front.
 */
export function templateProblem(subject: string, html: string, parameterList: readonly string[]): string | undefined {
  const params = Object.fromEntries(parameterList.map((p) => [p, p]));
  const data = templateData({ templateId: '', language: 'en', params, siteName: 'Site', recipientName: 'Name', unsubscribeUrl: 'https://example.org/u' });
  for (const [part, source] of [
    ['subject', subject],
    ['html', html],
  ] as const) {
    try {
      if (part === 'subject') renderHandlebarsText(source, data);
      else renderHandlebars(source, data);
    } catch (error) {
      return `${part}: the handlebars does not compile: ${(error as Error).message.split('\n').slice(0, 4).join(' ')}`;
    }
  }
  return undefined;
}
