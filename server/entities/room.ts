/** The realtime room of an entity (kind `entity`): its own file, so other domains import it without the domain's routes. */
export const entityRoom = (entityId: string) => `entity:${entityId}`;
