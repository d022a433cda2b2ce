/**
 * The page slot (lazy chunk): the engine's PageRenderer for the routed page inside an
 * EngineProvider and the form environment, with everything wired to the shell (store, translator,
 * session, modes, API). The page's blocks are loaded on first view.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AdminContext } from '../../admin/edit-mode';
import type { AdminValue } from '../../admin/core/context';
import { useLocation } from 'wouter';
import { runtimePageRegistry } from '../../registry/generated/runtime-page';
import { blockComponents } from '../../blocks/index.generated';
import { createTranslator } from '../../engine/core/i18n/translator';
import { createRegistry } from '../../engine/core/registry';
import { isConnectivityPrivate } from '../../engine/core/profile-privacy';
import { mediaUrl } from '../../engine/core/media';
import { viewAsContext } from '../../engine/core/rules/visibility';
import { EngineProvider, type EngineServices } from '../../engine/react/engine-context';
import { PageRenderer } from '../../engine/react/page-renderer';
import { preloadBlockTypes } from '../../engine/react/block-loader';
import { blockAtom, pageAtom } from '../../engine/react/structure-store';
import { FormEnvironmentProvider, type FormEnvironment } from '../../engine/forms/environment';
import { useIsWide } from '../nav/use-media-query';
import type { PageSlotProps } from '../routes/route-slots';
import { targetKind } from '../routes/route-table';
import { logout } from '../shell/logout';
import { useServices } from '../shell/services';
import {
  editModeAtom,
  i18nOverridesAtom,
  localeAtom,
  ownConnectivityPrivateAtom,
  pushToastAtom,
  sessionAtom,
  settingsAtom,
  shellCatalogAtom,
  textEditingAtom,
} from '../shell/shell-state';
import { profileHref } from '../api/init-adapter';
import { EditModeLayer } from '../edit-mode/EditModeLayer';
import { useLazyAdmin } from '../edit-mode/lazy-admin';
import { useT } from '../i18n/use-t';
import { usePageCatalog } from '../i18n/page-catalog';
import { createFileService, createFileServices } from './file-services';
import { createPrivacyService } from './privacy-service';
import { canEditProfile } from '../../engine/core/permissions';
import { createPageServices, createRuleChecker } from './page-services';
import { createNotificationService, readableNotificationTypes } from '../notifications/notification-service';
import { modalContentTypes } from './modal-preload';
import { usePageContent } from './page-content';
import { webDataLayer } from './data-layer';
import { DataLayerProvider, useResourceEntry } from '../../engine/data/hooks';
import { profilesSlice } from '../../engine/data/profiles';
import { entitiesSlice } from '../../engine/data/entities';

// Rendering reads block types; the rule engine reads operators and forms field types and validation
// rules from their own chunks (engine/forms/default-evaluator.ts, engine/forms/field-types.ts), so a
// page without rules or forms never loads them.
const registry = createRegistry({ ...runtimePageRegistry, operators: {}, fields: {}, rules: {} });
// The rule engine (json-logic, the rule compiler) loads with the first block or form that has
// rules: the engine asks for it, forms use the same shared instance from their own chunk.
const loadEvaluator = () => import('../../engine/forms/default-evaluator').then((m) => m.registryRuleEvaluator());

export default function EnginePage({ module, page, targetId, entityId }: PageSlotProps) {
  const t = useT();
  const store = useStore();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(settingsAtom);
  const locale = useAtomValue(localeAtom);
  const overrides = useAtomValue(i18nOverridesAtom);
  const editMode = useAtomValue(editModeAtom);
  const toast = useSetAtom(pushToastAtom);
  const onAdminLoadError = useCallback(() => toast({ type: 'negative', message: t('shell.page.adminLoadError') }), [toast, t]);
  // Edit mode import()s the admin (its own chunks); until it is there the page renders as for members.
  const admin = useLazyAdmin(editMode, onAdminLoadError);
  // Blocks, forms and rules read the page's namespaces (this chunk, plus the active locale's own
  // chunk); the admin brings the whole catalogue, its texts included.
  const shellCatalog = useAtomValue(shellCatalogAtom);
  const pageCatalog = usePageCatalog(shellCatalog, locale);
  const catalog = admin ? admin.messages : pageCatalog;
  // The admin's own controls stay unmarked: text-edit mode edits the page's and the shell's labels.
  const adminTranslator = useMemo(() => catalog && createTranslator(catalog, locale, overrides), [catalog, locale, overrides]);
  const mark = useAtomValue(textEditingAtom);
  const translator = useMemo(
    () => (mark && catalog ? createTranslator(catalog, locale, overrides, { mark }) : adminTranslator),
    [mark, catalog, locale, overrides, adminTranslator],
  );
  const [adminValue, setAdminValue] = useState<AdminValue | null>(null);
  const editing = editMode && !!admin && !!adminValue;
  const wide = useIsWide();
  const accountId = session?.user.accountId;
  // Viewing as lists, the admin sees what a member of exactly those lists sees: rules judged on those
  // lists, and none of the admin's notices (a block the server left out is simply not there).
  const viewingAs = !!session?.viewAs?.length;
  const viewer = useMemo(() => (session && viewingAs ? viewAsContext({ user: session.user }, session.viewAs!).user : session?.user), [session, viewingAs]);
  const dataLayer = useMemo(() => webDataLayer(store, api, accountId), [store, api, accountId]);
  // The page's target entity (the route loaded it and keeps its room): the page's blocks load for
  // it (the server refuses a page of a space she may not view) and see it (availability, rules).
  const content = usePageContent(api, page.id, entityId);
  const entityEntry = useResourceEntry(dataLayer.slice(entitiesSlice).items, entityId);
  const entity = entityEntry?.state === 'ready' ? entityEntry.value : undefined;
  const ownEntry = useResourceEntry(dataLayer.slice(profilesSlice), accountId);
  const ownProfile = ownEntry?.state === 'ready' ? ownEntry.value : undefined;
  // The shell's keepalive follows the own profile's connectivity privacy (its one place).
  const setConnectivityPrivate = useSetAtom(ownConnectivityPrivateAtom);
  const connectivityPrivate = ownProfile ? isConnectivityPrivate(ownProfile.data?.meta) : undefined;
  useEffect(() => {
    if (connectivityPrivate !== undefined) setConnectivityPrivate(connectivityPrivate);
  }, [connectivityPrivate, setConnectivityPrivate]);
  // A numeric target is a profile anywhere; on a profile page any target names an account.
  const viewedId = targetId && (targetKind(targetId) === 'profile' || page.type === 'profile') ? targetId : accountId;
  const viewedEntry = useResourceEntry(dataLayer.slice(profilesSlice), viewedId);
  const viewedProfile = viewedEntry?.state === 'ready' ? viewedEntry.value : undefined;

  const mediaToken = session?.user.imageAccessToken;
  const device = useMemo(() => ({ isMobile: !wide, isDesktop: wide }), [wide]);
  const pageServices = useMemo(
    () => createPageServices({ api, store, pageId: page.id, profiles: dataLayer.slice(profilesSlice) }),
    [api, store, page.id, dataLayer],
  );
  const engineServices = useMemo<EngineServices>(
    () => ({
      saveBlockMeta: pageServices.saveBlockMeta,
      navigate: (path) => navigate(path),
      profileHref: (id) => profileHref(settings, id),
      logout: () => void logout(api, (url) => window.location.assign(url)),
      mediaUrl: (options) => mediaUrl({ ...options, token: mediaToken, base: api.baseURL }),
      ...(settings.map?.tileUrl ? { mapTiles: { url: settings.map.tileUrl, attribution: settings.map.tileAttribution } } : {}),
      files: createFileService(api),
      notifications: createNotificationService(api, readableNotificationTypes(session?.user)),
    }),
    [pageServices, navigate, api, settings, mediaToken, session?.user],
  );
  const profile = viewedProfile ?? undefined;
  const user = session?.user;
  const itemPermissions = session?.itemPermissions;
  const profileEditable = useMemo(() => !!user && !!viewedId && canEditProfile({ ...user, itemPermissions }, viewedId), [user, itemPermissions, viewedId]);
  // The privacy buttons (#privacy) set the viewer's own data items only.
  const ownPrivacy = useMemo(
    () => (viewedId && viewedId === accountId ? createPrivacyService(api, store, toast, t) : undefined),
    [api, store, toast, t, viewedId, accountId],
  );
  const formEnvironment = useMemo<FormEnvironment | undefined>(
    () =>
      translator && {
        services: {
          save: (submission) => pageServices.saveForm(viewedId ?? '', submission),
          checkAsync: createRuleChecker(api),
          ...createFileServices(api, user?.imageAccessToken, dataLayer),
          ...(ownPrivacy ? { privacy: ownPrivacy } : {}),
        },
        ruleContext: { user: viewer, profile, entity, lists: viewer?.listMemberships, device },
        translator,
        profileEditable,
      },
    [pageServices, viewedId, user, viewer, profile, entity, device, translator, api, ownPrivacy, profileEditable, dataLayer],
  );

  // The page's modal content loads once the page shows, so a first opening does not wait for chunks.
  const ready = content.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    const types = modalContentTypes(store.get(pageAtom(page.id)), (id) => store.get(blockAtom(id)));
    if (types.length) preloadBlockTypes(types, blockComponents).catch(() => undefined);
  }, [ready, store, page.id]);

  if (content.status === 'error')
    return (
      <p role="alert" className="ts-page-error">
        {t('shell.page.loadError')}
      </p>
    );
  if (content.status === 'loading' || !session || !translator || !formEnvironment || (entityId && !entity))
    return (
      <p role="status" className="ts-page-loading">
        {t('shell.page.loading')}
      </p>
    );
  // No options validators: the server checks stored options when it reads a page (a block whose
  // options break its schema comes with readProblem `invalidOptions`).
  return (
    <EngineProvider
      registry={registry}
      blockComponents={blockComponents}
      store={store}
      loadEvaluator={loadEvaluator}
      translator={translator}
      services={engineServices}
      user={viewer}
      profile={profile}
      ownProfile={ownProfile}
      entity={entity}
      device={device}
      isAdmin={session.user.isAdmin && !viewingAs}
      editMode={editing}
      renderAddBlock={admin?.renderAddBlock}
      renderBlockControls={admin?.renderBlockControls}
      renderInlineText={admin?.renderInlineText}
    >
      <DataLayerProvider value={dataLayer}>
        <FormEnvironmentProvider value={formEnvironment}>
          {/* One tree in both modes: entering edit mode changes the context's value, never the page's place, so the page stays mounted. */}
          <AdminContext.Provider value={editing ? adminValue : null}>
            {admin && (
              <EditModeLayer
                admin={admin}
                pageId={page.id}
                moduleId={module.id}
                translator={adminTranslator ?? translator}
                locale={locale}
                onValue={setAdminValue}
              />
            )}
            <PageRenderer pageId={page.id} />
          </AdminContext.Provider>
        </FormEnvironmentProvider>
      </DataLayerProvider>
    </EngineProvider>
  );
}
