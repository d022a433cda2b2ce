import { AppLink, ProfileAvatar, profileDisplayName, useEngine, useOwnProfileEntry, type BlockProps } from '../../engine/block-api';
import type { CurrentUserOverviewOptions } from '../options.generated';

export type { CurrentUserOverviewOptions };

/** The signed-in member at a glance: avatar, public name, how many lists they belong to, and a link to their profile. */
export default function CurrentUserOverview({ block, options }: BlockProps<CurrentUserOverviewOptions>) {
  const { t, user, services } = useEngine();
  const entry = useOwnProfileEntry();
  if (!user) return null;
  if (entry?.state === 'error') return <p className="t-user-overview__state">{t('profiles.ownLoadFailed')}</p>;
  const profile = entry?.state === 'ready' ? entry.value : undefined;
  if (!profile)
    return (
      <p role="status" className="t-user-overview__state">
        {t('profiles.loading')}
      </p>
    );
  const headingId = `user-overview-${block.id}`;
  const lists = (user.listMemberships ?? []).filter((m) => m?.state === 'accepted').length;
  const href = services.profileHref?.(profile.accountId);
  return (
    <section className="t-user-overview" aria-labelledby={headingId}>
      {options.showAvatar !== false && <ProfileAvatar profile={profile} size={options.avatarSize ?? 'medium'} />}
      <div className="t-user-overview__text">
        <h2 id={headingId} className="t-user-overview__name">
          {profileDisplayName(profile, options.nameFormat)}
        </h2>
        {options.showListMemberships !== false && <p className="t-user-overview__lists">{t('profiles.listCount', { n: lists })}</p>}
        {options.showEditProfileLink !== false && href && (
          <AppLink className="t-user-overview__edit" path={href}>
            {t('profiles.editProfile')}
          </AppLink>
        )}
      </div>
    </section>
  );
}
