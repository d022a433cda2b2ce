/**
 * Profile calls of community §7 for those who manage profiles: POST profile/forceUpdateProfile/{id}
 * (profiles update), POST profile/meta/{id} (the owner or profiles update), DELETE profile/{id}
 * (admins). GET profile/listMembershipStates is the lists domain's.
 *
 * Deleting a profile deletes the person: the profile (values, meta, recently viewed) and the
 * account (sign-in, list memberships, data privacy) are removed in one transaction, so the member
 * index drops them, their sessions end at once and the profile answers 404 everywhere. What they
 * made for others stays: uploaded files keep their owner id, and anything naming them (others'
 * favourites and recently viewed lists, comments) shows the account id as the public name.
 */
import { unlinkAllSocialAccounts } from '../social-accounts';
import { removeMemberships } from '../lists/memberships';
import { removePresence } from '../session/presence';
import { removeRecentlyViewed } from './recently-viewed';
import type { FastifyInstance } from 'fastify';
import type { Field, Id, JsonValue, Profile } from '../../schemas/model';
import { fieldName } from '../../engine/core/validation';
import { sanitizeFieldValues } from '../html/sanitize';
import type { ForceUpdateProfileRequest, ProfileMetaUpsertRequest } from '../../schemas/model/api/profiles';
import { canEditProfile } from '../../engine/core/permissions';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import type { Account } from '../model';
import { can, permissionHolder } from '../permissions';
import { announceProfileChange } from './profile-events';
import { checkProfileLimits, emptyProfile, setAtPath, updateProfileMeta } from './profile-data';

/** Profile value names: what a form field's key may be. */
const VALUE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

export function profileAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const mayEdit = (user: SignedInUser, accountId: Id) => canEditProfile({ ...permissionHolder(user), accountId: user.account.accountId }, accountId);

  app.post<{ Params: { id: string } }>('/profile/forceUpdateProfile/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const accountId = req.params.id;
    if (!can(user, 'update', 'profiles', accountId)) throw forbidden(`You may not force an update of the profile of "${accountId}" (profiles update)`);
    const { changes } = v.body<ForceUpdateProfileRequest>('force-update-profile-request', req.body);
    const bad = Object.keys(changes).filter((k) => !VALUE_NAME.test(k));
    if (bad.length)
      throw badRequest(
        `changes: ${bad.map((k) => JSON.stringify(k)).join(', ')} ${bad.length === 1 ? 'is not a value name' : 'are not value names'} (letters, digits, _ and -)`,
      );
    // Null values are dropped, never stored (community §5).
    const nonNull = Object.entries(changes).filter(([, value]) => value !== null) as [string, JsonValue][];
    if (!nonNull.length) throw badRequest('changes: no value to save (null values are dropped)');
    // Values are named, not tied to a form: a name any rich-text field uses is stored sanitised.
    const richText = new Map((await ctx.store.list<Field>('field')).filter((d) => d.data.type === 'wysiwyg').map((d) => [fieldName(d.data), d.data]));
    const kept = Object.entries(sanitizeFieldValues(Object.fromEntries(nonNull), (name) => richText.get(name)));
    const saved = await ctx.store.transaction(async (tx) => {
      const owner = (await tx.get<Account>('account', accountId))?.data;
      if (!owner) throw notFound(`profile "${accountId}" does not exist`);
      const before = (await tx.get<Profile>('profile', accountId))?.data;
      const profile = before ?? emptyProfile(accountId);
      const next: Profile = { ...profile, data: { ...profile.data, profile: { ...profile.data.profile, ...Object.fromEntries(kept) } } };
      checkProfileLimits(next, before);
      await tx.put('profile', accountId, next);
      return { before, next, owner };
    });
    announceProfileChange(ctx, accountId, { profile: saved.before, owner: saved.owner }, { profile: saved.next, owner: saved.owner });
    return saved.next;
  });

  app.post<{ Params: { id: string } }>('/profile/meta/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const accountId = req.params.id;
    if (!mayEdit(user, accountId)) throw forbidden(`You may not change the profile meta of "${accountId}" (profiles update)`);
    const { path, data } = v.body<ProfileMetaUpsertRequest>('profile-meta-upsert-request', req.body);
    if (!(await ctx.store.get<Account>('account', accountId))) throw notFound(`profile "${accountId}" does not exist`);
    return updateProfileMeta(ctx, accountId, (meta) => setAtPath(meta, path, data));
  });

  app.delete<{ Params: { id: string } }>('/profile/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const accountId = req.params.id;
    if (!user.account.isAdmin) throw forbidden('Only admins may delete a profile');
    if (accountId === user.account.accountId) throw badRequest('You cannot delete your own profile: another admin must');
    const removed = await ctx.store.transaction(async (tx) => {
      const owner = (await tx.get<Account>('account', accountId))?.data;
      const profile = (await tx.get<Profile>('profile', accountId))?.data;
      if (!owner && !profile) throw notFound(`profile "${accountId}" does not exist`);
      await tx.remove('profile', accountId);
      await tx.remove('account', accountId);
      await removeMemberships(tx, accountId);
      await removePresence(tx.raw, accountId);
      await removeRecentlyViewed(tx.raw, accountId);
      // Their social logins go with the account: a provider sign-in must not find it again.
      await unlinkAllSocialAccounts(tx.raw, accountId);
      return { owner, profile };
    });
    ctx.realtime?.endAccount(accountId);
    announceProfileChange(ctx, accountId, { profile: removed.profile, owner: removed.owner }, {});
    return { deleted: accountId };
  });
}
