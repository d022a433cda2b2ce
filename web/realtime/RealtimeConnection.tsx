/** Loaded lazily after start-up: connects the realtime client and follows the current module and page. */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { currentRouteAtom } from '../nav/structure-view';
import { moduleAtom } from '../../engine/react/structure-store';
import type { DraftsResponse } from '../../schemas/model/api/structure';
import { useServices } from '../shell/services';
import { createRealtimeClient, type RealtimeClient } from './realtime-client';
import { dataLayerOf, webDataLayer } from '../engine/data-layer';
import { ownListMembershipsSlice } from '../engine/list-memberships';
import { entitiesSlice } from '../../engine/data/entities';
import { canEditAtom, editModeAtom, sessionAtom } from '../shell/shell-state';
import { followMembershipChanges } from './membership-refetch';
import { applyShellEvent, browserEnv } from './shell-events';
import { realtimeSocketAtom } from './socket-atom';
import { refetchStructure } from './structure-refetch';
import { refreshNotificationCounts } from '../notifications/notification-service';

/** The open page and its entity, for reading it again. */
const openPage = (store: ReturnType<typeof useStore>) => [store.get(currentRouteAtom).pageId, store.get(currentRouteAtom).entityId] as const;

/** Whether a settings update's module order names a module the store does not hold (every signed-in user sees every module). */
function namesUnknownModule(store: ReturnType<typeof useStore>, payload: unknown): boolean {
  const order = (payload as { settings?: { structure?: { orders?: { modules?: { order?: unknown } } } } } | null)?.settings?.structure?.orders?.modules?.order;
  return Array.isArray(order) && order.some((id) => typeof id === 'string' && store.get(moduleAtom(id)) === undefined);
}

export default function RealtimeConnection() {
  const { api, realtime } = useServices();
  const store = useStore();
  const route = useAtomValue(currentRouteAtom);
  // Edit mode shows an editor the drafts: her requests ask for them and her socket hears them.
  const editMode = useAtomValue(editModeAtom);
  const canEdit = useAtomValue(canEditAtom);
  const drafts = editMode && canEdit;
  const client = useRef<RealtimeClient | null>(null);
  const draftsBefore = useRef(false);
  useEffect(() => {
    const token = api.getToken();
    if (!token) return;
    const c = createRealtimeClient({
      url: realtime ? realtime.url : undefined,
      token,
      getToken: () => api.getToken(),
      store,
      onEvent: (event, payload) => {
        applyShellEvent(store, event, payload, () => browserEnv(api.baseURL));
        // A module published (or created) elsewhere: the order names a module this browser has not read yet.
        if (event === 'settings:updated' && namesUnknownModule(store, payload)) refetchStructure(store, api, ...openPage(store)).catch(() => undefined);
      },
      // Missed events the server could not send again: collections, the structure and the open page read again.
      onRefetch: () => {
        dataLayerOf(store)?.reconnected();
        // A failed read leaves what is shown; the next change or reconnection reads again.
        refetchStructure(store, api, ...openPage(store)).catch(() => undefined);
        // Counts changed while away are read again (the badges).
        void refreshNotificationCounts(store, api, ['chat', 'system']);
      },
    });
    client.current = c;
    store.set(realtimeSocketAtom, c.socket);
    // Her memberships changed live: pages the server shows or hides by them are read again.
    const layer = webDataLayer(store, api, store.get(sessionAtom)?.user.accountId);
    // Slices send on the socket (typing, chat rooms) and hear each connection (rooms joined again, chat catch-up).
    layer.attachRealtime({ emit: (event, payload) => c.socket.emit(event, payload) });
    const onConnect = () => layer.connected();
    c.socket.on('connect', onConnect);
    if (c.socket.connected) layer.connected();
    // The browser knows the network went before a socket does (a dead connection is noticed only
    // at the next missed ping, up to a minute): drop it now, connect again when the network is back,
    // and the reconnection's catch-up brings what was missed.
    const goneOffline = () => c.socket.disconnect();
    const backOnline = () => c.socket.connect();
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    const stopFollowing = followMembershipChanges(store, layer.slice(ownListMembershipsSlice), () => {
      const { pageId, entityId } = store.get(currentRouteAtom);
      // An open space asks its decision again (a join may open pages, a leave close them).
      if (entityId) layer.slice(entitiesSlice).spaceChanged(entityId);
      return refetchStructure(store, api, pageId, entityId);
    });
    return () => {
      stopFollowing();
      c.socket.off('connect', onConnect);
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
      layer.attachRealtime(null);
      store.set(realtimeSocketAtom, null);
      c.close();
      client.current = null;
    };
  }, [api, realtime, store]);
  useEffect(() => {
    api.setDrafts?.(drafts);
    if (drafts === draftsBefore.current) return;
    draftsBefore.current = drafts;
    // Entering edit mode reads the drafts; leaving it reads what members see. Without drafts both
    // are what is shown already: nothing is read again (the page is not remounted).
    api
      .get<DraftsResponse>('structure/drafts', { quiet: true })
      .then((answer) => (answer.drafts.length ? refetchStructure(store, api, ...openPage(store)) : undefined))
      .catch(() => undefined);
  }, [api, store, drafts]);
  useEffect(() => {
    // A page's target names the profile it shows (profile:update reaches the sockets viewing it);
    // an entity target is no profile, and the page's subscription names it instead.
    client.current?.setCurrent({
      moduleId: route.moduleId,
      pageId: route.pageId,
      ...(route.entityId ? { pageEntityId: route.entityId } : { profileId: route.targetId }),
      ...(drafts ? { draftsId: 'all' } : {}),
    });
  }, [route.moduleId, route.pageId, route.targetId, route.entityId, drafts]);
  return null;
}
