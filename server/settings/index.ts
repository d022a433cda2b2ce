/** The settings domain (spec core §7.2, §7.3): the site settings, brands and their theme, and the named secrets. */
import type { Brand, JsonValue, Settings } from '../../schemas/model';
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { pruneToSchema } from '../storage/tolerant';
import { settingsRoutes } from './routes';
import { webAppRoutes, webAppSiteRoutes } from './web-app-routes';

declare module '../storage/documents' {
  interface DocumentKinds {
    settings: Settings;
    brand: Brand;
    secret: { value: JsonValue };
    globalCss: { css: string };
  }
}

export default defineDomain({
  name: 'settings',
  documents: {
    settings: {
      cached: true,
      // Settings are open records: the parts that break the model schema go, the rest stays usable.
      reader: (validator) => {
        const schema = validator.modelValidator('settings.schema.json');
        return (raw) => {
          const problems: string[] = [];
          return { item: pruneToSchema(raw, schema, problems), problems };
        };
      },
    },
    brand: { cached: true },
    secret: {},
    globalCss: {},
  },
  permissionSubjects: [SUBJECTS.settings],
  routes: (api, ctx) => {
    settingsRoutes(api, ctx);
    webAppRoutes(api, ctx);
  },
  siteRoutes: webAppSiteRoutes,
});
