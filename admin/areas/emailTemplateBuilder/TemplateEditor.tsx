/**
 * One email template (route `editEmail`): a tab per language version ('' for every language, then
 * each enabled language of the settings), each with its subject and HTML (handlebars) and the
 * parameter list beside them, whose buttons insert a placeholder where the caret was. The template
 * rules (engine/core/email-templates.ts) run as one types; the server runs them again on save.
 * The template chooses its master template and legal footer (two selects; '' the active ones),
 * saved with any version. A preview renders the draft with sample data in any enabled language,
 * inside the chosen master template and legal footer, in a sandboxed frame; "Send a test" sends the saved version to the
 * admin's own address and shows what became of it.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { EMAIL_BASE_DATA, EMAIL_PARAMETER, emailTemplateIssues } from '../../../engine/core/email-templates';
import type {
  EmailLayout,
  EmailTemplateDetailResponse,
  EmailTemplateIssue,
  EmailTemplatePreviewResponse,
  EmailTemplateTestSendResponse,
} from '../../../schemas/model/api/email';
import { toAdminApiError } from '../../core/http-api';
import { TabPanel, Tabs } from '../../core/Tabs';
import { useAdminFrame } from '../../frame/frame-context';
import { saveErrorText, type EmailBuilderApi } from './api';

interface Draft {
  subject: string;
  html: string;
  parameters: string;
  /** Stored on the server (else a new version, saved on the first save). */
  stored: boolean;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; detail: EmailTemplateDetailResponse; masters: EmailLayout[]; footers: EmailLayout[] };

/** The template's choice of master template and legal footer ('' is the active one): saved with any version, used by the preview. */
interface LayoutChoice {
  masterTemplateId: string;
  legalFooterId: string;
}

const parameterListOf = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];
/** The tab key of a version: '' is not a usable id. */
const tabOf = (language: string) => language || 'all';
const languageOf = (tab: string) => (tab === 'all' ? '' : tab);

export function TemplateEditor({ api, templateId }: { api: EmailBuilderApi; templateId: string }) {
  const { t } = useAdminFrame();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [tab, setTab] = useState('all');
  const [layouts, setLayouts] = useState<LayoutChoice>({ masterTemplateId: '', legalFooterId: '' });
  const layoutId = useId();

  useEffect(() => {
    let live = true;
    Promise.all([api.template(templateId), api.masters(), api.footers()]).then(
      ([detail, masters, footers]) => {
        if (!live) return;
        const fallback = detail.versions.find((v) => v.language === '') ?? detail.versions[0];
        const next: Record<string, Draft> = {};
        for (const language of ['', ...detail.languages]) {
          const version = detail.versions.find((v) => v.language === language);
          const from = version ?? fallback;
          next[tabOf(language)] = {
            subject: from?.subject ?? '',
            html: from?.html ?? '',
            parameters: (from?.parameterList ?? []).join(', '),
            stored: !!version,
          };
        }
        setDrafts(next);
        setLayouts({ masterTemplateId: fallback?.masterTemplateId ?? '', legalFooterId: fallback?.legalFooterId ?? '' });
        setLoaded({ status: 'ready', detail, masters: masters.items, footers: footers.items });
      },
      (error: unknown) => live && setLoaded({ status: 'error', message: toAdminApiError(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, templateId]);

  // The screen's heading is the area's (every admin screen's), the template's name below it.
  const areaTitle = <h1 className="ts-page-title">{t('adminAreas.areas.emailTemplateBuilder.title')}</h1>;
  if (loaded.status === 'loading')
    return (
      <div className="t-admin-area t-email-builder">
        {areaTitle}
        <p role="status">{t('emailBuilder.editor.loading')}</p>
      </div>
    );
  if (loaded.status === 'error')
    return (
      <div className="t-admin-area t-email-builder">
        {areaTitle}
        <p role="alert" className="t-admin-notice--error">
          {t('emailBuilder.editor.loadError', { message: loaded.message })}
        </p>
        <Link href={adminHref('emailTemplateBuilder')}>{t('emailBuilder.editor.back')}</Link>
      </div>
    );
  const { detail } = loaded;
  const activeName = (items: EmailLayout[]) => items.find((i) => i.active)?.name ?? '';
  const chosenName = (items: EmailLayout[], id: string) => (id && items.find((i) => i.id === id)?.name) || activeName(items);
  const layoutSelect = (kind: 'master' | 'footer', items: EmailLayout[], key: keyof LayoutChoice) => (
    <div className="t-email-builder__layout">
      <label htmlFor={`${layoutId}-${kind}`}>{t(`emailBuilder.layoutChoice.${kind}`)}</label>
      <select
        id={`${layoutId}-${kind}`}
        value={layouts[key]}
        aria-describedby={`${layoutId}-help`}
        onChange={(e) => setLayouts((l) => ({ ...l, [key]: e.target.value }))}
      >
        <option value="">{t('emailBuilder.layoutChoice.active', { name: activeName(items) })}</option>
        {items.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </select>
    </div>
  );
  const tabs = ['all', ...detail.languages];
  const languageName = (tabKey: string) => (tabKey === 'all' ? t('emailBuilder.allLanguages') : tabKey);
  return (
    <div className="t-admin-area t-email-builder">
      <p>
        <Link href={adminHref('emailTemplateBuilder')}>{t('emailBuilder.editor.back')}</Link>
      </p>
      {areaTitle}
      <h2>{t('emailBuilder.editor.title', { id: templateId })}</h2>
      <p className="t-admin-meta">
        {t(detail.builtIn ? 'emailBuilder.list.builtIn' : 'emailBuilder.list.custom')} ·{' '}
        {t('emailBuilder.editor.layouts', {
          master: chosenName(loaded.masters, layouts.masterTemplateId),
          footer: chosenName(loaded.footers, layouts.legalFooterId),
        })}
      </p>
      <fieldset className="t-email-builder__layouts">
        <legend>{t('emailBuilder.layoutChoice.title')}</legend>
        {layoutSelect('master', loaded.masters, 'masterTemplateId')}
        {layoutSelect('footer', loaded.footers, 'legalFooterId')}
        <p id={`${layoutId}-help`} className="t-admin-meta">
          {t('emailBuilder.layoutChoice.help')}
        </p>
      </fieldset>
      <Tabs tabs={tabs} current={tab} onChange={setTab} label={t('emailBuilder.editor.languages')} idPrefix="t-email-builder" labelOf={languageName} />
      {tabs.map((key) => (
        <TabPanel key={key} tab={key} current={tab} idPrefix="t-email-builder">
          {tab === key && drafts[key] && (
            <VersionEditor
              api={api}
              templateId={templateId}
              language={languageOf(key)}
              languages={detail.languages}
              draft={drafts[key]}
              layouts={layouts}
              onChange={(draft) => setDrafts((all) => ({ ...all, [key]: draft }))}
            />
          )}
        </TabPanel>
      ))}
    </div>
  );
}

interface VersionProps {
  api: EmailBuilderApi;
  templateId: string;
  language: string;
  languages: string[];
  draft: Draft;
  layouts: LayoutChoice;
  onChange(draft: Draft): void;
}

function VersionEditor({ api, templateId, language, languages, draft, layouts, onChange }: VersionProps) {
  const { t, services } = useAdminFrame();
  const id = useId();
  const subjectRef = useRef<HTMLInputElement>(null);
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  /** The field a placeholder goes into: the last one focused. */
  const target = useRef<'subject' | 'html'>('html');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState('');
  const parameterList = useMemo(() => parameterListOf(draft.parameters), [draft.parameters]);
  const issues = useMemo(
    () => emailTemplateIssues({ language, subject: draft.subject, html: draft.html, parameterList }, languages),
    [language, draft.subject, draft.html, parameterList, languages],
  );
  const issueText = (issue: EmailTemplateIssue) => `${t(`emailBuilder.parts.${issue.part}`)}: ${t(issue.key, issue.params)}`;
  const problemOf = (part: EmailTemplateIssue['part']) => issues.find((i) => i.part === part);

  const insert = (name: string) => {
    const field = target.current === 'subject' ? subjectRef.current : htmlRef.current;
    if (!field) return;
    const token = `{{${name}}}`;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    const value = field.value.slice(0, start) + token + field.value.slice(end);
    onChange({ ...draft, [target.current]: value });
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const save = async () => {
    setSaving(true);
    setSaveError('');
    try {
      await api.save({ templateId, language, subject: draft.subject, html: draft.html, parameterList, ...layouts });
      onChange({ ...draft, stored: true });
      services.toast({ type: 'positive', message: t('emailBuilder.editor.saved') });
    } catch (error) {
      setSaveError(t('emailBuilder.editor.saveFailed', { description: saveErrorText(error) }));
    } finally {
      setSaving(false);
    }
  };

  const described = (part: 'subject' | 'html') => (problemOf(part) ? `${id}-${part}-problem` : undefined);
  return (
    <div className="t-email-builder__version">
      {!draft.stored && <p className="t-admin-meta">{t('emailBuilder.editor.notStored')}</p>}
      <div className="t-email-builder__fields">
        <div className="t-email-builder__main">
          <label htmlFor={`${id}-subject`}>{t('emailBuilder.editor.subject')}</label>
          <input
            id={`${id}-subject`}
            ref={subjectRef}
            value={draft.subject}
            maxLength={300}
            onFocus={() => (target.current = 'subject')}
            onChange={(e) => onChange({ ...draft, subject: e.target.value })}
            aria-invalid={problemOf('subject') ? true : undefined}
            aria-describedby={described('subject')}
          />
          {problemOf('subject') && (
            <p id={`${id}-subject-problem`} className="t-admin-notice--error">
              {issueText(problemOf('subject')!)}
            </p>
          )}
          <label htmlFor={`${id}-html`}>{t('emailBuilder.editor.html')}</label>
          <textarea
            id={`${id}-html`}
            ref={htmlRef}
            value={draft.html}
            rows={14}
            maxLength={200000}
            spellCheck={false}
            onFocus={() => (target.current = 'html')}
            onChange={(e) => onChange({ ...draft, html: e.target.value })}
            aria-invalid={problemOf('html') ? true : undefined}
            aria-describedby={described('html')}
          />
          {problemOf('html') && (
            <p id={`${id}-html-problem`} className="t-admin-notice--error">
              {issueText(problemOf('html')!)}
            </p>
          )}
        </div>
        <div className="t-email-builder__side">
          <label htmlFor={`${id}-parameters`}>{t('emailBuilder.editor.parameters')}</label>
          <input
            id={`${id}-parameters`}
            value={draft.parameters}
            maxLength={3000}
            onChange={(e) => onChange({ ...draft, parameters: e.target.value })}
            aria-describedby={`${id}-parameters-help`}
          />
          <p id={`${id}-parameters-help`} className="t-admin-meta">
            {t('emailBuilder.editor.parametersHelp')}
          </p>
          {problemOf('parameterList') && <p className="t-admin-notice--error">{issueText(problemOf('parameterList')!)}</p>}
          <h2 className="t-email-builder__side-title">{t('emailBuilder.editor.insert')}</h2>
          <ul className="t-email-builder__placeholders">
            {[...parameterList.filter((p) => EMAIL_PARAMETER.test(p)), ...EMAIL_BASE_DATA.filter((p) => p !== 'text')].map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="t-email-builder__placeholder"
                  onClick={() => insert(name)}
                  aria-label={t('emailBuilder.editor.insertOne', { name })}
                >
                  {`{{${name}}}`}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div role="status" className="t-email-builder__issues">
        {issues.length === 0 ? t('emailBuilder.editor.noIssues') : t('emailBuilder.editor.issues', { count: issues.length })}
      </div>
      {language !== '' && problemOf('language') && <p className="t-admin-notice--error">{issueText(problemOf('language')!)}</p>}
      <div className="t-admin-actions">
        <button type="button" className="ts-button ts-button--primary" onClick={() => void save()} disabled={saving || issues.length > 0} aria-busy={saving}>
          {saving ? t('emailBuilder.editor.saving') : t('emailBuilder.editor.save')}
        </button>
      </div>
      {saveError && (
        <p role="alert" className="t-admin-notice--error">
          {saveError}
        </p>
      )}
      <Preview
        api={api}
        templateId={templateId}
        language={language}
        languages={languages}
        draft={draft}
        parameterList={parameterList}
        layouts={layouts}
        valid={issues.length === 0}
      />
    </div>
  );
}

interface PreviewProps {
  api: EmailBuilderApi;
  templateId: string;
  language: string;
  languages: string[];
  draft: Draft;
  parameterList: string[];
  layouts: LayoutChoice;
  valid: boolean;
}

type Shown = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; preview: EmailTemplatePreviewResponse };
type Sent = { status: 'idle' } | { status: 'sending' } | { status: 'error'; message: string } | { status: 'done'; result: EmailTemplateTestSendResponse };

/** The draft rendered (debounced as one types) in the chosen language, and the test send of the saved version. */
function Preview({ api, templateId, language, languages, draft, parameterList, layouts, valid }: PreviewProps) {
  const { t } = useAdminFrame();
  const selectId = useId();
  const [previewLanguage, setPreviewLanguage] = useState(language || languages[0] || 'en');
  const [shown, setShown] = useState<Shown>({ status: 'idle' });
  const [sent, setSent] = useState<Sent>({ status: 'idle' });

  const render = useCallback(async () => {
    setShown({ status: 'loading' });
    try {
      const preview = await api.preview({ templateId, language, subject: draft.subject, html: draft.html, parameterList, previewLanguage, ...layouts });
      setShown({ status: 'ready', preview });
    } catch (error) {
      setShown({ status: 'error', message: toAdminApiError(error).message });
    }
  }, [api, templateId, language, draft.subject, draft.html, parameterList, previewLanguage, layouts]);

  useEffect(() => {
    if (!valid) return;
    const timer = setTimeout(() => void render(), 400);
    return () => clearTimeout(timer);
  }, [render, valid]);

  const send = async () => {
    setSent({ status: 'sending' });
    try {
      setSent({ status: 'done', result: await api.testSend(templateId, previewLanguage) });
    } catch (error) {
      setSent({ status: 'error', message: toAdminApiError(error).message });
    }
  };

  return (
    <section className="t-email-builder__preview" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>{t('emailBuilder.preview.title')}</h2>
      <div className="t-email-builder__preview-bar">
        <label htmlFor={selectId}>{t('emailBuilder.preview.language')}</label>
        <select id={selectId} value={previewLanguage} onChange={(e) => setPreviewLanguage(e.target.value)}>
          {languages.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="ts-button"
          onClick={() => void send()}
          disabled={!draft.stored || sent.status === 'sending'}
          aria-busy={sent.status === 'sending'}
        >
          {t('emailBuilder.preview.testSend')}
        </button>
      </div>
      {!draft.stored && <p className="t-admin-meta">{t('emailBuilder.preview.saveFirst')}</p>}
      <div role="status" className="t-email-builder__sent">
        {sent.status === 'sending' && t('emailBuilder.preview.sending')}
        {sent.status === 'done' &&
          t(sent.result.state === 'failed' ? 'emailBuilder.preview.sentFailed' : 'emailBuilder.preview.sent', {
            to: sent.result.to,
            id: sent.result.outboxId,
            transport: t(`emailBuilder.preview.transports.${sent.result.transport}`),
            error: sent.result.lastError ?? '',
          })}
      </div>
      {sent.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {t('emailBuilder.preview.sendError', { message: sent.message })}
        </p>
      )}
      {!valid && <p className="t-admin-meta">{t('emailBuilder.preview.fixFirst')}</p>}
      {shown.status === 'loading' && <p className="t-admin-meta">{t('emailBuilder.preview.loading')}</p>}
      {shown.status === 'error' && <p className="t-admin-notice--error">{t('emailBuilder.preview.error', { message: shown.message })}</p>}
      {shown.status === 'ready' && (
        <>
          <p className="t-email-builder__preview-subject">
            <strong>{t('emailBuilder.editor.subject')}:</strong> {shown.preview.subject}
          </p>
          <iframe
            className="t-email-builder__frame"
            sandbox=""
            srcDoc={shown.preview.html}
            title={t('emailBuilder.preview.frame', { language: previewLanguage })}
          />
        </>
      )}
    </section>
  );
}
