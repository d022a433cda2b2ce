/**
 * The server's answers to the server rules (engine/core validateFormAsync asks them): feed_valid
 * fetches the feed, slug_valid and uniqueness (without a list in the rule) look for the same value
 * under the same field in other profiles.
 */
import type { AsyncRuleChecker } from '../../engine/core/validation';
import type { Profile } from '../../schemas/model';
import type { AppContext } from '../context';
import { checkFeed, FeedUrlRefused } from './feed-fetch';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A checker for a save of `accountId`'s profile; `nameOf` gives the stored name of a field id. */
export function profileRuleChecker(ctx: AppContext, accountId: string, nameOf: (fieldId: string) => string): AsyncRuleChecker {
  let others: Record<string, unknown>[] | undefined;
  const otherProfiles = async () =>
    (others ??= (await ctx.store.list<Profile>('profile')).filter((p) => p.id !== accountId).map((p) => p.data?.data?.profile ?? {}));
  return async ({ rule, value, params, fieldId }) => {
    if (rule === 'feed_valid') {
      try {
        const answer = await checkFeed(String(value), { trusted: ctx.config.feedTrustedAddresses });
        return answer.errno === 0 || { key: 'validation.feed_valid' };
      } catch (e) {
        if (e instanceof FeedUrlRefused) return { key: 'validation.feed_valid' };
        throw e;
      }
    }
    if (rule === 'slug_valid' || rule === 'uniqueness') {
      const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
      const excluded = Array.isArray(p.exclude) ? p.exclude : [];
      if (excluded.some((x) => same(x, value))) return true;
      const name = nameOf(fieldId);
      return !(await otherProfiles()).some((profile) => same(profile[name], value)) || { key: `validation.${rule}` };
    }
    throw new Error(`no server check for rule "${rule}"`);
  };
}
