/** `GET eventDefinitions/getAllDefinitions` (community §7): the hooks of ./events.ts, for the area dataMappings. */
import type { FastifyInstance } from 'fastify';
import type { EventDefinitionsResponse } from '../../schemas/model/api/mappings';
import type { AppContext } from '../context';
import { eventDefinitions } from './events';
import { requireMappings } from './records';

export function eventRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/eventDefinitions/getAllDefinitions', async (req): Promise<EventDefinitionsResponse> => {
    await requireMappings(ctx, req);
    return { items: eventDefinitions(ctx) };
  });
}
