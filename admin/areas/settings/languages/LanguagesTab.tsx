/**
 * The languages panel (community §3 Language settings, §4 publish, §8 messages): the nine supported
 * languages with a published switch (the default always published), the share of texts translated
 * in each, and the history of publishing. Rules: engine/core/i18n/languages.ts; calls: ./api.ts.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { formatDayAndTime } from '../../../../engine/core/date-display';
import type { LanguageHistoryEntry, LanguagesSettingsResponse, TranslateProgress } from '../../../../schemas/model/api/i18n-admin';
import { toAdminApiError } from '../../../core/http-api';
import { useAdminFrame } from '../../../frame/frame-context';
import { createLanguagesApi } from './api';
import '../../../core/area.css';
import './languages.css';

interface Loaded {
  settings: LanguagesSettingsResponse;
  progress: TranslateProgress[];
  history: LanguageHistoryEntry[];
}

export function LanguagesTab() {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createLanguagesApi(services.request), [services.request]);
  const titleId = useId();
  const [state, setState] = useState<Loaded | { error: string } | undefined>();
  const [busy, setBusy] = useState<string | undefined>();

  const load = useCallback(async () => {
    try {
      const [settings, progress, history] = await Promise.all([api.settings(), api.progress(), api.history()]);
      setState({ settings, progress: progress.locales, history: history.items });
    } catch (error) {
      setState({ error: toAdminApiError(error).message });
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  if (!state) return <p role="status">…</p>;
  if ('error' in state)
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('adminLanguages.languages.loadError', { message: state.error })}
      </p>
    );
  const nameOf = (iso: string) => state.settings.languages.find((l) => l.iso === iso)?.nativeName ?? iso;

  async function toggle(iso: string, published: boolean) {
    setBusy(iso);
    try {
      await api.toggle(iso, published);
      services.toast({
        type: 'positive',
        message: t(published ? 'adminLanguages.languages.publishSuccess' : 'adminLanguages.languages.unpublishSuccess', { language: nameOf(iso) }),
      });
      await load();
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminLanguages.languages.publishError', { message: toAdminApiError(error).message }) });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section className="t-admin-area t-languages" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('adminLanguages.languages.title')}</h2>
      <p className="t-admin-intro">{t('adminLanguages.languages.intro')}</p>
      <div className="t-admin-table-scroll">
        <table className="t-admin-table">
          <caption>{t('adminLanguages.languages.tableLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminLanguages.languages.language')}</th>
              <th scope="col">{t('adminLanguages.languages.code')}</th>
              <th scope="col">{t('adminLanguages.languages.published')}</th>
              <th scope="col">{t('adminLanguages.languages.progress')}</th>
            </tr>
          </thead>
          <tbody>
            {state.settings.languages.map((l) => {
              const p = state.progress.find((x) => x.iso === l.iso);
              const percent = Math.round((p?.share ?? 0) * 100);
              return (
                <tr key={l.iso}>
                  <th scope="row" lang={l.iso}>
                    {l.nativeName}
                  </th>
                  <td>{l.iso}</td>
                  <td>
                    {l.isDefault ? (
                      <span className="t-admin-meta">{t('adminLanguages.languages.default')}</span>
                    ) : (
                      <label className="t-languages__switch">
                        <input
                          type="checkbox"
                          role="switch"
                          checked={l.published}
                          disabled={busy !== undefined}
                          aria-label={t(l.published ? 'adminLanguages.languages.unpublish' : 'adminLanguages.languages.publish', { language: l.nativeName })}
                          onChange={(e) => void toggle(l.iso, e.target.checked)}
                        />
                      </label>
                    )}
                  </td>
                  <td>
                    <progress
                      className="t-languages__progress"
                      max={100}
                      value={percent}
                      aria-label={t('adminLanguages.languages.progressLabel', { language: l.nativeName })}
                    />{' '}
                    <span className="t-admin-meta">
                      {t('adminLanguages.languages.progressValue', { translated: p?.translated ?? 0, total: p?.total ?? 0, percent })}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <h3>{t('adminLanguages.languages.history')}</h3>
      {state.history.length ? (
        <ul className="t-languages__history">
          {state.history.map((h) => (
            <li key={`${h.time}-${h.language}-${h.published}`}>
              {t(h.published ? 'adminLanguages.languages.historyPublished' : 'adminLanguages.languages.historyUnpublished', {
                language: nameOf(h.language),
                account: h.accountId,
                time: formatDayAndTime(h.time, services.dates),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="t-admin-empty">{t('adminLanguages.languages.historyEmpty')}</p>
      )}
    </section>
  );
}
