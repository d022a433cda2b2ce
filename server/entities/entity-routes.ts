/**
 * The entity calls (contract schemas/model/api/entities.ts, "Entities"). Every call needs a
 * signed-in member; `{id}` is an entity's id or slug.
 */
import type { FastifyInstance } from 'fastify';
import type { Entity } from '../../schemas/model';
import { requireUser, type AppContext } from '../context';
import { notFound } from '../errors';
import { withFavourites } from './events';
import { entityByRef } from './read';

export async function requireEntity(ctx: AppContext, ref: string): Promise<Entity> {
  const entity = ref.length <= 120 ? await entityByRef(ctx.store.kysely, ref) : undefined;
  if (!entity) throw notFound(`entity "${ref.slice(0, 64)}" does not exist`);
  return entity;
}

export function entityRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>('/entities/:id', async (req): Promise<Entity> => {
    await requireUser(ctx, req);
    return withFavourites(ctx, await requireEntity(ctx, req.params.id));
  });
}
