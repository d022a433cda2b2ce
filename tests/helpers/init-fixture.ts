/** A small GET init answer in the server's shape (schemas/model/api.ts InitResponse), shared by shell tests. */
import type { InitResponse } from '../../schemas/model/api/session';

export function initFixture(overrides: Partial<InitResponse> = {}): InitResponse {
  return {
    user: { accountId: '7', loggedIn: true, isAdmin: false, isElevated: false, listMemberships: [], permissions: {} },
    settings: { siteName: 'Demo', languages: { default: 'en', enabled: ['en', 'fr'], published: ['en', 'fr'] } },
    viewAs: { active: false, userListIds: [] },
    i18n: { locale: 'en', published: ['en', 'fr'], overrides: {} },
    page: null,
    structure: {
      order: ['m1', 'm2'],
      modules: [
        {
          id: 'm1',
          slug: 'home',
          name: 'Home',
          childIds: ['p1', 'p2'],
          defaultPage: 'p1',
          pages: [
            { id: 'p1', slug: 'welcome', name: 'Welcome', moduleId: 'm1' },
            { id: 'p2', slug: 'news', name: 'News', moduleId: 'm1' },
          ],
        },
        { id: 'm2', slug: 'events', name: 'Events', childIds: ['p3'], pages: [{ id: 'p3', slug: 'calendar', name: 'Calendar', moduleId: 'm2' }] },
      ],
    },
    dataPrivacy: [],
    permissions: {},
    visiblePermissions: {},
    basePaths: {},
    activeBrandSettings: null,
    generalAccessPermitted: true,
    ...overrides,
  };
}
