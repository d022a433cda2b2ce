/** A membership state as a pill: the state in words, its colour on the dot (admin/core/membership/membership.css). */
import type { MembershipState } from '../../../schemas/model';
import { useAdminFrame } from '../../frame/frame-context';
import './membership.css';

export function StatePill({ state }: { state: MembershipState }) {
  const { t } = useAdminFrame();
  return <span className={`t-admin-pill t-membership-pill--${state}`}>{t(`adminAreas.membership.states.${state}`)}</span>;
}
