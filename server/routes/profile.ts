/**
 * Profile writes of spec 7: a form block's values (POST profile/{id}, validated here with the same
 * rules the browser runs) and one profile meta value by path (POST profile/meta/upsert).
 */
import { ownValue, setOwn } from '../../engine/core/own';
import type { FastifyInstance } from 'fastify';
import type { Block, Field, Id, JsonObject, JsonValue, Profile, ProfileMeta } from '../../schemas/model';
import type { ProfileMetaUpsertRequest, ProfileSaveRequest } from '../../schemas/model/api';
import { createRegistry, type RuntimeRegistryData } from '../../engine/core/registry';
import { createRuleEngine } from '../../engine/core/rules/evaluator';
import { fieldName, validateForm, type AcceptedRules } from '../../engine/core/validation';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { can } from '../permissions';
import { requireVisibleBlock } from '../structure/viewer';
import { collectFields } from '../structure/read';
import { emptyProfile, updateProfileMeta } from './session';

/** Field types that hold no value of their own (layout), so a submission never names them. */
const VALUELESS_FIELD_TYPES = new Set(['conditional', 'group', 'heading', 'paragraph']);

/** Sets `value` at a dotted path of a copy of `meta` (objects on the way are created or copied). */
export function setAtPath(meta: ProfileMeta, path: string, value: JsonValue): ProfileMeta {
  const keys = path.split('.');
  const root: JsonObject = { ...(meta as JsonObject) };
  let node = root;
  // Path segments are user input: own reads and writes only (`__proto__` is a plain name here).
  for (const key of keys.slice(0, -1)) {
    const next = ownValue(node, key);
    const copy: JsonObject = next && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    setOwn(node, key, copy);
    node = copy;
  }
  setOwn(node, keys[keys.length - 1], value);
  return root as ProfileMeta;
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const registry = createRegistry(ctx.registry as unknown as RuntimeRegistryData);
  const evaluator = createRuleEngine(registry);
  const fieldTypes: AcceptedRules = Object.fromEntries(Object.entries(ctx.registry.fields).map(([type, entry]) => [type, { rules: entry.rules ?? [] }]));

  app.post('/profile/meta/upsert', async (req) => {
    const user = await requireUser(ctx, req);
    const { path, data } = v.body<ProfileMetaUpsertRequest>('profile-meta-upsert-request', req.body);
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
    if (!own && !can(user, 'update', 'profiles', accountId)) throw forbidden(`You may not change the profile of "${accountId}" (profiles update)`);
    const { block, fields } = await formBlock(user, blockId);
    const byName = new Map(fields.filter((f) => !VALUELESS_FIELD_TYPES.has(f.type)).map((f) => [fieldName(f), f]));
    const unknown = Object.keys(changes).filter((name) => !byName.has(name));
    if (unknown.length)
      throw badRequest(
        `changes: ${unknown.map((n) => `"${n}"`).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of form block "${block.id}"`,
      );
    // Each value must be one its field can hold (a toggle a boolean, a checkbox its options ...).
    for (const [name, value] of Object.entries(changes)) v.fieldValue(byName.get(name)!, value, `changes.${name}`);

    return ctx.store.transaction(async (tx) => {
      const current = (await tx.get<Profile>('profile', accountId))?.data;
      if (!current && !(await tx.get('account', accountId))) throw notFound(`profile "${accountId}" does not exist`);
      const profile = current ?? emptyProfile(accountId);
      const values = { ...profile.data.profile, ...changes };
      const errors = validateForm(fields, values, {
        fieldTypes,
        evaluator,
        ruleContext: { profile: { ...profile, data: { ...profile.data, profile: values } } },
        rootIds: block.fields,
      });
      // The merged values are judged as the browser judges the whole form before a save.
      const blocking = Object.entries(errors).filter(([, failures]) => failures.some((f) => f.severity === 'error'));
      if (blocking.length) {
        const described = blocking.map(
          ([key, failures]) =>
            `${key}: ${failures
              .filter((f) => f.severity === 'error')
              .map((f) => f.rule)
              .join(', ')}`,
        );
        throw badRequest(`changes do not pass validation: ${described.join('; ')}`);
      }
      const next: Profile = { ...profile, data: { ...profile.data, profile: values } };
      await tx.put('profile', accountId, next);
      return next;
    });
  });
}
