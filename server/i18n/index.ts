/** The i18n domain: the site's translation overrides per locale (GET/POST i18n), sent live as `i18n:update`. */
import { defineDomain } from '../domain';
import { i18nRoutes } from './routes';

declare module '../storage/documents' {
  interface DocumentKinds {
    /** Overrides of one locale: key -> text. */
    i18n: Record<string, string>;
  }
}

export default defineDomain({
  name: 'i18n',
  documents: { i18n: { cached: true } },
  routes: i18nRoutes,
});
