/**
 * The one place that knows the shape of GET /api/v1/init (spec 7.1). Everything else in the shell
 * reads the normalised `AppInit`; if the server's answer changes, only this module changes.
 */
import type { Block, Brand, DataPrivacy, Field, Id, ItemPermissions, JsonValue, Module, Page, PermissionMap, Settings, UserState } from '../../schemas/model';

export interface InitLanguages {
  default: string;
  enabled: string[];
  published: string[];
}

/** The raw answer, as the server sends it. */
export interface InitResponse {
  user: UserState;
  settings: Settings;
  viewAs: string[] | null;
  i18n: { locale: string; languages: Partial<InitLanguages> & { default: string }; overrides?: Record<string, string> };
  structure: { modules: Module[]; pages: Page[]; blocks?: Block[]; fields?: Field[] };
  page?: JsonValue;
  dataPrivacy?: DataPrivacy[];
  permissions?: ItemPermissions;
  visiblePermissions?: JsonValue;
  basePaths?: PermissionMap;
  activeBrandSettings?: Brand;
  generalAccessPermitted: boolean;
}

export interface AppInit {
  user: UserState;
  settings: Settings;
  viewAs: string[] | null;
  locale: string;
  languages: InitLanguages;
  i18nOverrides: Record<string, string>;
  modules: Module[];
  moduleOrder: Id[];
  pages: Page[];
  blocks: Block[];
  fields: Field[];
  itemPermissions: ItemPermissions;
  activeBrand?: Brand;
  generalAccessPermitted: boolean;
}

/** Normalises the init answer; throws naming the missing part when it is not an init answer at all. */
export function adaptInit(raw: unknown): AppInit {
  if (!raw || typeof raw !== 'object') throw new Error('Init response is not an object');
  const r = raw as InitResponse;
  if (!r.user || typeof r.user !== 'object') throw new Error('Init response has no user');
  if (!r.structure || !Array.isArray(r.structure.modules) || !Array.isArray(r.structure.pages)) throw new Error('Init response has no structure.modules/pages');
  const languages = r.i18n?.languages;
  const defaultLanguage = languages?.default ?? 'en';
  const modules = r.structure.modules;
  return {
    user: { ...r.user, listMemberships: r.user.listMemberships ?? [], permissions: r.user.permissions ?? {}, basePaths: r.user.basePaths ?? r.basePaths, dataPrivacy: r.user.dataPrivacy ?? r.dataPrivacy },
    settings: r.settings ?? {},
    viewAs: r.viewAs ?? null,
    locale: r.i18n?.locale ?? defaultLanguage,
    languages: { default: defaultLanguage, enabled: languages?.enabled ?? [defaultLanguage], published: languages?.published ?? [defaultLanguage] },
    i18nOverrides: r.i18n?.overrides ?? {},
    modules,
    // The structure arrives in display order; settings may carry an explicit order.
    moduleOrder: r.settings?.structure?.orders?.modules?.order ?? modules.map((m) => m.id),
    pages: r.structure.pages,
    blocks: r.structure.blocks ?? [],
    fields: r.structure.fields ?? [],
    itemPermissions: r.permissions ?? {},
    activeBrand: r.activeBrandSettings,
    generalAccessPermitted: r.generalAccessPermitted !== false,
  };
}

/** The signed-in user's profile page: settings structure.defaults.profilePage {moduleSlug, pageSlug}, else /profile/view. */
export function profileHref(settings: Settings, accountId: Id): string {
  const page = settings.structure?.defaults?.profilePage as { moduleSlug?: unknown; pageSlug?: unknown } | undefined;
  const moduleSlug = typeof page?.moduleSlug === 'string' ? page.moduleSlug : 'profile';
  const pageSlug = typeof page?.pageSlug === 'string' ? page.pageSlug : 'view';
  return `/${encodeURIComponent(moduleSlug)}/${encodeURIComponent(pageSlug)}/${encodeURIComponent(accountId)}`;
}
