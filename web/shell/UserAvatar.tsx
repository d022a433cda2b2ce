/**
 * The signed-in member's avatar in the header's user button: their picture once their profile
 * (from the data layer, so a profile form save shows at once) names one, else their initials.
 */
import { useAtomValue, useStore } from 'jotai';
import { useMemo, useState } from 'react';
import { avatarMedia, mediaUrl } from '../../engine/core/media';
import { useResourceEntry } from '../../engine/data/hooks';
import { profilesSlice } from '../../engine/data/profiles';
import { webDataLayer } from '../engine/data-layer';
import { useApi } from './services';
import { sessionAtom } from './shell-state';

/** The header avatar's size in px (.ts-avatar). */
const HEADER_AVATAR_PX = 28;

export function UserAvatar({ initials }: { initials: string }) {
  const store = useStore();
  const api = useApi();
  const session = useAtomValue(sessionAtom);
  const accountId = session?.user.accountId;
  const layer = useMemo(() => webDataLayer(store, api, accountId), [store, api, accountId]);
  const entry = useResourceEntry(layer.slice(profilesSlice), accountId);
  const media = entry?.state === 'ready' ? avatarMedia(entry.value.data?.profile, HEADER_AVATAR_PX) : undefined;
  const src = media && mediaUrl({ ...media, token: session?.user.imageAccessToken, base: api.baseURL });
  const [failedSrc, setFailedSrc] = useState<string>();
  return (
    <span aria-hidden="true" className="ts-avatar">
      {src && src !== failedSrc ? (
        <img className="ts-avatar__image" src={src} alt="" width={HEADER_AVATAR_PX} height={HEADER_AVATAR_PX} onError={() => setFailedSrc(src)} />
      ) : (
        initials
      )}
    </span>
  );
}
