/**
 * Profile calls of spec 7: reading a profile as the viewer may see it, a form block's values
 * (POST profile/{id}, validated here with the same rules the browser runs), one profile meta value
 * by path (POST profile/meta/upsert), favourites and the connectivity privacy setting.
 */
import { filesOf } from '../files';
import type { FastifyInstance } from 'fastify';
import { AVATAR_FIELD } from '../../engine/core/files';
import { MAX_DATA_PRIVACY_ITEMS } from '../../engine/core/member-limits';
import { readableDataPrivacy } from '../../engine/core/profile-privacy';
import { createRegistry } from '../../engine/core/registry';
import { createRuleEngine } from '../../engine/core/rules/evaluator';
import { sanitizeFieldValues } from '../html/sanitize';
import { fieldName, validateForm, validateFormAsync, type AcceptedRules } from '../../engine/core/validation';
import { publishedLanguages } from '../../engine/core/i18n/languages';
import type { Block, DataPrivacy, Field, Id, Profile, Settings } from '../../schemas/model';
import type {
  ConnectivityPrivacyRequest,
  DataPrivacyRequest,
  FavouriteAddRequest,
  FavouriteRemoveRequest,
  ProfileMetaUpsertRequest,
  ProfileSaveRequest,
} from '../../schemas/model/api/profiles';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import type { Account } from '../model';
import { permissionHolder } from '../permissions';
import { canEditProfile } from '../../engine/core/permissions';
import { requireAttachableFiles } from '../files/attach';
import { profileExtrasFor } from './profile-extras';
import { collectFields } from '../structure/read';
import { refuseBlockingErrors } from '../validation';
import { requireVisibleBlock } from '../structure/viewer';
import { profileRuleChecker } from '../rule-checks/checker';
import { announceProfileChange } from './profile-events';
import { checkProfileLimits, emptyProfile, favouritesOf, memberProfiles, setAtPath, updateProfileMeta, visibleProfile, withFavourites } from './profile-data';
import { announceFavouriteCount, favouriteCount } from './favourite-counts';

/** Field types that hold no value of their own (layout), so a submission never names them. */
const VALUELESS_FIELD_TYPES = new Set(['conditional', 'group', 'heading', 'paragraph']);

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const registry = createRegistry(ctx.registry);
  const evaluator = createRuleEngine(registry);
  const fieldTypes: AcceptedRules = Object.fromEntries(Object.entries(ctx.registry.fields).map(([type, entry]) => [type, { rules: entry.rules ?? [] }]));

  app.post('/profile/meta/upsert', async (req) => {
    const user = await requireUser(ctx, req);
    const { path, data } = v.body<ProfileMetaUpsertRequest>('profile-meta-upsert-request', req.body);
    if (path === 'language') {
      // The account's language (what init answers in): one of the published languages.
      const published = publishedLanguages((await ctx.store.get<Settings>('settings', 'app'))?.data ?? {});
      if (typeof data !== 'string' || !published.includes(data))
        throw badRequest(`data: the language must be one of the published languages (${published.join(', ')})`);
    }
    // Always the caller's own profile: there is no id to name another one.
    return updateProfileMeta(ctx, user.account.accountId, (meta) => setAtPath(meta, path, data));
  });

  /** The form block and its field definitions, when the user may see the block. */
  async function formBlock(user: SignedInUser, blockId: Id): Promise<{ block: Block; fields: Field[] }> {
    const block = await requireVisibleBlock(ctx.store, user, blockId);
    if (!block.fields?.length) throw badRequest(`block "${blockId}" is not a form: it has no fields`);
    return { block, fields: await collectFields(ctx.store, block.fields) };
  }

  app.post<{ Params: { id: string } }>('/profile/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const { blockId, changes } = v.body<ProfileSaveRequest>('profile-save-request', req.body);
    const accountId = req.params.id;
    const own = accountId === user.account.accountId;
    if (!canEditProfile({ ...permissionHolder(user), accountId: user.account.accountId }, accountId))
      throw forbidden(`You may not change the profile of "${accountId}" (profiles update)`);
    const { block, fields } = await formBlock(user, blockId);
    const byName = new Map(fields.filter((f) => !VALUELESS_FIELD_TYPES.has(f.type)).map((f) => [fieldName(f), f]));
    const unknown = Object.keys(changes).filter((name) => !byName.has(name));
    if (unknown.length)
      throw badRequest(
        `changes: ${unknown.map((n) => `"${n}"`).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of form block "${block.id}"`,
      );
    // Each value must be one its field can hold (a toggle a boolean, a checkbox its options ...).
    for (const [name, value] of Object.entries(changes)) v.fieldValue(byName.get(name)!, value, `changes.${name}`);
    // Rich text is stored sanitised: no script, handler or foreign image survives the save.
    Object.assign(
      changes,
      sanitizeFieldValues(changes, (name) => byName.get(name)),
    );
    // An avatar is its owner's alone (spec core 1), whatever else profiles update allows.
    if (!own && Object.hasOwn(changes, AVATAR_FIELD)) throw forbidden('Only the account owner can change their avatar');
    // File fields may name only the caller's own uploads (checked before the write transaction: the files table is not a document).
    const storedProfile = (await ctx.store.get<Profile>('profile', accountId))?.data;
    const stored = storedProfile?.data?.profile ?? {};
    await requireAttachableFiles(filesOf(ctx).files, user.account.accountId, fields, stored, changes, fieldName);
    // Server rules (feed_valid, slug_valid, uniqueness) of the changed fields, before and outside the
    // write transaction: a feed fetch may take seconds. The transaction below re-runs the local rules.
    {
      const values = { ...stored, ...changes };
      const profile = storedProfile ?? emptyProfile(accountId);
      const names = new Map(fields.map((f) => [f.id, f]));
      refuseBlockingErrors(
        await validateFormAsync(fields, values, {
          fieldTypes,
          evaluator,
          ruleContext: { profile: { ...profile, data: { ...profile.data, profile: values } } },
          rootIds: block.fields,
          checker: profileRuleChecker(ctx, accountId, (id) => fieldName(names.get(id) ?? { id })),
          serverRulesFor: (field) => Object.hasOwn(changes, fieldName(field)),
        }),
        'changes',
      );
    }

    const saved = await ctx.store.transaction(async (tx) => {
      const current = (await tx.get<Profile>('profile', accountId))?.data;
      const owner = (await tx.get<Account>('account', accountId))?.data;
      if (!current && !owner) throw notFound(`profile "${accountId}" does not exist`);
      const profile = current ?? emptyProfile(accountId);
      const values = { ...profile.data.profile, ...changes };
      const errors = validateForm(fields, values, {
        fieldTypes,
        evaluator,
        ruleContext: { profile: { ...profile, data: { ...profile.data, profile: values } } },
        rootIds: block.fields,
      });
      // The merged values are judged as the browser judges the whole form before a save.
      refuseBlockingErrors(errors, 'changes');
      const next: Profile = { ...profile, data: { ...profile.data, profile: values } };
      checkProfileLimits(next, current);
      await tx.put('profile', accountId, next);
      return { before: current, next, owner };
    });
    // After the commit: open views of this profile update, each as its viewer may see it.
    announceProfileChange(ctx, accountId, { profile: saved.before, owner: saved.owner }, { profile: saved.next, owner: saved.owner });
    return saved.next;
  });

  app.get<{ Params: { id: string } }>('/profile/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const member = (await memberProfiles(ctx.store, [req.params.id])).get(req.params.id);
    if (!member) throw notFound(`profile "${req.params.id}" does not exist`);
    // Another member's profile also says what the viewer may do with her (chat's `_canStartChat`).
    return { ...visibleProfile(member.profile, member.owner, user), ...(await profileExtrasFor(ctx, user, req.params.id)) };
  });

  app.put('/profile/favourites/add', async (req) => {
    const user = await requireUser(ctx, req);
    const { type, value } = v.body<FavouriteAddRequest>('favourite-add-request', req.body);
    const meta = await updateProfileMeta(ctx, user.account.accountId, (meta) => {
      const list = favouritesOf(meta, type);
      return { ...meta, favourites: withFavourites(meta, type, list.includes(value) ? list : [...list, value]) };
    });
    announceFavouriteCount(ctx, user.account.accountId, type, value);
    return meta;
  });

  // How many members favourite an item (favouriteButton showCount); any signed-in member may ask.
  // Fastify answers 414 for a parameter over 100 characters before this runs.
  app.get<{ Params: { type: string; targetId: string } }>('/profile/favourites/count/:type/:targetId', async (req) => {
    await requireUser(ctx, req);
    const { type, targetId } = req.params;
    return { type, targetId, count: await favouriteCount(ctx.store.kysely, type, targetId) };
  });

  app.delete('/profile/favourites', async (req) => {
    const user = await requireUser(ctx, req);
    const { type, targetId } = v.body<FavouriteRemoveRequest>('favourite-remove-request', req.body);
    const meta = await updateProfileMeta(ctx, user.account.accountId, (meta) => ({
      ...meta,
      favourites: withFavourites(
        meta,
        type,
        favouritesOf(meta, type).filter((id) => id !== targetId),
      ),
    }));
    announceFavouriteCount(ctx, user.account.accountId, type, targetId);
    return meta;
  });

  // One data item's privacy (spec core §3 DataPrivacy, public by default) on the caller's own
  // account; the member index is rewritten in the same transaction (member-index-sync).
  app.post('/user/dataPrivacy', async (req) => {
    const user = await requireUser(ctx, req);
    const { dataSchemaId, state } = v.body<DataPrivacyRequest>('data-privacy-request', req.body);
    const accountId = user.account.accountId;
    const change = await ctx.store.transaction(async (tx) => {
      const owner = (await tx.get<Account>('account', accountId))!.data;
      const profile = (await tx.get<Profile>('profile', accountId))?.data;
      // A list that cannot be read is repaired as every item private (what others saw meanwhile), this one set as asked.
      const kept = readableDataPrivacy(owner.dataPrivacy, profile?.data.profile).filter((p) => p.dataSchemaId !== dataSchemaId);
      // Public is the default: it is stored as the absence of an entry.
      const dataPrivacy: DataPrivacy[] = state === 'public' ? kept : [...kept, { dataSchemaId, state }];
      if (dataPrivacy.length > MAX_DATA_PRIVACY_ITEMS && dataPrivacy.length > kept.length)
        throw badRequest(`dataSchemaId: at most ${MAX_DATA_PRIVACY_ITEMS} data items with a privacy setting (MAX_DATA_PRIVACY_ITEMS)`);
      const next = { ...owner, dataPrivacy };
      await tx.put('account', accountId, next);
      return { owner, next, profile };
    });
    announceProfileChange(ctx, accountId, { profile: change.profile, owner: change.owner }, { profile: change.profile, owner: change.next });
    ctx.realtime?.toAccount(accountId, 'user:updateData', { dataPrivacy: change.next.dataPrivacy });
    return { dataPrivacy: change.next.dataPrivacy };
  });

  app.post('/profile/meta/privacy/connectivity', async (req) => {
    const user = await requireUser(ctx, req);
    const { isConnectivityPrivate } = v.body<ConnectivityPrivacyRequest>('connectivity-privacy-request', req.body);
    return updateProfileMeta(ctx, user.account.accountId, (meta) => ({
      ...meta,
      settings: { ...(meta.settings ?? {}), privacy: { ...(meta.settings?.privacy ?? {}), isConnectivityPrivate } },
    }));
  });
}
