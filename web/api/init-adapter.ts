/**
 * The one place that knows the shape of GET /api/v1/init (spec 7.1). Everything else in the shell
 * reads the normalised `AppInit`; if the server's answer changes, only this module changes.
 */
import type { Block, Brand, Field, Id, ItemPermissions, Module, Page, Settings, UserState } from '../../schemas/model';
import type { InitResponse } from '../../schemas/model/api/session';

export type { InitResponse };

export interface InitLanguages {
  default: string;
  enabled: string[];
  published: string[];
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
  /** Unseen notifications per type (`notifications.counts`; the header's badges), as sent: read tolerantly. */
  notificationCounts?: unknown;
  /** Profile fields that are no directory filter (search management's `search.notFilterable`), read tolerantly. */
  notFilterable: string[];
}

/** Modules carry their viewable pages; the store keeps pages apart, each with its module id. */
function splitStructure(structure: InitResponse['structure']): { modules: Module[]; pages: Page[] } {
  const pages: Page[] = [];
  const modules = structure.modules.map(({ pages: own, ...module }) => {
    const list = Array.isArray(own) ? own : [];
    pages.push(...list.map((p) => ({ ...p, moduleId: p.moduleId ?? module.id })));
    return { ...module, childIds: module.childIds ?? list.map((p) => p.id) } as Module;
  });
  return { modules, pages };
}

/** Normalises the init answer; throws naming the missing part when it is not an init answer at all. */
export function adaptInit(raw: unknown): AppInit {
  if (!raw || typeof raw !== 'object') throw new Error('Init response is not an object');
  const r = raw as Partial<InitResponse>;
  if (!r.user || typeof r.user !== 'object') throw new Error('Init response has no user');
  if (!r.structure || !Array.isArray(r.structure.modules)) throw new Error('Init response has no structure.modules');
  const { modules, pages } = splitStructure(r.structure);
  const settings = r.settings ?? {};
  const published = r.i18n?.published ?? settings.languages?.published;
  const defaultLanguage = settings.languages?.default ?? r.i18n?.locale ?? 'en';
  const pageDoc = r.page ?? undefined;
  const brand = r.activeBrandSettings;
  return {
    user: {
      ...r.user,
      listMemberships: r.user.listMemberships ?? [],
      permissions: r.user.permissions ?? {},
      basePaths: r.user.basePaths ?? r.basePaths,
      dataPrivacy: r.user.dataPrivacy ?? r.dataPrivacy,
    },
    settings,
    viewAs: r.viewAs?.active && r.viewAs.userListIds.length ? r.viewAs.userListIds : null,
    locale: r.i18n?.locale ?? defaultLanguage,
    languages: { default: defaultLanguage, enabled: settings.languages?.enabled ?? published ?? [defaultLanguage], published: published ?? [defaultLanguage] },
    i18nOverrides: r.i18n?.overrides ?? {},
    modules,
    // The structure arrives in display order; an explicit order wins.
    moduleOrder: r.structure.order ?? settings.structure?.orders?.modules?.order ?? modules.map((m) => m.id),
    pages,
    blocks: pageDoc?.blocks ?? [],
    fields: pageDoc?.fields ?? [],
    // Item permissions (what elevated users may do per item); `permissions` is the account's own map.
    itemPermissions: r.visiblePermissions ?? {},
    openingPageId: pageDoc?.page?.id,
    activeBrand: brand ? { brandId: brand.brandId, brandName: brand.brandName, settings: brand.settings } : undefined,
    generalAccessPermitted: r.generalAccessPermitted !== false,
    notificationCounts: (raw as { notifications?: { counts?: unknown } }).notifications?.counts,
    notFilterable: stringList((raw as { search?: { notFilterable?: unknown } }).search?.notFilterable),
  };
}

/** The signed-in user's profile page: settings structure.defaults.profilePage {moduleSlug, pageSlug}, else /profile/view. */
export function profileHref(settings: Settings, accountId: Id): string {
  const page = settings.structure?.defaults?.profilePage as { moduleSlug?: unknown; pageSlug?: unknown } | undefined;
  const moduleSlug = typeof page?.moduleSlug === 'string' ? page.moduleSlug : 'profile';
  const pageSlug = typeof page?.pageSlug === 'string' ? page.pageSlug : 'view';
  return `/${encodeURIComponent(moduleSlug)}/${encodeURIComponent(pageSlug)}/${encodeURIComponent(accountId)}`;
}

/** A list of strings as sent, anything else left out. */
const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
