/**
 * "Manage my logins" (spec core §7.1): GET /user/socialAccountLink lists the caller's linked
 * social accounts and the providers this site offers; DELETE /user/socialAccountLink/{externalId}
 * unlinks one of the caller's own; GET /user/socialAccountLink/{provider}/new/{dataString} links a
 * new one after a provider's sign-in. No provider is configured on this site yet: linking is
 * refused with a 400 naming the provider, and the list is empty.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser, type AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { socialAccountsDb } from './table';

/** Providers a member may link: none until a provider's sign-in is built and configured. */
export const CONFIGURED_SOCIAL_PROVIDERS: readonly string[] = [];

export interface SocialAccountLink {
  provider: string;
  externalId: string;
  label: string;
  linkedAt: number;
}

const MAX_ID_LENGTH = 200;

export function socialAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => socialAccountsDb(ctx.store.kysely);

  app.get('/user/socialAccountLink', async (req) => {
    const user = await requireUser(ctx, req);
    const rows = await db()
      .selectFrom('social_account_links')
      .select(['provider', 'external_id', 'label', 'linked_at'])
      .where('account_id', '=', user.account.accountId)
      .orderBy('linked_at')
      .execute();
    const links: SocialAccountLink[] = rows.map((r) => ({ provider: r.provider, externalId: r.external_id, label: r.label, linkedAt: Number(r.linked_at) }));
    return { providers: CONFIGURED_SOCIAL_PROVIDERS, links };
  });

  app.delete<{ Params: { externalId: string } }>('/user/socialAccountLink/:externalId', async (req) => {
    const user = await requireUser(ctx, req);
    const externalId = req.params.externalId;
    if (!externalId || externalId.length > MAX_ID_LENGTH) throw badRequest(`externalId: must be 1 to ${MAX_ID_LENGTH} characters`);
    // Only the caller's own link: another member's is "not linked to your account", never revealed.
    const removed = await db()
      .deleteFrom('social_account_links')
      .where('account_id', '=', user.account.accountId)
      .where('external_id', '=', externalId)
      .returning(['provider', 'external_id'])
      .execute();
    if (!removed.length) throw notFound(`social account "${externalId}" is not linked to your account`);
    return { provider: removed[0].provider, externalId };
  });

  app.get<{ Params: { provider: string; dataString: string } }>('/user/socialAccountLink/:provider/new/:dataString', async (req) => {
    await requireUser(ctx, req);
    // No provider is configured (CONFIGURED_SOCIAL_PROVIDERS is empty), so every request is refused;
    // a provider's sign-in, when one is built, completes the link here with its own check of dataString.
    throw badRequest(`provider: signing in with "${req.params.provider.slice(0, 40)}" is not configured on this site, so it cannot be linked`);
  });
}
