/** Loaded lazily after start-up: connects the realtime client and follows the current module and page. */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { currentRouteAtom } from '../nav/structure-view';
import { useServices } from '../shell/services';
import { pushToastAtom } from '../shell/shell-state';
import { createRealtimeClient, type RealtimeClient } from './realtime-client';

export default function RealtimeConnection() {
  const { api, realtime } = useServices();
  const store = useStore();
  const route = useAtomValue(currentRouteAtom);
  const pushToast = useSetAtom(pushToastAtom);
  const client = useRef<RealtimeClient | null>(null);
  useEffect(() => {
    const token = api.getToken();
    if (!token) return;
    const c = createRealtimeClient({
      url: realtime ? realtime.url : undefined,
      token,
      store,
      onEvent: (event, payload) => {
        if (event === 'SERVER_MESSAGE' && payload && typeof payload === 'object' && typeof (payload as { message?: unknown }).message === 'string')
          pushToast({ type: 'info', message: (payload as { message: string }).message });
      },
    });
    client.current = c;
    return () => {
      c.close();
      client.current = null;
    };
  }, [api, realtime, store, pushToast]);
  useEffect(() => {
    client.current?.setCurrent({ moduleId: route.moduleId, pageId: route.pageId });
  }, [route.moduleId, route.pageId]);
  return null;
}
