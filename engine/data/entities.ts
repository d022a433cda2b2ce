/**
 * Entities on the client (issue 33; API: schemas/model/api/entities.ts, rules:
 * engine/core/entities.ts): one resource of entities by id (a space, its heading, the navigation's
 * module title and every card of it read the same atom), batched over `POST entities/get`; a
 * reference the batch does not know (a slug: core §2.2 lets a target be either) is read alone with
 * `GET entities/{ref}` and kept under the ref too, as an alias of the id.
 *
 * Live: a shown entity joins the room `entity:<id>` (again after each reconnect, reading it again:
 * the room does not replay). `entities:updated` replaces it, `entities:removed` marks it gone,
 * `entities:favourites` sets its favouriteCount. The space decision (`space`) is the server's; a
 * change of what it reads (an update touching pagePermissions, the permission type, the power-ups
 * or the location, or `spaceChanged` after a join) bumps the entity's space version, and an open
 * space asks again. Imported by path (not the barrel): only spaces and entity blocks load it.
 */
import { atom, type PrimitiveAtom } from 'jotai';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { DataSchema, Entity } from '../../schemas/model';
import type { EntityFavouritesEvent, EntityUpdatedEvent, SpaceAnswer } from '../../schemas/model/api/entities';
import { ENTITY_GET_MAX } from '../core/entities';
import { useDataLayer, useOptionalDataLayer, useResourceEntry } from './hooks';
import { createResource, type LoadResult, type Resource, type ResourceEntry } from './resource';
import { defineSlice } from './slice';
import { dataCall, statusOf } from './transport';

const enc = encodeURIComponent;
/** Entities kept beyond the shown ones (a search page of cards, a few spaces). */
const ENTITY_CACHE_SIZE = 200;
/** The longest id `POST entities/get` takes (server/entities/entity-routes.ts). */
const ENTITY_ID_MAX = 64;
/** Loads asked within this many ms go in one `POST entities/get`. */
const ENTITY_BATCH_DELAY_MS = 10;

export const entityCalls = {
  get: (ref: string) => dataCall<Entity>({ method: 'GET', path: `entities/${enc(ref)}` }),
  getMany: (ids: string[]) => dataCall<Entity[]>({ method: 'POST', path: 'entities/get', body: { ids } }),
  space: (ref: string, moduleSlug?: string, pageSlug?: string) =>
    dataCall<SpaceAnswer>({
      method: 'GET',
      path: `entities/${enc(ref)}/space`,
      query: { ...(moduleSlug ? { moduleSlug } : {}), ...(pageSlug ? { pageSlug } : {}) },
    }),
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
export const isEntity = (v: unknown): v is Entity => isRecord(v) && typeof v.id === 'string' && !!v.id && typeof v.title === 'string';

/** The parts of an entity the space decision reads (engine/core/entities.ts decideSpace): a change of one asks the decision again. */
const spaceKey = (e: Entity) =>
  JSON.stringify([e.pagePermissions ?? null, e.permissionType ?? null, e.powerUps ?? null, e.powerUpData?.membership ?? null, e.location ?? null, e.unreadable ?? null]);

export interface EntitiesSlice {
  /** Entities by id (or by a slug alias, read alone). */
  items: Resource<Entity>;
  /** An entity is shown: joins its room; returns the leave. Counted: the last leave leaves. */
  watch(entityId: string): () => void;
  /** The space decision for the viewer (GET entities/{ref}/space); its entity goes into the resource. Rejects with the HTTP status (404: no page to view). */
  space(ref: string, moduleSlug?: string, pageSlug?: string): Promise<SpaceAnswer>;
  /** How many times the entity's space decision may have changed: an open space asks again when it moves. */
  spaceVersion(entityId: string): PrimitiveAtom<number>;
  /** Something the decision reads changed (the viewer joined or left): open spaces ask again. */
  spaceChanged(entityId: string): void;
  /** Realtime events (also called by tests). */
  applyUpdated(event: EntityUpdatedEvent): void;
  applyRemoved(event: { entityId: string }): void;
  applyFavourites(event: EntityFavouritesEvent): void;
}

export const entitiesSlice = defineSlice<EntitiesSlice>({
  name: 'entities',
  create({ store, layer, transport, schedule }) {
    /** Ref (slug) -> id, for the refs that are not ids. */
    const aliases = new Map<string, string>();
    const refsOf = (id: string) => [id, ...[...aliases].filter(([, target]) => target === id).map(([ref]) => ref)];
    const versions = new Map<string, PrimitiveAtom<number>>();
    const watched = new Map<string, number>();

    const items = createResource<Entity>(store, {
      name: 'entity',
      batch: { delayMs: ENTITY_BATCH_DELAY_MS, maxBatch: ENTITY_GET_MAX, schedule },
      cacheSize: ENTITY_CACHE_SIZE,
      async loadMany(refs) {
        const answers = new Map<string, LoadResult<Entity>>();
        // Ids are at most ENTITY_ID_MAX long; a longer ref (a long slug) would fail the whole batch.
        const ids = refs.filter((ref) => ref.length <= ENTITY_ID_MAX);
        const list = ids.length ? await transport.request(entityCalls.getMany(ids)) : [];
        for (const entity of Array.isArray(list) ? list : []) if (isEntity(entity)) answers.set(entity.id, { value: entity });
        // Left out: unknown, or a slug (the batch reads ids only): each is read alone.
        await Promise.all(
          refs
            .filter((ref) => !answers.has(ref))
            .map(async (ref) => {
              try {
                const entity = await transport.request(entityCalls.get(ref));
                if (!isEntity(entity)) return void answers.set(ref, { error: 'failed' });
                answers.set(ref, { value: entity });
                if (entity.id !== ref) remember(ref, entity);
              } catch (failure) {
                const status = statusOf(failure);
                answers.set(ref, { error: status === 404 ? 'notFound' : status === 403 ? 'forbidden' : 'failed' });
              }
            }),
        );
        return answers;
      },
    });

    /** Keeps an entity read by a slug under the slug and its id (realtime reaches both). */
    function remember(ref: string, entity: Entity): void {
      if (ref !== entity.id) {
        aliases.set(ref, entity.id);
        items.put(ref, entity);
      }
      items.put(entity.id, entity);
    }

    function spaceVersion(entityId: string): PrimitiveAtom<number> {
      let a = versions.get(entityId);
      if (!a) versions.set(entityId, (a = atom(0)));
      return a;
    }
    const spaceChanged = (entityId: string) => store.set(spaceVersion(entityId), (n) => n + 1);

    const slice: EntitiesSlice = {
      items,
      watch(entityId) {
        const count = watched.get(entityId) ?? 0;
        watched.set(entityId, count + 1);
        if (count === 0) layer.emit('entity:subscribe', { id: entityId });
        let left = false;
        return () => {
          if (left) return;
          left = true;
          const n = (watched.get(entityId) ?? 1) - 1;
          if (n > 0) return void watched.set(entityId, n);
          watched.delete(entityId);
          layer.emit('entity:unsubscribe', { id: entityId });
        };
      },
      async space(ref, moduleSlug, pageSlug) {
        const answer = await transport.request(entityCalls.space(ref, moduleSlug, pageSlug));
        if (!isRecord(answer) || !isEntity(answer.entity) || typeof answer.moduleSlug !== 'string' || typeof answer.pageSlug !== 'string')
          throw new Error(`GET entities/${ref}/space answered no space`);
        const held = items.peek(answer.entity.id);
        // A newer copy from the room is not overwritten by the decision's (read before it).
        if (held?.state !== 'ready' || (held.value.updatedAt ?? '') <= (answer.entity.updatedAt ?? '')) remember(ref, answer.entity);
        else if (ref !== answer.entity.id) aliases.set(ref, answer.entity.id);
        return { ...answer, viewablePageIds: Array.isArray(answer.viewablePageIds) ? answer.viewablePageIds.filter((id) => typeof id === 'string') : [] };
      },
      spaceVersion,
      spaceChanged,
      applyUpdated(event) {
        if (!isRecord(event) || !isEntity(event.entity)) return;
        const entity = event.entity;
        const held = items.peek(entity.id);
        const before = held?.state === 'ready' ? held.value : undefined;
        for (const ref of refsOf(entity.id)) if (items.peek(ref)) items.put(ref, entity);
        if (before && spaceKey(before) !== spaceKey(entity)) spaceChanged(entity.id);
      },
      applyRemoved(event) {
        if (!isRecord(event) || typeof event.entityId !== 'string') return;
        // Shown views keep the atom (locked) and say it is gone; the space asks again (a 404).
        for (const ref of refsOf(event.entityId)) items.remove(ref);
        spaceChanged(event.entityId);
      },
      applyFavourites(event) {
        if (!isRecord(event) || typeof event.entityId !== 'string' || typeof event.favouriteCount !== 'number') return;
        for (const ref of refsOf(event.entityId)) items.update(ref, (entity) => ({ ...entity, favouriteCount: event.favouriteCount }));
      },
    };

    layer.onConnect((again) => {
      // A new socket is in no room: shown entities join again, and after a drop are read again (the room does not replay).
      for (const id of watched.keys()) layer.emit('entity:subscribe', { id });
      if (!again) return;
      for (const id of watched.keys()) {
        void items.ensure(id, true);
        spaceChanged(id);
      }
    });
    return slice;
  },
  events: {
    'entities:updated': (slice, payload) => slice.applyUpdated(payload as EntityUpdatedEvent),
    'entities:removed': (slice, payload) => slice.applyRemoved(payload as { entityId: string }),
    'entities:favourites': (slice, payload) => slice.applyFavourites(payload as EntityFavouritesEvent),
  },
});

/** The entities slice of the page's data layer. */
export const useEntitiesSlice = (): EntitiesSlice => useDataLayer().slice(entitiesSlice);

/**
 * One entity's entry by id or slug: loaded when first read, locked in the cache while mounted, and
 * (unless `live` is false) its room joined meanwhile, so it follows every change.
 */
export function useEntityEntry(ref: string | undefined, live = true): ResourceEntry<Entity> | undefined {
  const slice = useEntitiesSlice();
  const entry = useResourceEntry(slice.items, ref);
  const id = entry?.state === 'ready' ? entry.value.id : undefined;
  useEffect(() => (live && id ? slice.watch(id) : undefined), [slice, id, live]);
  return entry;
}

/** The entity when loaded, else undefined (see useEntityEntry). */
export function useEntity(ref: string | undefined, live = true): Entity | undefined {
  const entry = useEntityEntry(ref, live);
  return entry?.state === 'ready' ? entry.value : undefined;
}

/** The entity's space version (see EntitiesSlice.spaceVersion): 0 without an id. */
export function useSpaceVersion(entityId: string | undefined): number {
  const slice = useEntitiesSlice();
  return useAtomValue(entityId ? slice.spaceVersion(entityId) : zero);
}
const zero = atom(0);

// --- data schemas (GET structure/dataSchema[/source]: the dataSchemaSelector field) -----------

export const dataSchemaCalls = {
  list: (source?: string) => dataCall<DataSchema[]>({ method: 'GET', path: source ? `structure/dataSchema/${enc(source)}` : 'structure/dataSchema' }),
};

/** The data schemas, read once per source and layer (they change with an admin's definition edits: a new page view reads them again). */
export const dataSchemasSlice = defineSlice<{ list(source?: string): Promise<DataSchema[]> }>({
  name: 'dataSchemas',
  create({ transport }) {
    const held = new Map<string, Promise<DataSchema[]>>();
    return {
      list(source) {
        const key = source ?? '';
        let answer = held.get(key);
        if (!answer) {
          answer = transport.request(dataSchemaCalls.list(source)).then((list) =>
            (Array.isArray(list) ? list : []).filter((s): s is DataSchema => isRecord(s) && typeof s.id === 'string' && typeof s.key === 'string'),
          );
          // A failure is not kept: the next field shown asks again.
          answer.catch(() => held.delete(key));
          held.set(key, answer);
        }
        return answer;
      },
    };
  },
});

/** The data schemas of a source (all without one): undefined while loading, null when they could not be read or there is no data layer. */
export function useDataSchemas(source?: string): DataSchema[] | null | undefined {
  const layer = useOptionalDataLayer();
  const [state, setState] = useState<{ key: string; list: DataSchema[] | null } | null>(null);
  const key = source ?? '';
  useEffect(() => {
    if (!layer) return;
    let live = true;
    layer
      .slice(dataSchemasSlice)
      .list(source)
      .then(
        (list) => live && setState({ key, list }),
        () => live && setState({ key, list: null }),
      );
    return () => {
      live = false;
    };
  }, [layer, source, key]);
  if (!layer) return null;
  return state?.key === key ? state.list : undefined;
}
