/** One member in a list of people (miniUsers, userSearch): avatar, public name, link to the profile. */
import type { Profile } from '../../schemas/model';
import { formatProfileName } from '../core/profile-name';
import { useProfile } from '../data/hooks';
import { AppLink } from './app-link';
import { useEngine } from './engine-context';
import { ProfileAvatar, type ProfileAvatarProps } from './profile-avatar';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** A profile's display name by a name format, falling back to the account id (the public name rule). */
export function profileDisplayName(profile: Pick<Profile, 'accountId' | 'data'>, nameFormat = 'F L'): string {
  const values = profile.data?.profile ?? {};
  return formatProfileName({ first: text(values.firstName), middle: text(values.middleName), last: text(values.lastName) }, nameFormat) || profile.accountId;
}

export interface MemberCardProps {
  profile: Profile;
  nameFormat?: string;
  size?: ProfileAvatarProps['size'];
  showName?: boolean;
  showOnline?: boolean;
  link?: boolean;
  /** Profile keys whose values show under the name ("Furniture maker · London"); others' private values never reach the browser. */
  details?: readonly string[];
}

/** The values of `keys` in the profile that are short text or numbers, in order. */
export function profileDetails(profile: Pick<Profile, 'data'>, keys: readonly string[] = []): string[] {
  const values = profile.data?.profile ?? {};
  return keys.flatMap((key) => {
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    return text ? [text] : [];
  });
}

export function MemberCard({ profile, nameFormat, size = 'small', showName = true, showOnline = false, link = true, details }: MemberCardProps) {
  const { services } = useEngine();
  const name = profileDisplayName(profile, nameFormat);
  const href = link && services.profileHref ? services.profileHref(profile.accountId) : undefined;
  const lines = showName ? profileDetails(profile, details) : [];
  const label = <span className={showName ? 't-member__name' : 'ts-visually-hidden'}>{name}</span>;
  const body = (
    <>
      <ProfileAvatar profile={profile} size={size} showOnline={showOnline} />
      {lines.length ? (
        <span className="t-member__text">
          {label}
          <span className="t-member__details">{lines.join(' · ')}</span>
        </span>
      ) : (
        label
      )}
    </>
  );
  if (!href) return <span className="t-member">{body}</span>;
  return (
    <AppLink className="t-member" path={href}>
      {body}
    </AppLink>
  );
}

/** One member of a result list by account id, as a medium card with the online dot; nothing until the profile is loaded. */
export function MemberListItem({
  accountId,
  nameFormat,
  className,
  details,
}: {
  accountId: string;
  nameFormat?: string;
  className?: string;
  details?: readonly string[];
}) {
  const profile = useProfile(accountId);
  if (!profile) return null;
  return (
    <li className={className}>
      <MemberCard profile={profile} nameFormat={nameFormat} size="medium" showOnline details={details} />
    </li>
  );
}
