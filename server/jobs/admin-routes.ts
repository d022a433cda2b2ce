/**
 * The admin jobs view's calls: `GET admin/jobs` (read on `tools`) and `POST admin/jobs/{id}/retry`
 * (update on `tools`); admins hold both. Anyone else is refused with a 403 naming the grant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminJobRetryResponse, AdminJobsResponse } from '../../schemas/model/api/jobs';
import { SUBJECTS } from '../../engine/core/permissions';
import { requireAdminArea } from '../admin-area';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { can } from '../permissions';
import { JOB_STATES, type JobState } from './definition';
import type { JobQueue } from './queue';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
/** A job id: a positive whole number within what JSON carries exactly. */
const JOB_ID = /^[1-9]\d{0,14}$/;

/** The jobs view is the admin area `tools`; a retry also needs update on tools. */
async function requireTools(ctx: AppContext, req: FastifyRequest, action: 'read' | 'update', what: string) {
  const user = await requireAdminArea(ctx, req, 'tools');
  if (!can(user, action, SUBJECTS.tools)) throw forbidden(`${what} needs the ${action} permission on ${SUBJECTS.tools} (admins have it)`);
  return user;
}

function jobId(value: string, name: string): number {
  if (!JOB_ID.test(value)) throw badRequest(`${name} must be a job id (a positive whole number), got "${value}"`);
  return Number(value);
}

export function jobsAdminRoutes(api: FastifyInstance, ctx: AppContext, queue: JobQueue): void {
  api.get<{ Querystring: Record<string, unknown> }>('/admin/jobs', async (req): Promise<AdminJobsResponse> => {
    await requireTools(ctx, req, 'read', 'Listing background jobs');
    const { state, limit, before } = req.query;
    if (state !== undefined && !JOB_STATES.includes(state as JobState))
      throw badRequest(`state must be one of ${JOB_STATES.join(', ')}, got "${String(state)}"`);
    let count = DEFAULT_LIMIT;
    if (limit !== undefined) {
      count = Number(limit);
      if (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit) || count < 1 || count > MAX_LIMIT)
        throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}, got "${String(limit)}"`);
    }
    if (before !== undefined && typeof before !== 'string') throw badRequest('before must be given once');
    const page = await queue.list({ state: state as JobState | undefined, limit: count, before: before === undefined ? undefined : jobId(before, 'before') });
    return { ...page, counts: await queue.counts() };
  });

  api.post<{ Params: { id: string } }>('/admin/jobs/:id/retry', async (req): Promise<AdminJobRetryResponse> => {
    await requireTools(ctx, req, 'update', 'Retrying a background job');
    const id = jobId(req.params.id, 'id');
    const outcome = await queue.retry(id);
    if (outcome === 'missing') throw notFound(`there is no job ${id}`);
    if (outcome === 'notRetryable') throw conflict(`job ${id} is not failed or dead: only those can be retried`);
    if (outcome === 'keyPending') throw conflict(`job ${id} cannot be queued again: another job with its key is queued or running`);
    return outcome;
  });
}
