/**
 * The i18n domain: the site's translation overrides per locale (GET/POST i18n), sent live as
 * `i18n:update`, and the languages and translations admin (./admin-routes.ts).
 */
import type { LanguageHistoryEntry } from '../../schemas/model/api/i18n-admin';
import { defineDomain } from '../domain';
import { i18nAdminRoutes } from './admin-routes';
import { i18nRoutes } from './routes';

declare module '../storage/documents' {
  interface DocumentKinds {
    /** Overrides of one locale: key -> text. */
    i18n: Record<string, string>;
    /** Who published or unpublished which language when (one document `app`, oldest first, capped). */
    languageHistory: { items: LanguageHistoryEntry[] };
  }
}

export default defineDomain({
  name: 'i18n',
  documents: { i18n: { cached: true }, languageHistory: {} },
  routes: (app, ctx) => {
    i18nAdminRoutes(app, ctx);
    i18nRoutes(app, ctx);
  },
});
