/**
 * The member's application calls (schemas/model/api/applications.ts, member part), each on the
 * signed-in member's own requests: the states of her requests, her requests, an application's form
 * with her request and the moves she may make, applying (answers checked by ./answers.ts) and her
 * own moves (withdraw, re-apply). Applying for someone else is the admin's (area applications).
 * An entity target must be of the application's list (community §5: the 400 names the list).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isListFull, membershipMoves } from '../../engine/core/membership-moves';
import type { Id, MembershipState } from '../../schemas/model';
import type {
  ApplicationStatesResponse,
  ApplicationSubmitRequest,
  MemberApplicationResponse,
  MembershipRequestView,
} from '../../schemas/model/api/applications';
import { requireAdminArea } from '../admin-area';
import { requireUser, type AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { listById } from '../lists';
import { placeCounts } from '../lists/user-lists';
import type { Account } from '../model';
import { checkAnswers } from './answers';
import { applicationById } from './applications';
import { moveRequest } from './moves';
import type { ApplicationRecord } from './records';
import { stateParam } from './params';
import { requestOf, requestsOf, requestViews } from './requests';

/** The entity a path names (`-`: none), or 400 when it is not a target of the application's list. */
async function entityOf(ctx: AppContext, app: ApplicationRecord, raw: string): Promise<Id | undefined> {
  if (raw === '-') return undefined;
  const list = await listById(ctx.store.kysely, app.listId);
  if (list?.entityId !== raw)
    throw badRequest(
      `entity "${raw.slice(0, 200)}" is not a target of this application: it joins the list "${list?.label ?? app.listId}", which is not that entity's list`,
    );
  return raw;
}

export async function memberApplication(ctx: AppContext, app: ApplicationRecord, accountId: Id, entityId: Id | undefined): Promise<MemberApplicationResponse> {
  const db = ctx.store.kysely;
  const [request, list, places] = await Promise.all([requestOf(db, app.id, accountId, entityId), listById(db, app.listId), placeCounts(db, [app.listId])]);
  const state = request?.state ?? null;
  const moves = membershipMoves(state, 'member').filter((m) => m !== 'applied' || app.state === 'open');
  return {
    application: {
      id: app.id,
      label: app.label,
      state: app.state,
      userListId: app.listId,
      fields: app.fields,
      ...(app.landingPage ? { landingPage: app.landingPage } : {}),
    },
    ...(request && request.state
      ? {
          request: {
            id: request.id,
            state: request.state,
            answers: request.answers,
            ...(request.lastMessage ? { message: request.lastMessage } : {}),
            updatedAt: request.updatedAt,
          },
        }
      : {}),
    moves: [...moves],
    listFull: isListFull(list?.capacity ?? null, places.get(app.listId) ?? 0),
  };
}

export function applicationMemberRoutes(api: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const db = () => ctx.store.kysely;

  async function openApplication(id: string): Promise<ApplicationRecord> {
    const app = await applicationById(db(), id);
    if (!app) throw notFound(`application "${id.slice(0, 200)}" does not exist`);
    return app;
  }

  const requireOpen = (app: ApplicationRecord) => {
    if (app.state !== 'open') throw badRequest(`the application "${app.label}" is closed: it takes no applications now`);
  };

  api.get('/applications/states', async (req): Promise<ApplicationStatesResponse> => {
    const user = await requireUser(ctx, req);
    const states: Record<string, MembershipState> = {};
    // Most recently changed first: an application applied to for several entities answers its latest.
    for (const r of await requestsOf(db(), user.account.accountId))
      if (r.state && !Object.hasOwn(states, r.applicationId))
        Object.defineProperty(states, r.applicationId, { value: r.state, enumerable: true, writable: true, configurable: true });
    return { states };
  });

  api.get('/applications/user', async (req): Promise<MembershipRequestView[]> => {
    const user = await requireUser(ctx, req);
    return requestViews(ctx, await requestsOf(db(), user.account.accountId));
  });

  api.get<{ Params: { id: string }; Querystring: { entityId?: unknown } }>('/applications/user/:id', async (req): Promise<MemberApplicationResponse> => {
    const user = await requireUser(ctx, req);
    const app = await openApplication(req.params.id);
    const raw = req.query.entityId;
    if (raw !== undefined && typeof raw !== 'string') throw badRequest('entityId must be given once');
    return memberApplication(ctx, app, user.account.accountId, await entityOf(ctx, app, raw || '-'));
  });

  /** Who the request is for: the caller (`me` or her own id), or anyone for an admin of applications. */
  async function applicant(req: FastifyRequest, raw: string): Promise<{ accountId: Id; by: Id; actor: 'member' | 'admin' }> {
    const user = await requireUser(ctx, req);
    const me = user.account.accountId;
    if (raw === 'me' || raw === me) return { accountId: me, by: me, actor: 'member' };
    await requireAdminArea(ctx, req, 'applications');
    if (!(await ctx.store.get<Account>('account', raw))) throw notFound(`account "${raw.slice(0, 200)}" does not exist`);
    return { accountId: raw, by: me, actor: 'admin' };
  }

  api.put<{ Params: { id: string; accountId: string; entityId: string } }>(
    '/applications/:id/request/:accountId/:entityId',
    async (req): Promise<MemberApplicationResponse> => {
      const who = await applicant(req, req.params.accountId);
      const { answers } = v.body<ApplicationSubmitRequest>('application-submit-request', req.body);
      const app = await openApplication(req.params.id);
      requireOpen(app);
      const entityId = await entityOf(ctx, app, req.params.entityId);
      const stored = checkAnswers(ctx, app.fields, answers);
      await moveRequest(ctx, {
        application: app,
        accountId: who.accountId,
        entityId,
        to: 'applied',
        actor: who.actor,
        by: who.by,
        answers: stored,
        notify: true,
      });
      return memberApplication(ctx, app, who.accountId, entityId);
    },
  );

  api.post<{ Params: { id: string; state: string; entityId: string } }>(
    '/applications/:id/request/me/:state/:entityId',
    async (req): Promise<MemberApplicationResponse> => {
      const user = await requireUser(ctx, req);
      const me = user.account.accountId;
      const to = stateParam(req.params.state);
      const app = await openApplication(req.params.id);
      const entityId = await entityOf(ctx, app, req.params.entityId);
      if (to === 'applied') {
        requireOpen(app);
        // Re-applying sends the stored answers again: they must still fit the form as it is now.
        checkAnswers(ctx, app.fields, (await requestOf(db(), app.id, me, entityId))?.answers ?? {});
      }
      await moveRequest(ctx, { application: app, accountId: me, entityId, to, actor: 'member', by: me, notify: true });
      return memberApplication(ctx, app, me, entityId);
    },
  );
}
