/**
 * A member's avatar: their picture (a square thumbnail around its focal point) when the profile
 * names one and the media URL can be made, else their initials on a colour of their own (spec
 * core §9), with an online dot when asked. Blocks show people through this.
 */
import { useState } from 'react';
import type { Profile } from '../../schemas/model';
import { avatarMedia } from '../core/media';
import { initialsColourClass, initialsFontSizePx, profileInitials } from '../core/profile-name';
import { isProfileOnline } from '../core/profile-privacy';
import { useEngine } from './engine-context';

const SIZES = { small: 40, medium: 64, large: 112 } as const;

export interface ProfileAvatarProps {
  profile: Pick<Profile, 'accountId' | 'data' | 'keepaliveTimestamp'>;
  size?: keyof typeof SIZES;
  /** Shows the online dot (green online, grey otherwise) with its text for screen readers. */
  showOnline?: boolean;
}

export function ProfileAvatar({ profile, size = 'medium', showOnline = false }: ProfileAvatarProps) {
  const { user, t, services } = useEngine();
  // A picture that fails to load (deleted, or the token expired) falls back to the initials.
  const [failedSrc, setFailedSrc] = useState<string>();
  const values = profile.data?.profile ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const initials = profileInitials({ first: text(values.firstName), last: text(values.lastName) }) || profile.accountId.slice(0, 1).toUpperCase();
  const px = SIZES[size];
  const media = avatarMedia(values, px);
  const src = media ? services.mediaUrl?.(media) : undefined;
  const online =
    showOnline &&
    isProfileOnline(profile, {
      viewerAccountId: user?.accountId,
      viewerOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
      now: Date.now(),
    });
  return (
    <span className={`t-avatar t-avatar--${size}`} style={{ width: px, height: px }}>
      {src && src !== failedSrc ? (
        <img className="t-avatar__image" src={src} alt="" width={px} height={px} onError={() => setFailedSrc(src)} />
      ) : (
        <span
          className={`t-avatar__initials t-avatar--colour-${initialsColourClass(profile.accountId)}`}
          style={{ fontSize: initialsFontSizePx(px, Array.from(initials).length) }}
          aria-hidden="true"
        >
          {initials}
        </span>
      )}
      {showOnline && (
        <span
          className={`t-avatar__status${online ? ' t-avatar__status--online' : ''}`}
          role="img"
          aria-label={t(online ? 'profiles.online' : 'profiles.offline')}
        />
      )}
    </span>
  );
}
