/**
 * The translation editor (community §3 Translation entry, §7 "Translations"; core §9): every text
 * of the app and the site, searchable, 600 a page, the default beside the translation of the
 * chosen language; a translation is saved or its override removed in its row; bulk actions (§3):
 * upload a JSON or CSV file, remove every override of the language. Calls: ./api.ts.
 */
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { SUPPORTED_LANGUAGES } from '../../../../engine/core/i18n/languages';
import type { I18nAllResponse, TranslationEntry } from '../../../../schemas/model/api/i18n-admin';
import { toAdminApiError } from '../../../core/http-api';
import { useAdminFrame } from '../../../frame/frame-context';
import { createLanguagesApi, type LanguagesApi } from './api';
import '../../../core/area.css';
import './languages.css';

const nameOf = (iso: string) => SUPPORTED_LANGUAGES.find((l) => l.iso === iso)?.nativeName ?? iso;

export function TranslationsTab({ initialLanguage = 'fr' }: { initialLanguage?: string }) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createLanguagesApi(services.request), [services.request]);
  const titleId = useId();
  const id = useId();
  const [language, setLanguage] = useState(initialLanguage);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 0, untranslated: false });
  const [result, setResult] = useState<I18nAllResponse | { error: string } | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setResult(await api.all({ q: query.q, page: query.page, untranslated: query.untranslated ? language : undefined }));
    } catch (error) {
      setResult({ error: toAdminApiError(error).message });
    }
  }, [api, query, language]);
  useEffect(() => void load(), [load]);

  const fail = (key: string, error: unknown) => services.toast({ type: 'negative', message: t(key, { message: toAdminApiError(error).message }) });

  async function upload(file: File) {
    setBusy(true);
    try {
      const format = file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
      const answer = await api.upload(language, format, await file.text());
      services.toast({ type: 'positive', message: t('adminLanguages.translations.uploaded', { count: answer.written }) });
      await load();
    } catch (error) {
      fail('adminLanguages.translations.uploadError', error);
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    if (!window.confirm(t('adminLanguages.translations.clearConfirm', { language: nameOf(language) }))) return;
    setBusy(true);
    try {
      const answer = await api.clear(language);
      services.toast({ type: 'positive', message: t('adminLanguages.translations.cleared', { count: answer.removed }) });
      await load();
    } catch (error) {
      fail('adminLanguages.translations.saveError', error);
    } finally {
      setBusy(false);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery((q) => ({ ...q, q: search, page: 0 }));
  };
  const pages = result && !('error' in result) ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;

  return (
    <section className="t-admin-area t-languages t-translations" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('adminLanguages.translations.title')}</h2>
      <p className="t-admin-intro">{t('adminLanguages.translations.intro')}</p>
      <form className="t-translations__filters" role="search" onSubmit={submit}>
        <label htmlFor={`${id}-language`}>
          {t('adminLanguages.translations.language')}
          <select id={`${id}-language`} value={language} onChange={(e) => setLanguage(e.target.value)}>
            {SUPPORTED_LANGUAGES.map((l) => (
              <option key={l.iso} value={l.iso} lang={l.iso}>
                {l.nativeName} ({l.iso})
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-search`}>
          {t('adminLanguages.translations.search')}
          <input id={`${id}-search`} type="search" maxLength={200} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit" className="ts-button">
          {t('adminLanguages.translations.searchButton')}
        </button>
        <label className="t-languages__check">
          <span>
            <input type="checkbox" checked={query.untranslated} onChange={(e) => setQuery((q) => ({ ...q, untranslated: e.target.checked, page: 0 }))} />{' '}
            {t('adminLanguages.translations.untranslatedOnly')}
          </span>
        </label>
      </form>
      <div className="t-admin-actions" role="group" aria-label={t('adminLanguages.translations.bulkTitle')}>
        <label htmlFor={`${id}-file`}>{t('adminLanguages.translations.uploadFile')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        <button type="button" className="ts-button" disabled={busy} onClick={() => void clear()}>
          {t('adminLanguages.translations.clear', { language: nameOf(language) })}
        </button>
      </div>
      {!result && <p role="status">…</p>}
      {result && 'error' in result && (
        <p role="alert" className="t-admin-notice--error">
          {t('adminLanguages.translations.loadError', { message: result.error })}
        </p>
      )}
      {result && !('error' in result) && (
        <>
          <p className="t-admin-meta" role="status">
            {t('adminLanguages.translations.count', { total: result.total, page: result.page + 1, pages })}
          </p>
          {result.entries.length ? (
            <div className="t-admin-table-scroll">
              <table className="t-admin-table">
                <caption>{t('adminLanguages.translations.tableLabel', { language: nameOf(language) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('adminLanguages.translations.key')}</th>
                    <th scope="col">{t('adminLanguages.translations.defaultValue')}</th>
                    <th scope="col">{t('adminLanguages.translations.translatedValue')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.entries.map((entry) => (
                    <Row key={`${language}:${entry.key}:${entry.overrides[language] ?? ''}`} entry={entry} language={language} api={api} onChanged={load} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="t-admin-empty">{t('adminLanguages.translations.empty')}</p>
          )}
          <nav className="t-admin-actions" aria-label={t('adminLanguages.translations.count', { total: result.total, page: result.page + 1, pages })}>
            <button type="button" className="ts-button" disabled={result.page === 0} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}>
              {t('adminLanguages.translations.previous')}
            </button>
            <button type="button" className="ts-button" disabled={result.page + 1 >= pages} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}>
              {t('adminLanguages.translations.next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

/** One text: its key, default, and the translation edited in place (saved as an override); keyed by its override, so a new one resets the draft. */
function Row({ entry, language, api, onChanged }: { entry: TranslationEntry; language: string; api: LanguagesApi; onChanged(): Promise<void> }) {
  const { services, t } = useAdminFrame();
  const override = entry.overrides[language];
  const builtIn = entry.builtIn[language];
  const [draft, setDraft] = useState(override ?? '');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function act(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      services.toast({ type: 'positive', message: t(done) });
      await onChanged();
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminLanguages.translations.saveError', { message: toAdminApiError(error).message }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      <td className="t-translations__key">{entry.key}</td>
      <td>{entry.defaultValue}</td>
      <td>
        <div className="t-translations__value">
          <textarea
            id={fieldId}
            rows={1}
            maxLength={10_000}
            value={draft}
            placeholder={builtIn}
            aria-label={t('adminLanguages.translations.translationOf', { key: entry.key })}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button
            type="button"
            className="ts-button"
            disabled={busy || draft === (override ?? '')}
            onClick={() => void act(() => api.save(language, entry.key, draft === '' ? null : draft), 'adminLanguages.translations.saved')}
          >
            {t('adminLanguages.translations.save')}
          </button>
          {override !== undefined && (
            <button
              type="button"
              className="ts-button"
              disabled={busy}
              aria-label={t('adminLanguages.translations.deleteOverride', { key: entry.key })}
              onClick={() => void act(() => api.remove(language, entry.key), 'adminLanguages.translations.deleted')}
            >
              ×
            </button>
          )}
        </div>
        {builtIn !== undefined && <p className="t-admin-meta">{t('adminLanguages.translations.builtIn', { text: builtIn })}</p>}
      </td>
    </tr>
  );
}
