/**
 * The area `emailTemplateBuilder` (community §2, §3 Email template): the templates list
 * (./TemplateList.tsx: built-in and custom, search, add, delete) and one template's editor
 * (./TemplateEditor.tsx, route `editEmail`). Calls: ./api.ts; rules engine/core/email-templates.ts.
 */
import { useMemo } from 'react';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { createEmailBuilderApi } from './api';
import { TemplateEditor } from './TemplateEditor';
import { TemplateList } from './TemplateList';
import '../../core/area.css';
import './builder.css';

export default function EmailTemplateBuilderArea({ match }: AdminAreaProps) {
  const { services } = useAdminFrame();
  const api = useMemo(() => createEmailBuilderApi(services.request), [services.request]);
  if (match.route.name === 'editEmail' && match.params.emailTemplate)
    return <TemplateEditor key={match.params.emailTemplate} api={api} templateId={match.params.emailTemplate} />;
  return <TemplateList api={api} />;
}
