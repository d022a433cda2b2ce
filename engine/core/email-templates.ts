/**
 * The email template rules (community §3 Email template, §5 template rules; core §5.2 language
 * tags and handlebars): one place for the server (refusing a save) and the admin's editor (live
 * messages). A template's subject and html are handlebars over its parameter list plus the data
 * every email gets; `{{#lang "fr"}}...{{/lang}}` keeps a part for one language only, and its tags
 * follow the languageTags rule (valid, enabled, every enabled language declared, each as often).
 */
import { parse } from 'handlebars/dist/cjs/handlebars/compiler/base.js';
import { SUPPORTED_LANGUAGES } from './constants';
import { renderHandlebars, renderHandlebarsText } from './handlebars';
import type { Program } from './handlebars-runtime';
import { languageTags } from './validation/rules/languageTags';

/** What every email's data holds besides its parameters (server/email/render.ts fills them). */
export const EMAIL_BASE_DATA = ['siteName', 'recipientName', 'fromName', 'text', 'unsubscribeUrl'] as const;
/** A parameter name: letters, digits and _, not starting with a digit. */
export const EMAIL_PARAMETER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const MAX_EMAIL_PARAMETERS = 50;

export type EmailTemplatePart = 'subject' | 'html' | 'language' | 'parameterList';
/** One problem: a message key (with its params) the editor translates; the server also sends it in English. */
export interface EmailTemplateIssue {
  part: EmailTemplatePart;
  key: string;
  params?: Record<string, string>;
}

const LANG_BLOCK = /\{\{#lang\s+["']([^"']*)["']\s*\}\}([\s\S]*?)\{\{\/lang\}\}/g;

/**
 * The text for one language: its `{{#lang}}` blocks kept, the others' dropped; a language with no
 * block of its own reads the fallback's (the default language's) blocks.
 */
export function forLanguage(text: string, language: string, fallback = 'en'): string {
  const declared = new Set([...text.matchAll(LANG_BLOCK)].map((m) => m[1]));
  const base = language.split('-')[0];
  const pick = declared.has(language) ? language : declared.has(base) ? base : fallback;
  return text.replace(LANG_BLOCK, (_whole, lang: string, inner: string) => (lang === pick ? inner : ''));
}

type Node = { type: string; [key: string]: unknown };
type Path = { type: 'PathExpression'; data: boolean; depth: number; parts: string[]; original: string };
// `lang` is ours: forLanguage resolves its blocks before handlebars runs.
const HELPERS = new Set(['if', 'unless', 'each', 'with', 'lookup', 'log', 'lang']);
/** Blocks whose inside reads another context (a list's item, an object): names there are not the email's data. */
const SCOPE_CHANGING = new Set(['each', 'with']);

/** The data names a template reads at the email's own level, in order (inside each/with and data sections left out). */
export function templateDataNames(template: string): string[] {
  const names: string[] = [];
  const path = (node: Node | undefined, blockParams: ReadonlySet<string>) => {
    if (!node) return;
    if (node.type === 'SubExpression') return call(node, blockParams);
    if (node.type !== 'PathExpression') return;
    const p = node as unknown as Path;
    const head = p.parts[0];
    if (p.data || p.depth > 0 || head === undefined || /^\.|^this\b/.test(p.original) || blockParams.has(head)) return;
    if (!names.includes(head)) names.push(head);
  };
  const call = (node: Node, blockParams: ReadonlySet<string>) => {
    const target = node.path as Path;
    const helper = target.type === 'PathExpression' && target.parts.length === 1 && HELPERS.has(target.parts[0]);
    if (!helper) path(target as unknown as Node, blockParams);
    for (const param of (node.params as Node[]) ?? []) path(param, blockParams);
    for (const pair of (node.hash as { pairs?: { value: Node }[] } | undefined)?.pairs ?? []) path(pair.value, blockParams);
  };
  const program = (p: Program | undefined, blockParams: ReadonlySet<string>) => {
    for (const statement of (p?.body ?? []) as unknown as Node[]) {
      if (statement.type === 'MustacheStatement') call(statement, blockParams);
      if (statement.type !== 'BlockStatement') continue;
      call(statement, blockParams);
      const target = statement.path as Path;
      const name = target.parts?.length === 1 ? target.parts[0] : '';
      const inner = statement.program as Program | undefined;
      // Inside each/with, or a section named after data, names are the item's: not checked here.
      if (!SCOPE_CHANGING.has(name) && HELPERS.has(name)) program(inner, new Set([...blockParams, ...(inner?.blockParams ?? [])]));
      program(statement.inverse as Program | undefined, blockParams);
    }
  };
  program(parse(template) as Program, new Set());
  return names;
}

export interface EmailTemplateDraft {
  /** '' (every language) or a language code. */
  language: string;
  subject: string;
  html: string;
  parameterList: readonly string[];
}

/** Sample values for a preview: each parameter shown as its own name in brackets. */
export function sampleParameters(parameterList: readonly string[]): Record<string, string> {
  return Object.fromEntries(parameterList.filter((p) => EMAIL_PARAMETER.test(p)).map((p) => [p, `[${p}]`]));
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 4).join(' ').slice(0, 300);

/**
 * Every rule over a draft, first problem of each part: the language ('' or a supported and enabled
 * one), the parameter names, the language tags, handlebars that compiles and renders (for every
 * enabled language), and no placeholder outside the parameter list and the base data.
 */
export function emailTemplateIssues(draft: EmailTemplateDraft, enabled: readonly string[]): EmailTemplateIssue[] {
  const issues: EmailTemplateIssue[] = [];
  if (draft.language && !(SUPPORTED_LANGUAGES as readonly string[]).includes(draft.language))
    issues.push({ part: 'language', key: 'validation.languageTags.notAValidKey', params: { lang: draft.language } });
  else if (draft.language && !enabled.includes(draft.language))
    issues.push({ part: 'language', key: 'validation.languageTags.langNotEnabled', params: { lang: draft.language } });
  const badParameter = draft.parameterList.find((p) => !EMAIL_PARAMETER.test(p));
  if (badParameter !== undefined) issues.push({ part: 'parameterList', key: 'emailBuilder.issues.badParameter', params: { name: badParameter } });
  else if (draft.parameterList.length > MAX_EMAIL_PARAMETERS)
    issues.push({ part: 'parameterList', key: 'emailBuilder.issues.tooManyParameters', params: { max: String(MAX_EMAIL_PARAMETERS) } });
  const known = new Set<string>([...draft.parameterList, ...EMAIL_BASE_DATA]);
  const data = { ...sampleParameters(draft.parameterList), siteName: 'Site', recipientName: 'Name', fromName: 'Site', text: {}, unsubscribeUrl: '' };
  for (const part of ['subject', 'html'] as const) {
    const source = draft[part];
    const tags = languageTags.validate(source, { enabled: [...enabled], requireAll: true }, {});
    if (tags) {
      issues.push({ part, key: tags.key, params: Object.fromEntries(Object.entries(tags.params ?? {}).map(([k, v]) => [k, String(v)])) });
      continue;
    }
    try {
      for (const language of enabled.length ? enabled : ['en']) {
        const text = forLanguage(source, language);
        if (part === 'subject') renderHandlebarsText(text, data);
        else renderHandlebars(text, data);
      }
    } catch (error) {
      issues.push({ part, key: 'emailBuilder.issues.doesNotCompile', params: { error: firstLine(error) } });
      continue;
    }
    const unknown = templateDataNames(source).find((name) => !known.has(name));
    if (unknown !== undefined) issues.push({ part, key: 'emailBuilder.issues.unknownPlaceholder', params: { name: unknown } });
  }
  return issues;
}

/** The issue in English, for a 400's description (the editor shows its own language from the key). */
export function describeEmailTemplateIssue(issue: EmailTemplateIssue): string {
  const p = issue.params ?? {};
  switch (issue.key) {
    case 'validation.languageTags.notAValidKey':
      return `${issue.part}: "${p.lang}" is not a supported language code`;
    case 'validation.languageTags.langNotEnabled':
      return `${issue.part}: the language "${p.lang}" is not enabled`;
    case 'validation.languageTags.notAllLangsDeclared':
      return `${issue.part}: every enabled language must be declared; "${p.lang}" is missing`;
    case 'validation.languageTags.notAllSameNumber':
      return `${issue.part}: every language must appear the same number of times`;
    case 'emailBuilder.issues.badParameter':
      return `parameterList: "${p.name}" is not a parameter name (letters, digits and _, not starting with a digit)`;
    case 'emailBuilder.issues.tooManyParameters':
      return `parameterList: at most ${p.max} parameters`;
    case 'emailBuilder.issues.doesNotCompile':
      return `${issue.part}: the handlebars does not compile: ${p.error}`;
    case 'emailBuilder.issues.unknownPlaceholder':
      return `${issue.part}: the placeholder "${p.name}" is not in the parameter list`;
    default:
      return `${issue.part}: ${issue.key}`;
  }
}
