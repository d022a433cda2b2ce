/** A small init answer (spec 7.1 shape) shared by shell tests. */
import type { InitResponse } from '../../web/api/init-adapter';

export function initFixture(overrides: Partial<InitResponse> = {}): InitResponse {
  return {
    user: { accountId: '7', loggedIn: true, isAdmin: false, isElevated: false, listMemberships: [], permissions: {} },
    settings: { siteName: 'Demo' },
    viewAs: null,
    i18n: { locale: 'en', languages: { default: 'en', enabled: ['en', 'fr'], published: ['en', 'fr'] }, overrides: {} },
    structure: {
      modules: [
        { id: 'm1', slug: 'home', name: 'Home', childIds: ['p1', 'p2'], defaultPage: 'p1' },
        { id: 'm2', slug: 'events', name: 'Events', childIds: ['p3'] },
      ],
      pages: [
        { id: 'p1', slug: 'welcome', name: 'Welcome', moduleId: 'm1' },
        { id: 'p2', slug: 'news', name: 'News', moduleId: 'm1' },
        { id: 'p3', slug: 'calendar', name: 'Calendar', moduleId: 'm2' },
      ],
    },
    generalAccessPermitted: true,
    ...overrides,
  };
}
