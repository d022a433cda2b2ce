/**
 * The admin's application calls (schemas/model/api/applications.ts, admin part), each for the admin
 * area `applications` (requireAdminArea) and, for writes, update on applications: applications and
 * their fields, the queue of requests and the archive by cursor, a request's detail, decisions
 * (./moves.ts) and archiving.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAppPath } from '../../engine/core/notifications';
import { isDecidedRequest } from '../../engine/core/membership-moves';
import type { Field, Id } from '../../schemas/model';
import type {
  ApplicationCreateRequest,
  ApplicationFieldRequest,
  ApplicationUpdateRequest,
  ApplicationView,
  MembershipRequestDecisionRequest,
  MembershipRequestDetail,
  MembershipRequestsResponse,
} from '../../schemas/model/api/applications';
import { requireAdminArea } from '../admin-area';
import type { AppContext, SignedInUser } from '../context';
import { emailTemplateExists } from '../email/render';
import { badRequest, conflict, notFound } from '../errors';
import { listById } from '../lists';
import { need } from '../permissions';
import { applicationsDb } from './applications-table';
import { allApplications, applicationById, applicationViews } from './applications';
import { moveRequest } from './moves';
import { limitOf, single, stateParam, statesOf } from './params';
import type { ApplicationRecord } from './records';
import { readRequestCursor, requestById, requestCursor, requestDetail, requestPage, requestViews } from './requests';

/** At most this many fields in one application's form. */
export const MAX_APPLICATION_FIELDS = 200;

export function applicationAdminRoutes(api: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const db = () => ctx.store.kysely;
  const rows = () => applicationsDb(ctx.store.kysely);

  /** The admin who may change application `id` (area applications and update on it). */
  async function editor(req: FastifyRequest, id?: Id): Promise<SignedInUser> {
    const user = await requireAdminArea(ctx, req, 'applications');
    need(user, 'update', 'applications', id);
    return user;
  }

  async function existing(id: Id): Promise<ApplicationRecord> {
    const app = await applicationById(db(), id);
    if (!app) throw notFound(`application "${id.slice(0, 200)}" does not exist`);
    return app;
  }

  async function view(id: Id): Promise<ApplicationView> {
    return (await applicationViews(db(), [await existing(id)]))[0];
  }

  async function requireList(listId: string, where: string): Promise<void> {
    if (!(await listById(db(), listId))) throw badRequest(`${where}: user list "${listId}" does not exist`);
  }

  async function requireTemplate(templateId: string, where: string): Promise<void> {
    if (!(await emailTemplateExists(db(), templateId))) throw badRequest(`${where}: email template "${templateId}" does not exist`);
  }

  async function saveFields(app: ApplicationRecord, fields: Field[]): Promise<void> {
    await rows()
      .updateTable('applications')
      .set({ fields: JSON.stringify(fields), updated_at: Date.now() })
      .where('id', '=', app.id)
      .execute();
  }

  api.get('/applications', async (req): Promise<ApplicationView[]> => {
    await requireAdminArea(ctx, req, 'applications');
    return applicationViews(db(), await allApplications(db()));
  });

  api.put('/applications', async (req, reply): Promise<ApplicationView> => {
    await editor(req);
    const { label, listId } = v.body<ApplicationCreateRequest>('application-create-request', req.body);
    await requireList(listId, 'listId');
    const now = Date.now();
    const id = `app-${crypto.randomUUID()}`;
    await rows()
      .insertInto('applications')
      .values({
        id,
        label,
        state: 'open',
        list_id: listId,
        fields: '[]',
        email_template_id: null,
        landing_page: null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    reply.code(201);
    return view(id);
  });

  api.put<{ Params: { id: string } }>('/applications/:id', async (req): Promise<ApplicationView> => {
    await editor(req, req.params.id);
    const { changes } = v.body<ApplicationUpdateRequest>('application-update-request', req.body);
    const app = await existing(req.params.id);
    if (changes.listId !== undefined) await requireList(changes.listId, 'changes.listId');
    if (changes.emailTemplateId) await requireTemplate(changes.emailTemplateId, 'changes.emailTemplateId');
    if (changes.landingPage && !isAppPath(changes.landingPage))
      throw badRequest('changes.landingPage: a landing page is a path of this app, starting with a single "/"');
    let fields: Field[] | undefined;
    if (changes.fieldOrder) {
      const byId = new Map(app.fields.map((f) => [f.id, f]));
      const unknown = changes.fieldOrder.find((id) => !byId.has(id));
      if (unknown !== undefined) throw badRequest(`changes.fieldOrder: "${unknown.slice(0, 80)}" is not a field of this application`);
      if (new Set(changes.fieldOrder).size !== changes.fieldOrder.length) throw badRequest('changes.fieldOrder names a field twice');
      // Fields the order leaves out keep their order after those it names.
      const named = new Set(changes.fieldOrder);
      fields = [...changes.fieldOrder.map((id) => byId.get(id)!), ...app.fields.filter((f) => !named.has(f.id))];
    }
    await rows()
      .updateTable('applications')
      .set({
        ...(changes.label !== undefined ? { label: changes.label } : {}),
        ...(changes.state !== undefined ? { state: changes.state } : {}),
        ...(changes.listId !== undefined ? { list_id: changes.listId } : {}),
        ...(changes.emailTemplateId !== undefined ? { email_template_id: changes.emailTemplateId || null } : {}),
        ...(changes.landingPage !== undefined ? { landing_page: changes.landingPage || null } : {}),
        ...(fields ? { fields: JSON.stringify(fields) } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', app.id)
      .execute();
    return view(app.id);
  });

  api.delete<{ Params: { id: string } }>('/applications/:id', async (req, reply) => {
    await editor(req, req.params.id);
    const app = await existing(req.params.id);
    const now = Date.now();
    // The row stays (its archived requests keep its label); its requests go to the archive, their memberships stay.
    await ctx.store.kysely.transaction().execute(async (tx) => {
      const t = applicationsDb(tx as unknown as typeof ctx.store.kysely);
      await t.updateTable('applications').set({ deleted_at: now, state: 'closed', updated_at: now }).where('id', '=', app.id).execute();
      await t.updateTable('membership_requests').set({ archived: 1, updated_at: now }).where('application_id', '=', app.id).where('archived', '=', 0).execute();
    });
    return reply.code(204).send();
  });

  api.put<{ Params: { id: string; fieldId: string } }>('/applications/:id/field/:fieldId', async (req): Promise<ApplicationView> => {
    await editor(req, req.params.id);
    const { field } = v.body<ApplicationFieldRequest>('application-field-request', req.body);
    const { fieldId } = req.params;
    if (field.id !== fieldId) throw badRequest(`field.id "${field.id.slice(0, 80)}" is not the path's field id "${fieldId.slice(0, 80)}"`);
    v.fieldDefinition(field, `field "${fieldId}"`);
    const app = await existing(req.params.id);
    const at = app.fields.findIndex((f) => f.id === fieldId);
    if (at < 0 && app.fields.length >= MAX_APPLICATION_FIELDS) throw badRequest(`an application holds at most ${MAX_APPLICATION_FIELDS} fields`);
    await saveFields(app, at < 0 ? [...app.fields, field] : app.fields.map((f, i) => (i === at ? field : f)));
    return view(app.id);
  });

  api.delete<{ Params: { id: string; fieldId: string } }>('/applications/:id/field/:fieldId', async (req): Promise<ApplicationView> => {
    await editor(req, req.params.id);
    const app = await existing(req.params.id);
    if (!app.fields.some((f) => f.id === req.params.fieldId)) throw notFound(`field "${req.params.fieldId.slice(0, 80)}" is not a field of this application`);
    await saveFields(
      app,
      app.fields.filter((f) => f.id !== req.params.fieldId),
    );
    return view(app.id);
  });

  async function page(archived: boolean, query: Record<string, unknown>, applicationId?: string): Promise<MembershipRequestsResponse> {
    const limit = limitOf(query.limit);
    const after = readRequestCursor(ctx, single(query.cursor, 'cursor'));
    const states = archived ? undefined : statesOf(query.states);
    const found = await requestPage(db(), { applicationId, states, archived, after, limit });
    return { items: await requestViews(ctx, found.items), next: found.last ? requestCursor(ctx, found.last) : null };
  }

  api.get<{ Querystring: Record<string, unknown> }>('/applications/membershipRequests/admin', async (req): Promise<MembershipRequestsResponse> => {
    await requireAdminArea(ctx, req, 'applications');
    const applicationId = single(req.query.applicationId, 'applicationId');
    return page(false, req.query, applicationId || undefined);
  });

  api.get<{ Params: { applicationId: string }; Querystring: Record<string, unknown> }>(
    '/applications/membershipRequests/admin/archive/:applicationId',
    async (req): Promise<MembershipRequestsResponse> => {
      await requireAdminArea(ctx, req, 'applications');
      if (!(await applicationById(db(), req.params.applicationId, { deleted: true })))
        throw notFound(`application "${req.params.applicationId.slice(0, 200)}" does not exist`);
      return page(true, req.query, req.params.applicationId);
    },
  );

  async function detailOf(id: Id): Promise<MembershipRequestDetail> {
    const request = await requestById(db(), id);
    const detail = request && (await requestDetail(ctx, request));
    if (!detail) throw notFound(`membership request "${id.slice(0, 200)}" does not exist`);
    return detail;
  }

  api.get<{ Params: { id: string } }>('/applications/membershipRequests/admin/:id', async (req): Promise<MembershipRequestDetail> => {
    await requireAdminArea(ctx, req, 'applications');
    return detailOf(req.params.id);
  });

  api.post<{ Params: { id: string; state: string } }>('/applications/membershipRequests/admin/:id/:state', async (req): Promise<MembershipRequestDetail> => {
    const user = await requireAdminArea(ctx, req, 'applications');
    const to = stateParam(req.params.state);
    const body = v.body<MembershipRequestDecisionRequest>('membership-request-decision-request', req.body ?? {});
    const request = await requestById(db(), req.params.id);
    if (!request) throw notFound(`membership request "${req.params.id.slice(0, 200)}" does not exist`);
    need(user, 'update', 'applications', request.applicationId);
    const app = await applicationById(db(), request.applicationId);
    if (!app) throw notFound(`application "${request.applicationId}" of this request was deleted: its requests are archived`);
    if (body.membershipId !== undefined && body.membershipId !== request.listMembershipId)
      throw badRequest(`membershipId "${body.membershipId.slice(0, 80)}" is not this request's membership`);
    if (body.emailTemplateOverride !== undefined) await requireTemplate(body.emailTemplateOverride, 'emailTemplateOverride');
    // The application's own template, while it exists (one deleted since is not sent).
    const templateId =
      body.emailTemplateOverride ?? (app.emailTemplateId && (await emailTemplateExists(db(), app.emailTemplateId)) ? app.emailTemplateId : undefined);
    await moveRequest(ctx, {
      application: app,
      requestId: request.id,
      accountId: request.accountId,
      entityId: request.entityId,
      to,
      actor: 'admin',
      by: user.account.accountId,
      message: body.message || undefined,
      changedFrom: body.changedFrom,
      emailTemplateId: templateId,
      notify: body.shouldSendNotifications !== false,
    });
    return detailOf(request.id);
  });

  api.post<{ Params: { id: string; requestId: string } }>('/applications/:id/archive/:requestId', async (req): Promise<MembershipRequestDetail> => {
    await editor(req, req.params.id);
    const request = await requestById(db(), req.params.requestId);
    if (!request || request.applicationId !== req.params.id)
      throw notFound(`membership request "${req.params.requestId.slice(0, 200)}" is not a request of application "${req.params.id.slice(0, 200)}"`);
    if (!request.archived) {
      if (!isDecidedRequest(request.state))
        throw conflict(`a request waiting for a decision ("${request.state ?? 'none'}") cannot be archived: decide it first`);
      await rows().updateTable('membership_requests').set({ archived: 1, updated_at: Date.now() }).where('id', '=', request.id).execute();
    }
    return detailOf(request.id);
  });
}
