import { ProfileAvatar, formatProfileName, useEngine, useProfileEntry, type BlockProps } from '../../engine/block-api';
import type { ProfileHeroOptions } from '../options.generated';
import { lazy, Suspense } from 'react';

// Another member's profile only; the chat code loads with it, never on one's own profile.
const MessageButton = lazy(() => import('../../engine/react/chat/MessageButton'));
const ReportButton = lazy(() => import('../../engine/react/abuse/ReportButton'));

export type { ProfileHeroOptions };

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** `_canStartChat` when the profile carries it (the chat domain adds it to `GET profile/{id}`). */
const chatFlag = (profile: object): boolean | undefined => {
  const flag = (profile as { _canStartChat?: unknown })._canStartChat;
  return typeof flag === 'boolean' ? flag : undefined;
};

/**
 * The top of a profile page: avatar with online dot, public name and a subtitle field, from the
 * data layer (so a save or a realtime update shows at once); on another member's profile, an actions
 * row: "Message" (the global chat room, core §2.6) when she may chat with them, and "Report".
 */
export default function ProfileHero({ block, options }: BlockProps<ProfileHeroOptions>) {
  const { profile: viewed, t, user } = useEngine();
  const entry = useProfileEntry(viewed?.accountId);
  if (!viewed) return null;
  if (!entry || entry.state === 'loading')
    return (
      <p role="status" className="t-profile-hero__state">
        {t('profiles.loading')}
      </p>
    );
  if (entry.state === 'error')
    return (
      <p className="t-profile-hero__state">
        {t(entry.error === 'forbidden' ? 'profiles.forbidden' : entry.error === 'notFound' ? 'profiles.notFound' : 'profiles.loadFailed')}
      </p>
    );
  const profile = entry.value;
  const values = profile.data.profile;
  const name =
    formatProfileName({ first: text(values.firstName), middle: text(values.middleName), last: text(values.lastName) }, options.nameFormat) || profile.accountId;
  const subtitle = options.subtitleField ? text(values[options.subtitleField]) : undefined;
  const headingId = `profile-hero-${block.id}`;
  return (
    <section className="t-profile-hero" aria-labelledby={headingId}>
      {options.showCoverImage !== false && (
        <div className="t-profile-hero__cover" style={{ height: Math.round((options.coverHeight ?? 240) / 2) }} aria-hidden="true" />
      )}
      <div className="t-profile-hero__body">
        {options.showAvatar !== false && <ProfileAvatar profile={profile} size="large" showOnline />}
        <div className="t-profile-hero__text">
          <h2 id={headingId} className="t-profile-hero__name">
            {name}
          </h2>
          {subtitle && <p className="t-profile-hero__subtitle">{subtitle}</p>}
          {user?.accountId && user.accountId !== profile.accountId && (
            <div className="t-profile-hero__actions">
              <Suspense fallback={null}>
                <MessageButton accountId={profile.accountId} name={name} canStart={chatFlag(profile)} />
              </Suspense>
              <Suspense fallback={null}>
                <ReportButton reportedId={profile.accountId} reportedType="profile" label={t('abuse.reportMember', { name })} />
              </Suspense>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
