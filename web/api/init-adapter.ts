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
  i18n: { locale: string; languages?: Partial<InitLanguages> & { default: string }; overrides?: Record<string, string> };
  structure: { modules: Module[]; pages: Page[]; blocks?: Block[]; fields?: Field[] };
  page?: JsonValue;
  dataPrivacy?: DataPrivacy[];
  permissions?: ItemPermissions;
  visiblePermissions?: JsonValue;
  basePaths?: PermissionMap;
  activeBrandSettings?: Brand | null;
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
  /** The page whose blocks and fields came with init (GET init?opts=...), if any. */
  openingPageId?: Id;
  activeBrand?: Brand;
  generalAccessPermitted: boolean;
}

/**
 * The shape the merged server sends (schemas/model/api.ts on main): structure as modules carrying
 * their viewable pages plus an order, i18n with `published`, viewAs as `{active, userListIds}`,
 * and the opening page document. Both shapes are accepted here.
 */
interface ServerInitParts {
  structure?: { order?: Id[]; modules?: (Module & { pages?: Page[] })[]; pages?: Page[]; blocks?: Block[]; fields?: Field[] };
  i18n?: { locale?: string; published?: string[]; languages?: Partial<InitLanguages>; overrides?: Record<string, string> };
  viewAs?: string[] | { active?: boolean; userListIds?: Id[] } | null;
  page?: { page?: Page; blocks?: Block[]; fields?: Field[] } | null;
}

function normaliseStructure(structure: NonNullable<ServerInitParts['structure']>) {
  const rawModules = structure.modules ?? [];
  if (Array.isArray(structure.pages)) return { modules: rawModules as Module[], pages: structure.pages, order: structure.order };
  const pages: Page[] = [];
  const modules = rawModules.map(({ pages: own, ...module }) => {
    const list = Array.isArray(own) ? own : [];
    pages.push(...list.map((p) => ({ ...p, moduleId: p.moduleId ?? module.id })));
    return { ...module, childIds: module.childIds ?? list.map((p) => p.id) } as Module;
  });
  return { modules, pages, order: structure.order };
}

function normaliseViewAs(viewAs: ServerInitParts['viewAs']): string[] | null {
  if (Array.isArray(viewAs)) return viewAs.length ? viewAs : null;
  if (viewAs && viewAs.active && Array.isArray(viewAs.userListIds)) return viewAs.userListIds;
  return null;
}

/** Normalises the init answer; throws naming the missing part when it is not an init answer at all. */
export function adaptInit(raw: unknown): AppInit {
  if (!raw || typeof raw !== 'object') throw new Error('Init response is not an object');
  const r = raw as InitResponse & ServerInitParts;
  if (!r.user || typeof r.user !== 'object') throw new Error('Init response has no user');
  if (!r.structure || !Array.isArray(r.structure.modules)) throw new Error('Init response has no structure.modules');
  const { modules, pages, order } = normaliseStructure(r.structure);
  const settings = r.settings ?? {};
  const languages = r.i18n?.languages;
  const published = languages?.published ?? r.i18n?.published ?? settings.languages?.published;
  const defaultLanguage = languages?.default ?? settings.languages?.default ?? r.i18n?.locale ?? 'en';
  const pageDoc = r.page && typeof r.page === 'object' && 'blocks' in r.page ? (r.page as NonNullable<ServerInitParts['page']>) : undefined;
  return {
    user: { ...r.user, listMemberships: r.user.listMemberships ?? [], permissions: r.user.permissions ?? {}, basePaths: r.user.basePaths ?? r.basePaths, dataPrivacy: r.user.dataPrivacy ?? r.dataPrivacy },
    settings,
    viewAs: normaliseViewAs(r.viewAs),
    locale: r.i18n?.locale ?? defaultLanguage,
    languages: { default: defaultLanguage, enabled: languages?.enabled ?? settings.languages?.enabled ?? published ?? [defaultLanguage], published: published ?? [defaultLanguage] },
    i18nOverrides: r.i18n?.overrides ?? {},
    modules,
    // The structure arrives in display order; an explicit order wins.
    moduleOrder: order ?? settings.structure?.orders?.modules?.order ?? modules.map((m) => m.id),
    pages,
    blocks: [...(r.structure.blocks ?? []), ...(pageDoc?.blocks ?? [])],
    fields: [...(r.structure.fields ?? []), ...(pageDoc?.fields ?? [])],
    itemPermissions: (r.permissions as ItemPermissions | undefined) ?? {},
    openingPageId: typeof pageDoc?.page?.id === 'string' ? pageDoc.page.id : undefined,
    activeBrand: r.activeBrandSettings ?? undefined,
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
