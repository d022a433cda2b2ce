/**
 * Email (community §3 Email template, §7 the email template calls) and the outbox admins read.
 *
 * - GET  service/coreAPI/getServiceEmailTemplates            -> EmailTemplatesResponse (area emailTemplateBuilder)
 * - POST service/coreAPI/addEmailTemplate    EmailTemplateAddRequest -> EmailTemplateResultResponse (responseCode 100 on success)
 * - POST service/coreAPI/deleteEmailTemplate EmailTemplateDeleteRequest -> EmailTemplateResultResponse
 * - GET  emailTemplates/getEmailMasterTemplates -> EmailLayoutsResponse
 * - GET  emailTemplates/getEmailLegalFooters    -> EmailLayoutsResponse
 * The template builder (admin `/admin/emailTemplateBuilder`, area emailTemplateBuilder; writes need update on templates):
 * - GET  emailTemplates/template/{templateId}    -> EmailTemplateDetailResponse (every language version, the enabled languages)
 * - POST emailTemplates/check   EmailTemplateDraftRequest   -> EmailTemplateCheckResponse (the rules, nothing stored)
 * - POST emailTemplates/preview EmailTemplatePreviewRequest -> EmailTemplatePreviewResponse (a draft rendered with sample data)
 * - POST emailTemplates/testSend EmailTemplateTestSendRequest -> EmailTemplateTestSendResponse (to the admin's own address)
 * addEmailTemplate is also the update of one (templateId, language); its refusals carry `issues`.
 * - GET  admin/email/outbox?cursor=&state=       -> EmailOutboxResponse (area notificationHistory)
 * - GET  admin/email/outbox/{id}                 -> EmailOutboxMessage with html and text
 * - GET  /email/unsubscribe?token=  (site route, no sign-in): a page naming what stops, with a button;
 *   POST /email/unsubscribe?token=  turns the preference off (also RFC 8058 one-click, List-Unsubscribe-Post).
 */

/** A template as data: handlebars in subject and html, over the named parameters. */
export interface EmailTemplate {
  /** @pattern ^[A-Za-z][A-Za-z0-9_.-]{0,99}$ */
  templateId: string;
  /** BCP 47 language; '' is the fallback for every language. @maxLength 20 */
  language: string;
  /** @maxLength 300 */
  subject: string;
  /** HTML body (handlebars; placed inside the master template). @maxLength 200000 */
  html: string;
  /** @maxItems 50 */
  parameterList: string[];
  /** True for the templates the product ships (the notification events'); they can be edited, not deleted. */
  builtIn?: boolean;
  /** The master template it is wrapped in (getEmailMasterTemplates' id); '' or absent: the active one. Same for every language version. */
  masterTemplateId?: string;
  /** The legal footer under it (getEmailLegalFooters' id); '' or absent: the active one. */
  legalFooterId?: string;
  /** Epoch ms. */
  updatedAt?: number;
}
export interface EmailTemplatesResponse {
  templates: EmailTemplate[];
}

/** @additionalProperties false */
export interface EmailTemplateAddRequest {
  /** @pattern ^[A-Za-z][A-Za-z0-9_.-]{0,99}$ */
  templateId: string;
  /** @maxLength 20 */
  language?: string;
  /**
   * @minLength 1
   * @maxLength 300
   */
  subject: string;
  /**
   * @minLength 1
   * @maxLength 200000
   */
  html: string;
  /** @maxItems 50 */
  parameterList?: string[];
  /**
   * The master template for the whole template (every language version): an id of
   * getEmailMasterTemplates, '' for the active one; absent keeps the current choice. An unknown id is a 400.
   * @maxLength 100
   */
  masterTemplateId?: string;
  /** The legal footer, likewise (getEmailLegalFooters). @maxLength 100 */
  legalFooterId?: string;
}
/** @additionalProperties false */
export interface EmailTemplateDeleteRequest {
  /** @pattern ^[A-Za-z][A-Za-z0-9_.-]{0,99}$ */
  templateId: string;
  /** @maxLength 20 */
  language?: string;
}
/** Community §8: responseCode 100 is success; anything else failed, `description` says why. */
export interface EmailTemplateResultResponse {
  responseCode: number;
  description: string;
  template?: EmailTemplate;
  /** On a refusal by the template rules: every problem found (engine/core/email-templates.ts). */
  issues?: EmailTemplateIssue[];
}

/** One broken template rule: where, the message key (validation.languageTags.* or emailBuilder.issues.*) and its values. */
export interface EmailTemplateIssue {
  part: 'subject' | 'html' | 'language' | 'parameterList';
  key: string;
  params?: Record<string, string>;
}

export interface EmailTemplateDetailResponse {
  templateId: string;
  builtIn: boolean;
  /** Every stored language version; language '' is the fallback for every language. */
  versions: EmailTemplate[];
  /** The enabled (published) languages of the settings: the editor's tabs and the preview's choices. */
  languages: string[];
}

/** @additionalProperties false */
export interface EmailTemplateDraftRequest {
  /** @maxLength 20 */
  language: string;
  /** @maxLength 300 */
  subject: string;
  /** @maxLength 200000 */
  html: string;
  /** @maxItems 50 */
  parameterList: string[];
}
export interface EmailTemplateCheckResponse {
  issues: EmailTemplateIssue[];
}

/** @additionalProperties false */
export interface EmailTemplatePreviewRequest extends EmailTemplateDraftRequest {
  /** The template it belongs to (for the error messages); absent for a new one. @maxLength 100 */
  templateId?: string;
  /** Which language to render (the `{{#lang}}` parts and the footer's words). @maxLength 20 */
  previewLanguage: string;
  /** The master template to render in ('' or absent: the active one); an unknown id is a 400. @maxLength 100 */
  masterTemplateId?: string;
  /** The legal footer to render under it, likewise. @maxLength 100 */
  legalFooterId?: string;
}
export interface EmailTemplatePreviewResponse {
  subject: string;
  /** The whole email (master and footer), sanitised; shown in a sandboxed frame. */
  html: string;
  text: string;
  /** The sample values used, one per parameter. */
  sample: Record<string, string>;
}

/** @additionalProperties false */
export interface EmailTemplateTestSendRequest {
  /** @pattern ^[A-Za-z][A-Za-z0-9_.-]{0,99}$ */
  templateId: string;
  /** @maxLength 20 */
  language: string;
}
export interface EmailTemplateTestSendResponse {
  /** The outbox row (GET admin/email/outbox/{id}). */
  outboxId: string;
  state: EmailState;
  transport: 'smtp' | 'outbox';
  to: string;
  lastError: string | null;
}

/** A master template (the layout around every body) or a legal footer. */
export interface EmailLayout {
  id: string;
  name: string;
  /** MJML source (master) or HTML (footer), handlebars inside. */
  source: string;
  active: boolean;
}
export interface EmailLayoutsResponse {
  items: EmailLayout[];
}

export type EmailState = 'queued' | 'sent' | 'failed';
/** One email as it was (or will be) sent. */
export interface EmailOutboxMessage {
  id: string;
  to: string;
  accountId: string | null;
  templateId: string;
  language: string;
  subject: string;
  state: EmailState;
  /** 'smtp' when SMTP_URL is set, else 'outbox' (kept, not sent). */
  transport: 'smtp' | 'outbox';
  /** Epoch ms. */
  createdAt: number;
  sentAt: number | null;
  lastError: string | null;
  /** Only on GET admin/email/outbox/{id}. */
  html?: string;
  text?: string;
}
export interface EmailOutboxResponse {
  items: EmailOutboxMessage[];
  next?: string;
}
