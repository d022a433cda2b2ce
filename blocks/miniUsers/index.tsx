import { MemberCard, useEngine, useMemberSearch, useProfile, type BlockProps } from '../../engine/block-api';
import type { MiniUsersOptions } from '../options.generated';

export type { MiniUsersOptions };

function Member({ accountId, options }: { accountId: string; options: MiniUsersOptions }) {
  const profile = useProfile(accountId);
  if (!profile) return null;
  return (
    <li>
      <MemberCard
        profile={profile}
        nameFormat={options.nameFormat}
        size={options.avatarSize}
        showName={options.showNames}
        showOnline={options.showOnlineStatus}
        link={options.linkToProfile !== false}
      />
    </li>
  );
}

/**
 * A row of member avatars. Members of user lists come from the member search (so only what others
 * may see); connections, recently viewed and entity members come with their issues.
 */
export default function MiniUsers({ block, options }: BlockProps<MiniUsersOptions>) {
  const { t } = useEngine();
  const query = options.source === 'userList' ? { listIds: options.userListIds ?? [], limit: options.maxUsers } : undefined;
  const search = useMemberSearch(query);
  const titleId = options.title ? `mini-users-${block.id}` : undefined;
  const ids = search.state === 'ready' ? search.result.accountIds : search.state === 'loading' ? (search.last?.accountIds ?? []) : [];
  return (
    <section className="t-mini-users" aria-labelledby={titleId} aria-label={titleId ? undefined : t('profiles.members')} aria-busy={search.state === 'loading'}>
      {options.title && (
        <h3 id={titleId} className="t-mini-users__title">
          {options.title}
        </h3>
      )}
      {!query || (search.state !== 'loading' && !ids.length) ? (
        <p className="t-mini-users__empty">{t('profiles.noMembers')}</p>
      ) : (
        <ul className="t-mini-users__list">
          {ids.map((id) => (
            <Member key={id} accountId={id} options={options} />
          ))}
        </ul>
      )}
    </section>
  );
}
