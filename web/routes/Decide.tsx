/** Acts on a route decision once: shows its toast, then redirects (a redirect to 404 carries its reason to the page instead of a toast). */
import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useShowToast } from '../shell/use-toast';
import { notFoundReason, type RouteDecision } from './guards';

export function Decide({ decision }: { decision: RouteDecision }) {
  const showToast = useShowToast();
  const reason = notFoundReason(decision);
  useEffect(() => {
    if (decision.toast && !reason) showToast(decision.toast);
    // Once per decision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return decision.redirect ? <Redirect to={decision.redirect} replace={decision.replace} state={reason ? { notFoundReason: reason } : undefined} /> : null;
}
