/**
 * The template builder's calls (schemas/model/api/email.ts): the list, one template, save (add or
 * replace one language version), delete, the rules over a draft, a preview and a test send.
 * Failures reject with the server's `{ error, message }`; a refused save keeps community §8's
 * `description` and the template rules' `issues`.
 */
import type {
  EmailLayoutsResponse,
  EmailTemplateAddRequest,
  EmailTemplateCheckResponse,
  EmailTemplateDetailResponse,
  EmailTemplateDraftRequest,
  EmailTemplateIssue,
  EmailTemplatePreviewRequest,
  EmailTemplatePreviewResponse,
  EmailTemplateResultResponse,
  EmailTemplatesResponse,
  EmailTemplateTestSendResponse,
} from '../../../schemas/model/api/email';
import { toAdminApiError, type AdminRequest } from '../../core/http-api';

/** A refused save: the server's §8 description (shown as it is) and the broken rules, if any. */
export interface TemplateSaveError {
  description: string;
  issues: EmailTemplateIssue[];
}

function saveErrorOf(error: unknown): TemplateSaveError {
  for (const body of [error, (error as { data?: unknown } | null)?.data]) {
    const b = body as Partial<EmailTemplateResultResponse> | null | undefined;
    if (b && typeof b.description === 'string') return { description: b.description, issues: Array.isArray(b.issues) ? b.issues : [] };
  }
  return { description: toAdminApiError(error).message, issues: [] };
}

export function createEmailBuilderApi(request: AdminRequest) {
  const write = async (path: string, body: unknown): Promise<EmailTemplateResultResponse> => {
    let answer: EmailTemplateResultResponse;
    try {
      answer = await request<EmailTemplateResultResponse>('POST', path, body);
    } catch (error) {
      throw saveErrorOf(error);
    }
    // Community §8: any responseCode but 100 is a failure, whatever the status.
    if (answer.responseCode !== 100) throw { description: answer.description, issues: answer.issues ?? [] } satisfies TemplateSaveError;
    return answer;
  };
  return {
    list: () => request<EmailTemplatesResponse>('GET', 'service/coreAPI/getServiceEmailTemplates'),
    template: (templateId: string) => request<EmailTemplateDetailResponse>('GET', `emailTemplates/template/${encodeURIComponent(templateId)}`),
    masters: () => request<EmailLayoutsResponse>('GET', 'emailTemplates/getEmailMasterTemplates'),
    footers: () => request<EmailLayoutsResponse>('GET', 'emailTemplates/getEmailLegalFooters'),
    save: (body: EmailTemplateAddRequest) => write('service/coreAPI/addEmailTemplate', body),
    remove: (templateId: string, language: string) => write('service/coreAPI/deleteEmailTemplate', { templateId, language }),
    check: (draft: EmailTemplateDraftRequest) => request<EmailTemplateCheckResponse>('POST', 'emailTemplates/check', draft),
    preview: (draft: EmailTemplatePreviewRequest) => request<EmailTemplatePreviewResponse>('POST', 'emailTemplates/preview', draft),
    testSend: (templateId: string, language: string) => request<EmailTemplateTestSendResponse>('POST', 'emailTemplates/testSend', { templateId, language }),
  };
}

export type EmailBuilderApi = ReturnType<typeof createEmailBuilderApi>;
export const saveErrorText = (error: unknown): string => (error as TemplateSaveError).description ?? toAdminApiError(error).message;
