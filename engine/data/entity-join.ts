/**
 * Joining an entity (the join power-up's routes, `structure/powerUp/{entityId}/join|leave`):
 * the viewer's JoinState per entity, and per membership type for entityJoinBoxes, as a resource;
 * join and leave change it at once (state, member count) and roll back when the server refuses;
 * `entities:join` (the entity room) keeps the member count live. Imported by path by entityJoin
 * and entityJoinBoxes only.
 */
import { useCallback } from 'react';
import type { JoinState } from '../../schemas/model/api/entities';
import { entitiesSlice } from './entities';
import { useDataLayer, useResourceEntry } from './hooks';
import { createResource, type Resource, type ResourceEntry } from './resource';
import { defineSlice } from './slice';
import { dataCall } from './transport';

const JOIN_CACHE_SIZE = 50;
const seg = encodeURIComponent;

/** The resource key of a join state: the entity, and the membership type when a box asks for one. */
export const joinKey = (entityId: string, membershipTypeId?: string) => (membershipTypeId ? `${entityId}\n${membershipTypeId}` : entityId);
const keyParts = (key: string) => {
  const [entityId, membershipTypeId] = key.split('\n');
  return { entityId, membershipTypeId: membershipTypeId || undefined };
};

export const entityJoinCalls = {
  state: (entityId: string, membershipTypeId?: string) =>
    dataCall<JoinState>({
      method: 'GET',
      path: `structure/powerUp/${seg(entityId)}/join`,
      query: membershipTypeId ? { membershipTypeId } : undefined,
    }),
  join: (entityId: string, membershipTypeId?: string) =>
    dataCall<JoinState>({ method: 'POST', path: `structure/powerUp/${seg(entityId)}/join`, body: membershipTypeId ? { membershipTypeId } : {}, report: true }),
  leave: (entityId: string, membershipTypeId?: string) =>
    dataCall<JoinState>({ method: 'POST', path: `structure/powerUp/${seg(entityId)}/leave`, body: membershipTypeId ? { membershipTypeId } : {}, report: true }),
};

/** What a join looks like before the server answers: accepted at once, or applied when it needs approval. */
export function optimisticJoin(state: JoinState): JoinState {
  const next = state.approval ? 'applied' : 'accepted';
  const memberCount = next === 'accepted' ? state.memberCount + 1 : state.memberCount;
  return { ...state, state: next, memberCount, isFull: state.capacity !== undefined && memberCount >= state.capacity };
}

export function optimisticLeave(state: JoinState): JoinState {
  const memberCount = state.state === 'accepted' ? Math.max(0, state.memberCount - 1) : state.memberCount;
  return { ...state, state: 'withdrawn', memberCount, isFull: state.capacity !== undefined && memberCount >= state.capacity };
}

export interface EntityJoinSlice {
  states: Resource<JoinState>;
  /** Joins (or applies); the state shows at once and rolls back on a refusal, which rejects. */
  join(entityId: string, membershipTypeId?: string): Promise<JoinState>;
  leave(entityId: string, membershipTypeId?: string): Promise<JoinState>;
  /** `entities:join {entityId, memberCount}`. */
  applyCount(payload: unknown): void;
}

export const entityJoinSlice = defineSlice<EntityJoinSlice>({
  name: 'entityJoin',
  create({ store, layer, transport, schedule }) {
    const states = createResource<JoinState>(store, {
      name: 'join state',
      // One call per entity (and type): a page shows one join block or a few boxes.
      batch: { delayMs: 0, maxBatch: 20, schedule },
      cacheSize: JOIN_CACHE_SIZE,
      async loadMany(keys) {
        const answers = new Map<string, { value: JoinState } | { error: 'failed' }>();
        await Promise.all(
          keys.map(async (key) => {
            const { entityId, membershipTypeId } = keyParts(key);
            answers.set(key, { value: await transport.request(entityJoinCalls.state(entityId, membershipTypeId)) });
          }),
        );
        return answers;
      },
    });

    /** Shows `change` at once, sends, keeps the answer; a refusal puts back what was there. */
    async function write(key: string, change: (s: JoinState) => JoinState, send: () => Promise<JoinState>): Promise<JoinState> {
      const before = states.peek(key);
      if (before?.state === 'ready') states.put(key, change(before.value));
      try {
        const answer = await send();
        states.put(key, answer);
        // The other boxes of the entity: their places and the viewer's state may have changed.
        const { entityId } = keyParts(key);
        // Her membership decides which pages of the space she may view: an open space asks again.
        layer.slice(entitiesSlice).spaceChanged(entityId);
        for (const other of states.cachedIds()) if (other !== key && keyParts(other).entityId === entityId) void states.ensure(other, true);
        return answer;
      } catch (error) {
        if (before?.state === 'ready') states.put(key, before.value);
        // Refused (full, closed, gone): what the server has now, in the background.
        void states.ensure(key, true).catch(() => undefined);
        throw error;
      }
    }

    return {
      states,
      join: (entityId, membershipTypeId) =>
        write(joinKey(entityId, membershipTypeId), optimisticJoin, () => transport.request(entityJoinCalls.join(entityId, membershipTypeId))),
      leave: (entityId, membershipTypeId) => write(joinKey(entityId, membershipTypeId), optimisticLeave, () => transport.request(entityJoinCalls.leave(entityId, membershipTypeId))),
      applyCount(payload) {
        const event = payload as { entityId?: unknown; memberCount?: unknown } | undefined;
        if (typeof event?.entityId !== 'string' || typeof event.memberCount !== 'number') return;
        const memberCount = event.memberCount;
        for (const key of states.cachedIds()) {
          const { entityId, membershipTypeId } = keyParts(key);
          if (entityId !== event.entityId) continue;
          // The event counts the entity's members; a box counts its own type's, read again.
          if (membershipTypeId) void states.ensure(key, true);
          else states.update(key, (s) => ({ ...s, memberCount, isFull: s.capacity !== undefined && memberCount >= s.capacity }));
        }
      },
    };
  },
  events: { 'entities:join': (slice, payload) => slice.applyCount(payload) },
});

/** The viewer's join state of an entity (and membership type), with join and leave. */
export function useJoinState(entityId: string | undefined, membershipTypeId?: string) {
  const slice = useDataLayer().slice(entityJoinSlice);
  const entry: ResourceEntry<JoinState> | undefined = useResourceEntry(slice.states, entityId ? joinKey(entityId, membershipTypeId) : undefined);
  const join = useCallback(() => slice.join(entityId ?? '', membershipTypeId), [slice, entityId, membershipTypeId]);
  const leave = useCallback(() => slice.leave(entityId ?? '', membershipTypeId), [slice, entityId, membershipTypeId]);
  return { entry, join, leave };
}
