/**
 * The area `users`: a member's memberships across lists (`users/:accountId/lists`) arrives with the
 * lists; the member list and profile edits (`users`, `users/:accountId`) still say what they will hold.
 */
import { AreaNotice } from '../../frame/AreaNotice';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { MemberLists } from './MemberLists';
import '../../core/area.css';
import '../../core/membership/membership.css';

export default function UsersArea({ match }: AdminAreaProps) {
  const { t } = useAdminFrame();
  if (match.route.name !== 'usersLists') return <AreaNotice match={match} feature="lists" />;
  return (
    <div className="t-admin-area">
      <h1 className="ts-page-title">{t('adminAreas.areas.users.title')}</h1>
      <MemberLists accountId={match.params.accountId} />
    </div>
  );
}
