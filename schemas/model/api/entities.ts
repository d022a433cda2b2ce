/**
 * Entities, entity definitions, power-ups and spaces (core §2.2, §2.5, §2.7, §3, §4.9, §5.2;
 * community §3, §5, §6, §7 "Entities and definitions" and "Structure lookups", §8). Rules and
 * limits are engine/core/entities.ts (the space decision, permissions, keys, titles, slugs).
 * Paths are under /api/v1; every call needs a signed-in member. `{id}` of an entity is its id or
 * its slug (core §2.2: a non-numeric target loads the entity by slug or id).
 *
 * Who may do what (community §6, core §6; admins pass every check):
 * - read an entity, its definition, the data schemas, the power-ups: every signed-in member
 *   (an entity's pages are guarded by the space decision, not the entity's data);
 * - create an entity: `createEntities` on `entityDefinitions` for the definition (scope: its id),
 *   or any member when the definition's settings.membersMayCreate (then `createdBy` is her and
 *   `newUserCreatedEntity` goes to the definition's staff);
 * - change or delete an entity: `updateEntities` on `entityDefinitions` for its definition, or
 *   `update` on `entities` for that entity, or its creator when membersMayCreate;
 * - change its permission type: admins only (community §6);
 * - definitions: `create`, `update`, `delete` on `entityDefinitions` (scope: the definition id).
 * A refusal is a 403 naming the permission; nothing changes. Unknown ids are 404.
 *
 * Entities:
 * - GET    entities?definitionId=&q=&filters=&page=&limit=&sortBy=&near=  -> EntitySearchResponse
 *          (the shared search dialect over title, slug and the definition's searchable fields;
 *          `definitionId` one id or up to 20 comma separated;
 *          `filters` a JSON object {key: value | value[]} over filterable fields; `near`
 *          "lat,lng,radiusKm" for the map; page 1 and limit 10 by default, limit at most
 *          ENTITY_SEARCH_MAX_LIMIT; sortBy title | newest | start (durations))
 * - GET    entities/{id}                                   -> Entity
 * - POST   entities/get {ids}                              -> Entity[] (at most ENTITY_GET_MAX ids; unknown ids left out)
 * - PUT    entities/{definitionId}  EntityCreateRequest    -> 201 Entity (slug from the title when absent)
 * - POST   entities/{id}/data  EntityDataRequest          -> Entity (merges `changes` into data: each key a field
 *          of the definition, checked by its type and `required`; a `unique` field's duplicate is a 409
 *          naming the field: "Another entity of “Workshops” already has this Code: …")
 * - POST   entities/{id}/data/{key}  {value}              -> Entity (one key, the same checks)
 * - POST   entities/{id}/updateKeys  EntityUpdateKeysRequest -> Entity (several keys at once, the duplicate check over all)
 * - POST   entities/{id}/settingsData  EntitySettingsRequest -> Entity (title, slug, location, pagePermissions,
 *          defaultPermission, context; a slug taken by another entity is a 409 `slug_valid`)
 * - POST   entities/{id}/{powerUpId}/powerUpData  {data}  -> Entity (that power-up's data, checked by its shape;
 *          the power-up must be on the entity)
 * - POST   entities/{id}/fields  EntityFieldsRequest       -> Entity (turns power-ups on or off: `add` must be
 *          among the definition's powerUps; `removeData` clears data keys)
 * - POST   entities/{id}/permissionTypes  {permissionType} -> Entity (admins only)
 * - POST   entities/{id}/sendNotification  EntitySendNotificationRequest -> {sent} (the event must be in the
 *          definition's settings.notificationsForEntities, else 400 notification_ownership; goes through
 *          notify() to the entity's accepted members)
 * - DELETE entities/{id}                                   -> 204 (entityDeleted to its members; its memberships stay, their entity gone)
 * - GET    entities/{id}/blockStatistics/{stat}           -> Statistic (stat: members (by state), favourites, views)
 * - GET    entities/{id}/space?moduleSlug=&pageSlug=       -> SpaceAnswer (the space decision, core §2.5; 404
 *          when the viewer may view no page of it)
 * - GET    entities/getServiceRequestCounts/{connectionId}/{accountId} -> ServiceRequestCounts
 *          (the account's memberships in that connection list, by state; the account itself or staff)
 *
 * Definitions:
 * - GET    entityDefinitions                               -> EntityDefinition[]
 * - GET    entities/definition/{id}                        -> EntityDefinition (core's name for one)
 * - PUT    entityDefinitions  EntityDefinitionCreateRequest -> 201 EntityDefinition (a refusal is a 400
 *          "Error creating entity definition: <reason>", community §8)
 * - POST   entityDefinitions/{id}  EntityDefinitionUpdateRequest -> EntityDefinition
 * - PUT    entityDefinitions/{id}/field  EntityFieldDefinition -> EntityDefinition (adds or replaces by id; a key
 *          used by another field is a 409 naming it)
 * - DELETE entityDefinitions/{id}/field/{fieldId}         -> EntityDefinition (entities keep the value, unread)
 * - POST   entityDefinitions/{id}/powerUps  {add?, remove?} -> EntityDefinition
 * - DELETE entityDefinitions/{id}                          -> 204 (409 while it has entities)
 * - GET    entityDefinitions/search?q=&page=&limit=        -> EntityDefinitionSearchResponse (page 1, limit 10)
 * - POST   entityDefinitions/get {ids}                     -> EntityDefinition[]
 * - GET    entityDefinitions/conceptTypes/{conceptType}    -> EntityDefinition[] (the definitions of that concept type)
 *
 * Structure lookups:
 * - GET    structure/dataSchema                            -> DataSchema[] (every source)
 * - GET    structure/dataSchema/{source}                   -> DataSchema[] (entityProperty | entity | profile)
 * - GET    structure/powerUp                               -> PowerUpInfo[]
 * - GET    structure/powerUp/{entityId}/join               -> JoinState (the join power-up's routes, joinId = the entity)
 * - POST   structure/powerUp/{entityId}/join  JoinRequest  -> JoinState (joins, or applies when approval; 409 when full)
 * - POST   structure/powerUp/{entityId}/leave              -> JoinState
 *
 * Pages of an entity (the space; core §2.5): `GET structure/page/{id}?entityId=` and init's page
 * answer the page for that entity only when the space decision lets the viewer view it (404
 * otherwise, the same as an unknown page); `page:subscribe {id, entityId}` joins only then.
 *
 * Realtime: room kind `entity:<entityId>` (join while a space or a card of it is shown; every
 * signed-in member may join a live entity). Events carry the entity id:
 * - `entities:updated` EntityUpdatedEvent   (title, slug, data, power-ups, settings changed: the whole entity)
 * - `entities:removed` {entityId}           (deleted: open spaces show that it is gone)
 * - `entities:favourites` EntityFavouritesEvent (the favourite count changed)
 * - `entities:join` {entityId, memberCount}  (someone joined or left)
 * A change of pagePermissions, permission type or membership types also sends `permissions:update`
 * to the entity room, so open spaces ask for their space decision again.
 */
import type { Id, JsonObject, JsonValue } from '../common';
import type { DataSchema } from '../structure';
import type {
  Entity,
  EntityConceptType,
  EntityDefinition,
  EntityDefinitionSettings,
  EntityFieldDefinition,
  EntityLocation,
  EntityPermissionType,
  PowerUp,
} from '../entity';

/** A row of a search: enough for a card, a map marker or a search result. */
export interface EntitySummary {
  id: Id;
  slug?: string;
  title: string;
  definition: Id;
  powerUps: PowerUp[];
  /** The definition's imageField value (a file id), when set. */
  imageId?: Id;
  /** The definition's locationField value, when set and valid. */
  geo?: { lat: number; lng: number; label?: string };
  /** durations power-up, when on. */
  start?: string;
  end?: string;
  /** The data values of the definition's fields (cards show some). */
  data: JsonObject;
  favouriteCount: number;
  location?: EntityLocation;
  /** When it was created (the admin's list shows it). */
  createdAt?: string;
}

export interface EntitySearchResponse {
  items: EntitySummary[];
  total: number;
  page: number;
  limit: number;
}

export interface EntityCreateRequest {
  title: string;
  slug?: string;
  data?: JsonObject;
  powerUps?: PowerUp[];
  powerUpData?: JsonObject;
  location?: EntityLocation;
  pagePermissions?: Id[];
  permissionType?: EntityPermissionType;
}

export interface EntityDataRequest {
  changes: JsonObject;
}

export interface EntityUpdateKeysRequest {
  keys: Record<string, JsonValue>;
}

export interface EntitySettingsRequest {
  title?: string;
  slug?: string;
  location?: EntityLocation;
  pagePermissions?: Id[];
  defaultPermission?: string;
  context?: JsonObject;
}

export interface EntityFieldsRequest {
  add?: PowerUp[];
  remove?: PowerUp[];
  removeData?: string[];
}

export interface EntitySendNotificationRequest {
  /** One of the definition's settings.notificationsForEntities. */
  event: string;
  /** Words added to the notification, at most ENTITY_NOTIFICATION_MESSAGE_MAX characters. */
  message?: string;
}

export interface ServiceRequestCounts {
  connectionId: Id;
  accountId: Id;
  /** Membership state -> count. */
  counts: Record<string, number>;
}

/**
 * The space decision for the viewer (engine/core/entities.ts decideSpace), answered by the server
 * so the pages a member may not view are never sent.
 */
export interface SpaceAnswer {
  entity: Entity;
  /** The module the space shows (the asked one, else the entity's location module). */
  moduleSlug: string;
  /** The pages of that module the viewer may view, in order (navigation shows only these). */
  viewablePageIds: Id[];
  /** The page to show: the asked one when viewable, else the landing page. */
  pageSlug: string;
  /** True when pageSlug is not the asked page (the client replaces the address). */
  redirected: boolean;
  /** The viewer's membership type, when the entity has the membership power-up and she holds one. */
  membershipTypeId?: Id;
}

export interface EntityDefinitionCreateRequest {
  name: string;
  slug?: string;
  description?: string;
  conceptType?: EntityConceptType;
  fields?: EntityFieldDefinition[];
  powerUps?: PowerUp[];
  settings?: EntityDefinitionSettings;
}

export type EntityDefinitionUpdateRequest = Partial<EntityDefinitionCreateRequest>;

export interface EntityDefinitionSearchResponse {
  items: EntityDefinition[];
  total: number;
  page: number;
  limit: number;
}

/** GET structure/powerUp: the catalogue of power-ups and the block types that need them. */
export interface PowerUpInfo {
  id: PowerUp;
  title: string;
  description: string;
  /** Block types that require it (core §4.9). */
  requiredBy: string[];
  optionalFor: string[];
}

export interface JoinRequest {
  /** The membership type to join (entityJoinBoxes); the join power-up's own otherwise. */
  membershipTypeId?: Id;
}

export interface JoinState {
  entityId: Id;
  /** The viewer's membership state in the joined list for this entity, or null when none. */
  state: string | null;
  listId: Id;
  membershipTypeId?: Id;
  memberCount: number;
  capacity?: number;
  isFull: boolean;
  approval: boolean;
  /** Where the member lands after joining (core §2.5), when the entity has one for her type. */
  landing?: { moduleSlug: string; pageSlug: string };
}

export interface EntityUpdatedEvent {
  entityId: Id;
  entity: Entity;
}

export interface EntityFavouritesEvent {
  entityId: Id;
  favouriteCount: number;
}

export type { DataSchema };
