/**
 * The email templates: one row per template id (its language versions, built-in or custom),
 * searched by id or subject; a form adds a template (a refusal shows the server's §8
 * description); a custom template is deleted, every language version, after a confirmation.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import type { EmailTemplate } from '../../../schemas/model/api/email';
import { Dialog } from '../../core/Dialog';
import { toAdminApiError } from '../../core/http-api';
import { ScrollRegion } from '../../core/ScrollRegion';
import { useAdminFrame } from '../../frame/frame-context';
import { saveErrorText, type EmailBuilderApi } from './api';

interface Row {
  templateId: string;
  builtIn: boolean;
  languages: string[];
  subject: string;
}

type Listing = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: Row[] };

function rowsOf(templates: EmailTemplate[]): Row[] {
  const rows = new Map<string, Row>();
  for (const t of templates) {
    const row = rows.get(t.templateId) ?? { templateId: t.templateId, builtIn: false, languages: [], subject: t.subject };
    row.builtIn ||= !!t.builtIn;
    row.languages.push(t.language);
    if (t.language === '') row.subject = t.subject;
    rows.set(t.templateId, row);
  }
  return [...rows.values()];
}

export function TemplateList({ api }: { api: EmailBuilderApi }) {
  const { t, services } = useAdminFrame();
  const [, navigate] = useLocation();
  const searchId = useId();
  const newId = useId();
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Row | undefined>();

  const load = useCallback(() => {
    api.list().then(
      (answer) => setListing({ status: 'ready', rows: rowsOf(answer.templates) }),
      (error: unknown) => setListing({ status: 'error', message: toAdminApiError(error).message }),
    );
  }, [api]);
  useEffect(load, [load]);

  const shown = useMemo(() => {
    if (listing.status !== 'ready') return [];
    const q = query.trim().toLowerCase();
    return q ? listing.rows.filter((r) => r.templateId.toLowerCase().includes(q) || r.subject.toLowerCase().includes(q)) : listing.rows;
  }, [listing, query]);

  const add = async () => {
    const templateId = adding.trim();
    // Adding replaces a version of the same id: an existing template is opened, never overwritten.
    if (listing.status === 'ready' && listing.rows.some((r) => r.templateId === templateId))
      return setAddError(t('emailBuilder.list.exists', { id: templateId }));
    setBusy(true);
    setAddError('');
    try {
      await api.save({ templateId, language: '', subject: '{{siteName}}', html: '<p>{{recipientName}}</p>', parameterList: [] });
      navigate(adminHref('editEmail', { emailTemplate: templateId }));
    } catch (error) {
      // Community §8: the add failure shows the server's description.
      setAddError(t('emailBuilder.list.addFailed', { description: saveErrorText(error) }));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: Row) => {
    setBusy(true);
    try {
      for (const language of row.languages) await api.remove(row.templateId, language);
      services.toast({ type: 'positive', message: t('emailBuilder.list.deleted', { id: row.templateId }) });
      setDeleting(undefined);
      load();
    } catch (error) {
      services.toast({ type: 'negative', message: t('emailBuilder.list.deleteFailed', { description: saveErrorText(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="t-admin-area t-email-builder">
      <h1 className="ts-page-title">{t('adminAreas.areas.emailTemplateBuilder.title')}</h1>
      <p className="t-admin-intro">{t('emailBuilder.list.intro')}</p>
      <form
        className="t-email-builder__add"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label htmlFor={newId}>{t('emailBuilder.list.newId')}</label>
        <input
          id={newId}
          value={adding}
          required
          onChange={(e) => setAdding(e.target.value)}
          aria-describedby={addError ? `${newId}-error` : undefined}
          aria-invalid={addError ? true : undefined}
        />
        <button type="submit" className="ts-button ts-button--primary" disabled={busy}>
          {t('emailBuilder.list.add')}
        </button>
        {addError && (
          <p id={`${newId}-error`} role="alert" className="t-admin-notice--error">
            {addError}
          </p>
        )}
      </form>
      <div className="t-email-builder__search">
        <label htmlFor={searchId}>{t('emailBuilder.list.search')}</label>
        <input id={searchId} type="search" value={query} maxLength={100} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {listing.status === 'loading' && <p role="status">{t('emailBuilder.list.loading')}</p>}
      {listing.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {t('emailBuilder.list.loadError', { message: listing.message })}
        </p>
      )}
      {listing.status === 'ready' && !shown.length && <p className="t-admin-empty">{t('emailBuilder.list.empty')}</p>}
      {listing.status === 'ready' && shown.length > 0 && (
        <ScrollRegion label={t('emailBuilder.list.scroll')}>
          <table className="t-admin-table">
            <caption>{t('emailBuilder.list.caption', { count: shown.length })}</caption>
            <thead>
              <tr>
                {(['id', 'subject', 'languages', 'kind', 'actions'] as const).map((c) => (
                  <th key={c} scope="col">
                    {t(`emailBuilder.list.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.templateId}>
                  <th scope="row">
                    <Link href={adminHref('editEmail', { emailTemplate: row.templateId })}>{row.templateId}</Link>
                  </th>
                  <td className="t-email-builder__subject">{row.subject}</td>
                  <td>{row.languages.map((l) => l || t('emailBuilder.allLanguages')).join(', ')}</td>
                  <td>{t(row.builtIn ? 'emailBuilder.list.builtIn' : 'emailBuilder.list.custom')}</td>
                  <td>
                    {!row.builtIn && (
                      <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setDeleting(row)}>
                        {t('emailBuilder.list.delete', { id: row.templateId })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {deleting && (
        <Dialog
          title={t('emailBuilder.list.confirmTitle', { id: deleting.templateId })}
          description={t('emailBuilder.list.confirmText', { count: deleting.languages.length })}
          size="small"
          busy={busy}
          onClose={() => setDeleting(undefined)}
          actions={
            <>
              <button type="button" onClick={() => setDeleting(undefined)} disabled={busy}>
                {t('emailBuilder.cancel')}
              </button>
              <button type="button" className="ts-button--danger" onClick={() => void remove(deleting)} disabled={busy} aria-busy={busy}>
                {t('emailBuilder.list.confirmDelete')}
              </button>
            </>
          }
        >
          {null}
        </Dialog>
      )}
    </div>
  );
}
