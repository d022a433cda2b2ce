/** The languages and translations admin's calls (server/i18n/admin-routes.ts), on the frame's request. */
import type { AdminRequest } from '../../../core/http-api';
import type {
  BulkLanguageUploadResponse,
  ClearLanguageOverridesResponse,
  I18nAllResponse,
  LanguagesHistoryResponse,
  LanguagesSettingsResponse,
  TranslateProgressResponse,
} from '../../../../schemas/model/api/i18n-admin';

export function createLanguagesApi(request: AdminRequest) {
  return {
    settings: () => request<LanguagesSettingsResponse>('GET', 'i18n/languagesSettings'),
    history: () => request<LanguagesHistoryResponse>('GET', 'i18n/languagesSettingsHistory'),
    progress: () => request<TranslateProgressResponse>('GET', 'i18n/getTranslateProgressPerLocale'),
    toggle: (language: string, published: boolean) => request<LanguagesSettingsResponse>('POST', 'i18n/toggleLanguagePublishedState', { language, published }),
    all: (query: { q: string; page: number; untranslated?: string }) => {
      const params = new URLSearchParams({ q: query.q, page: String(query.page) });
      if (query.untranslated) params.set('untranslated', query.untranslated);
      return request<I18nAllResponse>('GET', `i18n/all?${params}`);
    },
    save: (locale: string, key: string, data: string | null) =>
      request<Record<string, string>>('POST', `i18n?iso=${encodeURIComponent(locale)}`, [{ key, data }]),
    remove: (locale: string, key: string) => request<Record<string, string>>('DELETE', `i18n/${encodeURIComponent(key)}?locale=${encodeURIComponent(locale)}`),
    upload: (language: string, format: 'json' | 'csv', content: string) =>
      request<BulkLanguageUploadResponse>('POST', 'i18n/bulkLanguageUpload', { language, format, content }),
    clear: (language: string) => request<ClearLanguageOverridesResponse>('POST', 'i18n/clearLanguageOverrides', { language }),
  };
}

export type LanguagesApi = ReturnType<typeof createLanguagesApi>;
