/**
 * Structure lookups (community §7; contract schemas/model/api/entities.ts): `structure/dataSchema`
 * (an entity's own properties, every definition's fields, the profile fields the site's forms
 * store) and `structure/powerUp` (the catalogue, with the block types of the registry that
 * require or accept each power-up; titles in the reader's language).
 */
import type { FastifyInstance } from 'fastify';
import { POWER_UPS } from '../../engine/core/entities';
import { createTranslator, messages } from '../../engine/core/i18n';
import { accountLocale } from '../../engine/core/i18n/languages';
import { fieldName } from '../../engine/core/validation/fields';
import type { Field, Profile, Settings } from '../../schemas/model';
import type { DataSchema, PowerUpInfo } from '../../schemas/model/api/entities';
import { requireUser, type AppContext } from '../context';
import { badRequest } from '../errors';
import { allDefinitions } from './read';

const SOURCES = ['entityProperty', 'entity', 'profile'] as const;
type Source = (typeof SOURCES)[number];

const ENTITY_PROPERTIES: DataSchema[] = [
  { id: 'entity-title', key: 'title', source: 'entityProperty', type: 'text', label: 'Title' },
  { id: 'entity-slug', key: 'slug', source: 'entityProperty', type: 'text', label: 'Slug' },
];

async function schemasOf(ctx: AppContext, source: Source): Promise<DataSchema[]> {
  if (source === 'entityProperty') return ENTITY_PROPERTIES;
  if (source === 'entity')
    return (await allDefinitions(ctx.store.kysely)).flatMap((d) =>
      d.fields.map((f) => ({ id: f.id, key: f.key, source: 'entity' as const, type: f.type, label: f.label || f.key, definitionId: d.id })),
    );
  // Profile values are keyed by the name of the form field that stores them (once per name).
  const out = new Map<string, DataSchema>();
  for (const { data: f } of await ctx.store.list<Field>('field')) {
    if (!f || typeof f.type !== 'string') continue;
    let key: string;
    try {
      key = fieldName(f);
    } catch {
      continue;
    }
    if (typeof key !== 'string' || !key || out.has(key)) continue;
    out.set(key, { id: f.id, key, source: 'profile', type: f.type, label: typeof f.label === 'string' && f.label ? f.label : key });
  }
  return [...out.values()].sort((a, b) => a.key.localeCompare(b.key));
}

export function lookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/structure/dataSchema', async (req) => {
    await requireUser(ctx, req);
    return (await Promise.all(SOURCES.map((s) => schemasOf(ctx, s)))).flat();
  });

  app.get<{ Params: { source: string } }>('/structure/dataSchema/:source', async (req) => {
    await requireUser(ctx, req);
    const source = req.params.source as Source;
    if (!SOURCES.includes(source)) throw badRequest(`source must be one of ${SOURCES.join(', ')}`);
    return schemasOf(ctx, source);
  });

  app.get('/structure/powerUp', async (req): Promise<PowerUpInfo[]> => {
    const user = await requireUser(ctx, req);
    const [settings, profile] = await Promise.all([ctx.store.get<Settings>('settings', 'app'), ctx.store.get<Profile>('profile', user.account.accountId)]);
    const t = createTranslator(messages, accountLocale(settings?.data ?? {}, profile?.data?.data?.meta?.language)).t;
    const blocks = Object.values(ctx.registry.blocks).filter((b) => b.status !== 'removed');
    return POWER_UPS.map((id) => ({
      id,
      title: t(`server.powerUps.${id}.title`),
      description: t(`server.powerUps.${id}.description`),
      requiredBy: blocks.filter((b) => b.powerUps?.required?.includes(id)).map((b) => b.type),
      optionalFor: blocks.filter((b) => b.powerUps?.optional?.includes(id)).map((b) => b.type),
    }));
  });
}
