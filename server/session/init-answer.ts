/**
 * The init answer (spec 7.1), built as the JSON it is sent as: a head everyone who sees the same
 * things shares (settings, language, brand, the structure for their kind of viewer, the page
 * unless it is filtered per viewer), kept with its compressed bytes until documents change, and
 * the user's own tail (session, permissions, a per-viewer page), serialised per request. The
 * memoised structure and page are serialised once, never again per request.
 */
import { accountLocale, publishedLanguages } from '../../engine/core/i18n/languages';
import { themeModeOf, type ThemeMode } from '../../engine/core/theme-mode';
import type { Id, Profile, Settings, UserState } from '../../schemas/model';
import type { InitResponse } from '../../schemas/model/api/session';
import type { AppContext, SignedInUser } from '../context';
import { headedAnswer, sharedHead, type JsonAnswer, type SharedHead } from '../http/compression';
import { isStaff, viewAsListIds } from '../permissions';
import { activeBrand } from '../settings/brands';
import type { DocumentStore } from '../storage/documents';
import { viewEntityPage } from '../entities';
import { needsViewerFilter, pageForViewer } from '../structure/block-visibility';
import { readPageDocumentWithJson, readStructure } from '../structure/read';
import { itemPermissionsOf, ownDataPrivacy, userState } from './accounts';

export interface InitOpts {
  pageId?: Id;
  moduleSlug?: string;
  pageSlug?: string;
  /** The page as a page of this entity's space (its id or slug): sent only when the space decision lists it. */
  entityId?: string;
}

type Head = Pick<InitResponse, 'settings' | 'i18n' | 'activeBrandSettings' | 'generalAccessPermitted' | 'structure'>;
type Tail = Omit<InitResponse, keyof Head | 'page'> & { page?: InitResponse['page'] };

/** Heads kept per store until its generation moves; bounded. */
const HEADS_KEPT = 500;
const heads = new WeakMap<DocumentStore, { generation: number; byKey: Map<string, SharedHead> }>();

/** A number per object, for memo keys made of the (memoised) documents a head is built from. */
const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;
function idOf(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) objectIds.set(value, (id = nextObjectId++));
  return id;
}
/** JSON of memoised values (the structure of a kind of viewer), made once per value. */
const jsonOfValue = new WeakMap<object, string>();
function jsonOf(value: object): string {
  let json = jsonOfValue.get(value);
  if (json === undefined) jsonOfValue.set(value, (json = JSON.stringify(value)));
  return json;
}

const NO_OVERRIDES: Record<string, string> = {};

export async function initAnswer(ctx: AppContext, user: SignedInUser, opts: InitOpts, devices: string[]): Promise<JsonAnswer> {
  const generation = await ctx.store.currentGeneration();
  const [settingsDoc, structure, profileDoc] = await Promise.all([
    ctx.store.get<Settings>('settings', 'app'),
    readStructure(ctx.store, user),
    ctx.store.get<Profile>('profile', user.account.accountId),
  ]);
  const settings = settingsDoc?.data ?? {};
  const locale = accountLocale(settings, profileDoc?.data.data?.meta?.language);
  const [overrides, brand] = await Promise.all([ctx.store.get<Record<string, string>>('i18n', locale), activeBrand(ctx, settings)]);
  let pageId = opts.pageId;
  if (!pageId && opts.moduleSlug) {
    const module = structure.modules.find((m) => m.slug === opts.moduleSlug);
    pageId = module?.pages.find((p) => p.slug === (opts.pageSlug ?? p.slug))?.id;
  }
  const shown = pageId ? structure.modules.flatMap((m) => m.pages).find((p) => p.id === pageId) : undefined;
  const space = shown ? await viewEntityPage(ctx, ctx.store, user, shown, typeof opts.entityId === 'string' ? opts.entityId : undefined) : undefined;
  const page = space && pageId ? await readPageDocumentWithJson(ctx.store, pageId, ctx.validator.storedBlockOptionsProblem) : undefined;
  const perViewerPage = !!page && needsViewerFilter(page.value, user);
  const overridesData = overrides?.data ?? NO_OVERRIDES;

  // Everything the head is made of is a memoised document or derived from one: their identities
  // (and the locale) name it until the generation moves.
  const key = `${idOf(settings)}|${idOf(structure)}|${locale}|${idOf(overridesData)}|${brand ? idOf(brand) : '-'}|${perViewerPage ? 'viewer' : page ? idOf(page) : '-'}`;
  let memo = generation === undefined ? undefined : heads.get(ctx.store);
  if (generation !== undefined && memo?.generation !== generation) heads.set(ctx.store, (memo = { generation, byKey: new Map() }));
  let head = memo?.byKey.get(key);
  if (!head) {
    const value: Omit<Head, 'structure'> = {
      settings,
      i18n: { locale, published: publishedLanguages(settings), overrides: overridesData },
      activeBrandSettings: brand
        ? { brandId: brand.brandId, brandName: brand.brandName, settings: brand.settings ?? {}, themeCssUrl: '/api/v1/service/brands/active/theme.css' }
        : null,
      generalAccessPermitted: true,
    };
    const json = `${JSON.stringify(value).slice(0, -1)},"structure":${jsonOf(structure)}${perViewerPage ? '' : `,"page":${page ? page.json : 'null'}`}`;
    head = sharedHead(json);
    if (memo && ctx.store.generation === memo.generation) {
      if (memo.byKey.size >= HEADS_KEPT) memo.byKey.clear();
      memo.byKey.set(key, head);
    }
  }
  const tail: Tail = {
    user: withThemeMode(userState(user, devices), themeModeOf(profileDoc?.data.data?.meta)),
    viewAs: { active: !!viewAsListIds(user.account), userListIds: viewAsListIds(user.account) ?? [] },
    dataPrivacy: ownDataPrivacy(user),
    permissions: user.account.permissions,
    visiblePermissions: isStaff(user.account) ? await itemPermissionsOf(ctx, user) : {},
    basePaths: user.basePaths,
    ...(perViewerPage ? { page: pageForViewer(page.value, user, space?.entity) } : {}),
  };
  // What each domain adds for this user (server/domain.ts `init`).
  for (const domain of ctx.domains) if (domain.init) Object.assign(tail, await domain.init(ctx, user));
  return headedAnswer(head, `,${JSON.stringify(tail).slice(1)}`);
}

/** The account's saved colour mode rides with its user state, so every device starts in it. */
const withThemeMode = (state: UserState, theme: ThemeMode | undefined): UserState => (theme ? { ...state, theme } : state);
