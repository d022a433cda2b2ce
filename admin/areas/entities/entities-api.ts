/**
 * The entities area's calls (schemas/model/api/entities.ts; lists and structure for the pickers).
 * Failures reject with `EntitiesApiError`: the server's `{ error, message }`, its HTTP status and
 * its `code` (a taken slug is 409 `slug_valid`), so a screen can show the refusal at its field.
 */
import type { Entity, EntityDefinition, EntityFieldDefinition, Id, JsonObject, JsonValue, PowerUp } from '../../../schemas/model';
import type {
  EntityCreateRequest,
  EntityDefinitionCreateRequest,
  EntityDefinitionSearchResponse,
  EntityDefinitionUpdateRequest,
  EntitySearchResponse,
  EntitySettingsRequest,
  PowerUpInfo,
} from '../../../schemas/model/api/entities';
import type { UserListView } from '../../../schemas/model/api/lists';
import type { StructureResponse } from '../../../schemas/model/api/structure';
import type { AdminApiError } from '../../core/api';
import { refusalStatusOf, toAdminApiError, type AdminRequest, type HttpMethod } from '../../core/http-api';

export interface EntitiesApiError extends AdminApiError {
  status?: number;
  code?: string;
}

/** A refusal about the slug (taken, 409 `slug_valid`): shown at the slug field. */
export const isSlugRefusal = (e: EntitiesApiError): boolean =>
  e.code === 'slug_valid' || ((e.status === 409 || e.error === 'conflict') && /slug/i.test(e.message));

/** The message of whatever a call rejected with. */
export const messageOf = (error: unknown): string => (error as EntitiesApiError | undefined)?.message ?? String(error);

const enc = encodeURIComponent;
const query = (entries: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined && value !== '') q.set(key, String(value));
  return q.toString();
};

export function createEntitiesApi(request: AdminRequest) {
  const call = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    try {
      return await request<T>(method, path, body);
    } catch (error) {
      throw { ...toAdminApiError(error), ...refusalStatusOf(error) } satisfies EntitiesApiError;
    }
  };
  return {
    // Definitions
    searchDefinitions: (q: string, page: number) =>
      call<EntityDefinitionSearchResponse>('GET', `entityDefinitions/search?${query({ q: q.trim(), page, limit: 10 })}`),
    definition: (id: Id) => call<EntityDefinition>('GET', `entities/definition/${enc(id)}`),
    createDefinition: (body: EntityDefinitionCreateRequest) => call<EntityDefinition>('PUT', 'entityDefinitions', body),
    updateDefinition: (id: Id, body: EntityDefinitionUpdateRequest) => call<EntityDefinition>('POST', `entityDefinitions/${enc(id)}`, body),
    saveField: (id: Id, field: EntityFieldDefinition) => call<EntityDefinition>('PUT', `entityDefinitions/${enc(id)}/field`, field),
    removeField: (id: Id, fieldId: Id) => call<EntityDefinition>('DELETE', `entityDefinitions/${enc(id)}/field/${enc(fieldId)}`),
    definitionPowerUps: (id: Id, change: { add?: PowerUp[]; remove?: PowerUp[] }) =>
      call<EntityDefinition>('POST', `entityDefinitions/${enc(id)}/powerUps`, change),
    deleteDefinition: (id: Id) => call<void>('DELETE', `entityDefinitions/${enc(id)}`),
    powerUps: () => call<PowerUpInfo[]>('GET', 'structure/powerUp'),

    // Entities
    searchEntities: (definitionId: Id, q: string, page: number, limit = 10) =>
      call<EntitySearchResponse>('GET', `entities?${query({ definitionId, q: q.trim(), page, limit, sortBy: 'newest' })}`),
    entity: (id: Id) => call<Entity>('GET', `entities/${enc(id)}`),
    createEntity: (definitionId: Id, body: EntityCreateRequest) => call<Entity>('PUT', `entities/${enc(definitionId)}`, body),
    updateKeys: (id: Id, keys: Record<string, JsonValue>) => call<Entity>('POST', `entities/${enc(id)}/updateKeys`, { keys }),
    settings: (id: Id, body: EntitySettingsRequest) => call<Entity>('POST', `entities/${enc(id)}/settingsData`, body),
    powerUpData: (id: Id, powerUp: PowerUp, data: JsonObject) => call<Entity>('POST', `entities/${enc(id)}/${enc(powerUp)}/powerUpData`, { data }),
    entityPowerUps: (id: Id, change: { add?: PowerUp[]; remove?: PowerUp[] }) => call<Entity>('POST', `entities/${enc(id)}/fields`, change),
    permissionType: (id: Id, permissionType: string) => call<Entity>('POST', `entities/${enc(id)}/permissionTypes`, { permissionType }),
    sendNotification: (id: Id, event: string, message: string) =>
      call<{ sent: number }>('POST', `entities/${enc(id)}/sendNotification`, { event, ...(message.trim() ? { message: message.trim() } : {}) }),
    deleteEntity: (id: Id) => call<void>('DELETE', `entities/${enc(id)}`),

    // Pickers
    userLists: () => call<UserListView[]>('GET', 'userLists'),
    structure: () => call<StructureResponse>('GET', 'structure'),
  };
}

export type EntitiesApi = ReturnType<typeof createEntitiesApi>;
