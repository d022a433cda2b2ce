/**
 * The member's applications (community §7 "Applications, memberships"), a slice: by application
 * and entity a resource of `GET applications/user/{id}` (the form, her own request and the moves she
 * may make), the member's moves (apply or re-apply with answers, withdraw), whose answers replace
 * the entry. Kept live: when one of her memberships of an application's list is added, changes
 * state or is removed (`userLists:*` to her `account:<id>` room), the entries of that list are read
 * again. Imported by path (not through the data barrel): only the application blocks load it.
 */
import type { JsonValue, MembershipState } from '../../schemas/model';
import type { MemberApplicationResponse } from '../../schemas/model/api/applications';
import { createResource, type LoadResult, type Resource } from './resource';
import { defineSlice } from './slice';
import { dataCall, statusOf } from './transport';

const seg = encodeURIComponent;
/** The path segment of "no entity" (a user list's own application). */
export const NO_ENTITY = '-';
/** Applications kept beyond the ones shown (a page holds one or two). */
const APPLICATION_CACHE_SIZE = 20;

export const applicationCalls = {
  get: (id: string) => dataCall<MemberApplicationResponse>({ method: 'GET', path: `applications/user/${seg(id)}` }),
  /** Applies or re-applies with these answers (by field id); a refusal names the field or the move (the block shows it, not the shell). */
  submit: (id: string, entityId: string, answers: Record<string, JsonValue>) =>
    dataCall<MemberApplicationResponse>({ method: 'PUT', path: `applications/${seg(id)}/request/me/${seg(entityId)}`, body: { answers } }),
  move: (id: string, state: MembershipState, entityId: string) =>
    dataCall<MemberApplicationResponse>({ method: 'POST', path: `applications/${seg(id)}/request/me/${seg(state)}/${seg(entityId)}` }),
};

/** The resource id of one application for one entity (`-` for none); ids hold no line break. */
export const applicationKey = (id: string, entityId: string = NO_ENTITY) => `${id}\n${entityId}`;

const isAnswer = (a: unknown): a is MemberApplicationResponse => {
  const app = a && typeof a === 'object' ? (a as MemberApplicationResponse).application : undefined;
  return !!app && typeof app.id === 'string' && typeof app.userListId === 'string' && Array.isArray(app.fields) && Array.isArray((a as MemberApplicationResponse).moves);
};

export interface MemberApplications {
  /** By `applicationKey(id, entityId)`. */
  byKey: Resource<MemberApplicationResponse>;
  /** Applies (or re-applies) with answers by field id; the entry becomes the server's answer. */
  submit(id: string, entityId: string, answers: Record<string, JsonValue>): Promise<MemberApplicationResponse>;
  /** One of her moves without answers (withdrawn, applied). */
  move(id: string, state: MembershipState, entityId: string): Promise<MemberApplicationResponse>;
  /** Reads again the held entries of a list's applications (her membership of it changed). */
  listChanged(userListId: string): void;
}

const listIdOf = (payload: unknown): string | undefined => {
  const id = payload && typeof payload === 'object' ? (payload as { userListId?: unknown }).userListId : undefined;
  return typeof id === 'string' ? id : undefined;
};

export const applicationsSlice = defineSlice<MemberApplications>({
  name: 'applications',
  create({ store, layer, transport }) {
    const byKey = createResource<MemberApplicationResponse>(store, {
      name: 'application',
      batch: { delayMs: 0, maxBatch: 10 },
      cacheSize: APPLICATION_CACHE_SIZE,
      async loadMany(keys) {
        const answers = new Map<string, LoadResult<MemberApplicationResponse>>();
        await Promise.all(
          keys.map(async (key) => {
            try {
              const answer = await transport.request(applicationCalls.get(key.split('\n')[0]));
              answers.set(key, isAnswer(answer) ? { value: answer } : { error: 'failed' });
            } catch (failure) {
              const status = statusOf(failure);
              answers.set(key, { error: status === 404 ? 'notFound' : status === 403 ? 'forbidden' : 'failed' });
            }
          }),
        );
        return answers;
      },
    });
    const keep = (key: string, answer: MemberApplicationResponse) => {
      if (isAnswer(answer)) byKey.put(key, answer);
      return answer;
    };
    const listChanged = (userListId: string) => {
      for (const key of byKey.cachedIds()) {
        const entry = byKey.peek(key);
        if (entry?.state === 'ready' && entry.value.application.userListId === userListId) void byKey.ensure(key, true);
      }
    };
    // A reconnect may have missed a move: what is shown is read again.
    layer.onReconnect(() => byKey.cachedIds().forEach((key) => void byKey.ensure(key, true)));
    return {
      byKey,
      listChanged,
      async submit(id, entityId, answers) {
        return keep(applicationKey(id, entityId), await transport.request(applicationCalls.submit(id, entityId, answers)));
      },
      async move(id, state, entityId) {
        return keep(applicationKey(id, entityId), await transport.request(applicationCalls.move(id, state, entityId)));
      },
    };
  },
  events: Object.fromEntries(
    ['userLists:memberships:added', 'userLists:updated:state', 'userLists:memberships:removed'].map((event) => [
      event,
      (slice: MemberApplications, payload: unknown) => {
        const listId = listIdOf(payload);
        if (listId) slice.listChanged(listId);
      },
    ]),
  ),
});
