/**
 * Device keepalive (spec 4.3, 7.1): POST user/deviceKeepalive {deviceId} every 10 minutes, only
 * while user connectivity is enabled (we are online and the user's profile does not keep its
 * connectivity private). The device id is made once and kept in local storage; logout sends it.
 */
import { DEVICE_KEEPALIVE_INTERVAL_MS } from '../../engine/core/constants';
import type { ApiClient } from '../api/client';
import { DEVICE_ID_KEY } from './logout';

export function ensureDeviceId(storage: Storage, makeId: () => string = () => crypto.randomUUID()): string {
  let id = storage.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = makeId();
    storage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}

/** Sends one keepalive now and then on the interval; returns a stop function. */
export function startDeviceKeepalive(api: Pick<ApiClient, 'post'>, deviceId: string, intervalMs = DEVICE_KEEPALIVE_INTERVAL_MS): () => void {
  const beat = () => void api.post('user/deviceKeepalive', { deviceId }, { quiet: true }).catch(() => undefined);
  beat();
  const timer = setInterval(beat, intervalMs);
  return () => clearInterval(timer);
}
