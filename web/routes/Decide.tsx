/**
 * Acts on a route decision once: shows its toast, then redirects (a redirect to 404 carries its
 * reason to the page instead of a toast). A redirect corrects an address that leads nowhere (the
 * page was moved or deleted), so the navigation guard lets it through (`ROUTE_REDIRECT`).
 */
import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useShowToast } from '../shell/use-toast';
import { ROUTE_REDIRECT, notFoundReason, type RouteDecision } from './guards';

export function Decide({ decision }: { decision: RouteDecision }) {
  const showToast = useShowToast();
  const reason = notFoundReason(decision);
  useEffect(() => {
    if (decision.toast && !reason) showToast(decision.toast);
    // Once per decision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return decision.redirect ? (
    <Redirect to={decision.redirect} replace={decision.replace} state={{ [ROUTE_REDIRECT]: true, ...(reason ? { notFoundReason: reason } : {}) }} />
  ) : null;
}
