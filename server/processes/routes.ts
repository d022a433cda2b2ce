/**
 * The processes calls (schemas/model/api/processes.ts), in the admin area `tools` (read on tools;
 * the exports area needs the same): each process is further the grant of its type, checked
 * against the caller's permissions now. The download is the one call without a session: its
 * signed, expiring link is what lets it in.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AllProcessesResponse, StartProcessRequest, StartProcessResponse } from '../../schemas/model/api/processes';
import type { JsonValue, Profile, Settings } from '../../schemas/model';
import { createTranslator, messages } from '../../engine/core/i18n';
import { accountLocale } from '../../engine/core/i18n/languages';
import { processStartKey } from '../../engine/core/processes';
import { requireAdminArea } from '../admin-area';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import { enqueue } from '../jobs';
import { checkDownload, processFilePath, PROCESS_ID } from './files';
import { processTypesOf } from './registry';
import { RUN_JOB } from './run';
import { loadProcess, mayRead, mayUse, presentProcess } from './service';
import { processesDb, readProcessRow } from './table';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{8,64})$/;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The §8 start message in the caller's language. */
async function startMessage(ctx: AppContext, user: SignedInUser, type: string): Promise<string> {
  const settings = (await ctx.store.get<Settings>('settings', 'settings'))?.data ?? {};
  const profile = (await ctx.store.get<Profile>('profile', user.account.accountId))?.data;
  const { t, has } = createTranslator(messages, accountLocale(settings, profile?.data?.meta?.language));
  const key = `processesAdmin.${processStartKey(type, 'success')}`;
  return has(key) ? t(key) : t('processesAdmin.admin.default.startup.success', { type });
}

async function readable(ctx: AppContext, user: SignedInUser, processId: string) {
  if (!PROCESS_ID.test(processId)) throw badRequest(`processId must be 8 to 64 letters, digits, "-" or "_", got "${processId.slice(0, 80)}"`);
  const process = await loadProcess(ctx, processId);
  if (!process) throw notFound(`there is no process ${processId}`);
  if (!(await mayRead(ctx, user, process))) throw forbidden(`You may not read process ${processId}: its type ${process.type} needs a grant you do not hold`);
  return process;
}

export function processRoutes(api: FastifyInstance, ctx: AppContext): void {
  const tools = (req: FastifyRequest) => requireAdminArea(ctx, req, 'tools');

  api.get<{ Querystring: Record<string, unknown> }>('/admin/process/allProcesses', async (req): Promise<AllProcessesResponse> => {
    const user = await tools(req);
    const { type, limit, before } = req.query;
    const types = processTypesOf(ctx);
    if (type !== undefined && (typeof type !== 'string' || !types.has(type)))
      throw badRequest(`type must be one of ${[...types.keys()].join(', ')}, got "${String(type)}"`);
    let count = DEFAULT_LIMIT;
    if (limit !== undefined) {
      count = Number(limit);
      if (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit) || count < 1 || count > MAX_LIMIT)
        throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}, got "${String(limit)}"`);
    }
    const cursor = before === undefined ? undefined : typeof before === 'string' ? CURSOR.exec(before) : null;
    if (cursor === null) throw badRequest('before must be the next value of an earlier page');
    const startable = [];
    for (const definition of types.values()) if (await mayUse(ctx, user, definition)) startable.push(definition);
    const visible = new Set(startable.map((d) => d.type));
    if (user.account.isAdmin) for (const t of types.keys()) visible.add(t);
    const items = [];
    let next: string | undefined;
    let after = cursor ? { at: Number(cursor[1]), id: cursor[2] } : undefined;
    // Pages of the table, newest first, keeping what this caller may read (item checks included).
    for (let pages = 0; items.length < count && pages < 20; pages++) {
      let query = processesDb(ctx.store.kysely)
        .selectFrom('processes')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('process_id', 'desc')
        .limit(count + 1);
      if (type) query = query.where('type', '=', type as string);
      else if (!user.account.isAdmin) query = query.where('type', 'in', visible.size ? [...visible] : ['-']);
      if (after) {
        const { at, id } = after;
        query = query.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('process_id', '<', id)])]));
      }
      const rows = await query.execute();
      for (const row of rows.slice(0, count)) {
        const process = readProcessRow(row);
        after = { at: process.createdAt, id: process.processId };
        if (!(await mayRead(ctx, user, process))) continue;
        items.push(await presentProcess(ctx, process));
        if (items.length === count) break;
      }
      if (rows.length <= count && items.length < count) {
        after = undefined;
        break;
      }
    }
    if (after && items.length === count) next = `${after.at}.${after.id}`;
    return {
      items,
      types: startable.map((d) => ({ type: d.type, ...(d.kind === undefined ? {} : { kind: d.kind }), domain: d.domain, payloadSchema: d.payloadSchema })),
      ...(next ? { next } : {}),
    };
  });

  api.post<{ Params: { type: string }; Body: unknown }>('/admin/process/:type/start', async (req, reply): Promise<StartProcessResponse> => {
    const user = await tools(req);
    const definition = processTypesOf(ctx).get(req.params.type);
    if (!definition) throw notFound(`there is no process type "${req.params.type.slice(0, 80)}"`);
    if (!(await mayUse(ctx, user, definition)))
      throw forbidden(`Starting ${definition.type} needs ${definition.permission.action} on ${definition.permission.subject} (admins have it)`);
    const body = req.body ?? {};
    if (!isObject(body)) throw badRequest('the body must be an object with payload and, optionally, processId');
    const extra = Object.keys(body).filter((k) => k !== 'processId' && k !== 'payload');
    if (extra.length) throw badRequest(`the body has unknown fields: ${extra.join(', ')}`);
    const { processId: given, payload = {} } = body as StartProcessRequest;
    if (given !== undefined && (typeof given !== 'string' || !PROCESS_ID.test(given)))
      throw badRequest('processId must be 8 to 64 letters, digits, "-" or "_"');
    if (!isObject(payload)) throw badRequest('payload must be an object');
    const processId = given ?? crypto.randomUUID();
    if (given) {
      const existing = await loadProcess(ctx, given);
      if (existing) {
        if (existing.type !== definition.type || existing.startedBy.accountId !== user.account.accountId)
          throw conflict(`process ${given} already exists and is not yours of type ${definition.type}`);
        return { started: true, message: await startMessage(ctx, user, definition.type), process: await presentProcess(ctx, existing) };
      }
    }
    const parsed = (await definition.parse(ctx, user, payload as Record<string, JsonValue>)) as Record<string, JsonValue>;
    if (definition.mayAccess && !(await definition.mayAccess(ctx, user, parsed)))
      throw forbidden(`You may not start ${definition.type} with this payload: it names an item you have no grant on`);
    const now = Date.now();
    try {
      await ctx.store.transaction(async (tx) => {
        const job = await enqueue(ctx, RUN_JOB, { processId }, { tx });
        await processesDb(tx.raw)
          .insertInto('processes')
          .values({
            process_id: processId,
            type: definition.type,
            kind: definition.kind ?? null,
            state: 'started',
            progress: JSON.stringify({ rows: 0, stepCompletion: 0 }),
            payload: JSON.stringify(parsed ?? {}),
            report: null,
            error: null,
            report_read: 0,
            started_by: user.account.accountId,
            job_id: String(job.id),
            created_at: now,
            updated_at: now,
            finished_at: null,
          })
          .execute();
      });
    } catch (error) {
      // Two starts with one processId at once: the other made it.
      const existing = await loadProcess(ctx, processId);
      if (!existing) throw error;
      if (existing.type !== definition.type || existing.startedBy.accountId !== user.account.accountId)
        throw conflict(`process ${processId} already exists and is not yours of type ${definition.type}`);
    }
    const process = (await loadProcess(ctx, processId))!;
    reply.code(201);
    return { started: true, message: await startMessage(ctx, user, definition.type), process: await presentProcess(ctx, process) };
  });

  api.get<{ Params: { processId: string } }>('/admin/process/:processId', async (req) => {
    const user = await tools(req);
    return presentProcess(ctx, await readable(ctx, user, req.params.processId));
  });

  api.post<{ Params: { processId: string } }>('/admin/process/:processId/reportRead', async (req) => {
    const user = await tools(req);
    const process = await readable(ctx, user, req.params.processId);
    await processesDb(ctx.store.kysely).updateTable('processes').set({ report_read: 1 }).where('process_id', '=', process.processId).execute();
    return presentProcess(ctx, { ...process, reportRead: true });
  });

  api.get<{ Params: { processId: string }; Querystring: Record<string, unknown> }>('/admin/process/:processId/download', async (req, reply) => {
    const { processId } = req.params;
    if (!PROCESS_ID.test(processId)) throw badRequest('processId must be 8 to 64 letters, digits, "-" or "_"');
    const refused = checkDownload(ctx, processId, req.query.expires, req.query.signature);
    if (refused) throw forbidden(refused);
    const process = await loadProcess(ctx, processId);
    const file = process?.state === 'complete' ? process.report?.file : undefined;
    if (!process || !file) throw notFound(`process ${processId} has no file to download`);
    let stream: fs.ReadStream;
    let size: number;
    try {
      const at = processFilePath(ctx, processId, file.name);
      size = (await fs.promises.stat(at)).size;
      stream = fs.createReadStream(at);
    } catch {
      throw new HttpError(404, 'notFound', `the file of process ${processId} is no longer stored`);
    }
    reply.headers({
      'content-type': file.contentType,
      'content-length': String(size),
      // Always a download, never shown in the site's origin.
      'content-disposition': `attachment; filename="${file.name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    return reply.send(stream);
  });
}
