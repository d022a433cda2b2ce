/**
 * The entities domain (core §2.2, §2.5, §3, §5.2; community §3, §5, §6, §7 "Entities and
 * definitions" and "Structure lookups"; contract schemas/model/api/entities.ts): entity
 * definitions and entities in their own tables (./tables.ts, read tolerantly by ./records.ts),
 * their calls (./entity-routes.ts, ./definition-routes.ts, ./lookup-routes.ts), the search index
 * (./search.ts), notifications (./notifications.ts) and the room `entity:<id>` (./events.ts).
 */
import { defineDomain } from '../domain';
import { definitionRoutes } from './definition-routes';
import { entityRoutes } from './entity-routes';
import { lookupRoutes } from './lookup-routes';
import { mayJoinEntity } from './events';
import { joinRoutes } from './join';
import { seedEntities } from './seed';
import { spaceRoutes } from './space';
import { entityMigrations } from './tables';

export { entityByRef, entitiesByIds, definitionById, allDefinitions } from './read';
export { entityRoom, announceEntityUpdated, announceEntityRemoved, withFavourites } from './events';
export { entityMemberIds } from './notifications';
export { requireEntity } from './read';
export { mayViewEntityPage, queryRef, viewEntityPage } from './space';
export {
  countEntities,
  countEntitySearchRows,
  entitySearchFields,
  reindexEntitySearchBatch,
  setEntityFieldSearchFlags,
  type EntityFieldFlagsChange,
} from './search-fields';

export default defineDomain({
  name: 'entities',
  migrations: entityMigrations,
  routes(api, ctx) {
    entityRoutes(api, ctx);
    definitionRoutes(api, ctx);
    lookupRoutes(api, ctx);
    spaceRoutes(api, ctx);
    joinRoutes(api, ctx);
  },
  rooms: [{ kind: 'entity', mayJoin: mayJoinEntity }],
  permissionSubjects: ['entities', 'entityDefinitions'],
  seed: { run: seedEntities },
});
