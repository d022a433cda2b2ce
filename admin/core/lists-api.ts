/**
 * The admin's calls of user lists, applications and membership requests
 * (schemas/model/api/lists.ts, applications.ts), and the member search the "add members" dialog
 * uses (POST profile/search). Failures reject with the server's `{ error, message }` and the HTTP
 * status when the request function gave one (a 400 on delete shows the server's words, community §8).
 */
import type { MembershipState } from '../../schemas/model';
import type { EmailTemplatesResponse } from '../../schemas/model/api/email';
import type {
  ApplicationChanges,
  ApplicationView,
  MembershipRequestDecisionRequest,
  MembershipRequestDetail,
  MembershipRequestsResponse,
} from '../../schemas/model/api/applications';
import type {
  ListAdminPermissionsRequest,
  ListMembershipStatesResponse,
  ListUsersAddResponse,
  ListUsersResponse,
  UserListInput,
  UserListView,
} from '../../schemas/model/api/lists';
import type { MemberSearchRequest } from '../../schemas/model/api/profiles';
import type { Field, Profile } from '../../schemas/model';
import { formatProfileName } from '../../engine/core/profile-name';
import type { AdminApiError } from './api';
import { refusalStatusOf, toAdminApiError, type AdminRequest, type HttpMethod } from './http-api';

/** One page of a list's members and of the request queues. */
export const LISTS_PAGE_SIZE = 25;

export interface ListsApiError extends AdminApiError {
  /** The HTTP status, when known. */
  status?: number;
  /** The server's code (`listFull`), when it sent one. */
  code?: string;
}

/** A 400: the server's message says why (a system list, a list an application uses). */
export const isBadRequest = (e: ListsApiError): boolean => e.status === 400 || e.error === 'badRequest';
/** The list is at capacity (409 code listFull). */
export const isListFull = (e: ListsApiError): boolean => e.code === 'listFull' || e.error === 'listFull';

export interface MemberHit {
  accountId: string;
  name: string;
}

const enc = encodeURIComponent;
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const profileName = (p: Profile): string => {
  const v = p.data?.profile ?? {};
  return formatProfileName({ first: text(v.firstName), middle: text(v.middleName), last: text(v.lastName) }) || p.accountId;
};

export function createListsApi(request: AdminRequest) {
  const call = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    try {
      return await request<T>(method, path, body);
    } catch (error) {
      throw { ...toAdminApiError(error), ...refusalStatusOf(error) } satisfies ListsApiError;
    }
  };
  const query = (entries: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    for (const [key, value] of Object.entries(entries)) if (value !== undefined && value !== '') q.set(key, String(value));
    return q.toString();
  };
  return {
    lists: (): Promise<UserListView[]> => call('GET', 'userLists'),
    list: async (id: string): Promise<UserListView> => {
      const found = (await call<UserListView[]>('GET', 'userLists')).find((l) => l.id === id);
      if (!found) throw { error: 'notFound', message: `user list "${id}" not found`, status: 404 } satisfies ListsApiError;
      return found;
    },
    createList: (userList: UserListInput): Promise<UserListView> => call('PUT', 'userLists', { userList }),
    updateList: (id: string, changes: Partial<UserListInput>): Promise<UserListView> => call('POST', `userLists/${enc(id)}`, { changes }),
    deleteList: (id: string): Promise<void> => call('DELETE', `userLists/${enc(id)}`),
    members: (id: string, options: { states?: MembershipState[]; cursor?: string; q?: string } = {}): Promise<ListUsersResponse> =>
      call('GET', `userLists/${enc(id)}/users?${query({ states: options.states?.join(','), cursor: options.cursor, q: options.q, limit: LISTS_PAGE_SIZE })}`),
    addMembers: (id: string, accounts: string[], state?: MembershipState): Promise<ListUsersAddResponse> =>
      call('POST', `userLists/${enc(id)}/users`, { accounts, ...(state ? { state } : {}) }),
    removeMember: (id: string, accountId: string): Promise<void> => call('DELETE', `userLists/${enc(id)}/${enc(accountId)}`),
    /** The admin mode, allow-permissions and per-permission toggles (`isAdmin`, `allowPermissions` or `<subject>.<action>`). */
    toggle: (id: string, what: string, on: boolean): Promise<UserListView> => call('POST', `userLists/admin/${enc(id)}/${enc(what)}/${on}`),
    /** Admin mode, allow-permissions and every grant at once (the "edit all admin permissions" dialog): all saved or none. */
    setAdminPermissions: (id: string, state: ListAdminPermissionsRequest): Promise<UserListView> =>
      call('PUT', `userLists/admin/${enc(id)}/permissions`, state),
    memberStates: (accountId: string): Promise<ListMembershipStatesResponse> => call('GET', `profile/listMembershipStates/${enc(accountId)}/true`),

    applications: (): Promise<ApplicationView[]> => call('GET', 'applications'),
    createApplication: (label: string, listId: string): Promise<ApplicationView> => call('PUT', 'applications', { label, listId }),
    updateApplication: (id: string, changes: ApplicationChanges): Promise<ApplicationView> => call('PUT', `applications/${enc(id)}`, { changes }),
    deleteApplication: (id: string): Promise<void> => call('DELETE', `applications/${enc(id)}`),
    saveField: (id: string, field: Field): Promise<ApplicationView> => call('PUT', `applications/${enc(id)}/field/${enc(field.id)}`, { field }),
    removeField: (id: string, fieldId: string): Promise<ApplicationView> => call('DELETE', `applications/${enc(id)}/field/${enc(fieldId)}`),
    requests: (options: { applicationId?: string; cursor?: string } = {}): Promise<MembershipRequestsResponse> =>
      call('GET', `applications/membershipRequests/admin?${query({ applicationId: options.applicationId, cursor: options.cursor, limit: LISTS_PAGE_SIZE })}`),
    request: (id: string): Promise<MembershipRequestDetail> => call('GET', `applications/membershipRequests/admin/${enc(id)}`),
    decide: (id: string, state: MembershipState, decision: MembershipRequestDecisionRequest): Promise<MembershipRequestDetail> =>
      call('POST', `applications/membershipRequests/admin/${enc(id)}/${enc(state)}`, decision),
    emailTemplates: (): Promise<EmailTemplatesResponse> => call('GET', 'service/coreAPI/getServiceEmailTemplates'),

    /** A member's display name (POST profile/collection), her account id when the profile is not readable. */
    memberName: async (accountId: string): Promise<string> => {
      const [found] = await call<(Profile | { accountId: string; error: string })[]>('POST', 'profile/collection', { accountIds: [accountId] });
      return found && 'data' in found ? profileName(found) : accountId;
    },
    /** Members whose name matches, for adding to a list. */
    searchMembers: async (text: string): Promise<MemberHit[]> => {
      const found = await call<{ items: MemberHit[] }>('POST', 'profile/search', { text, limit: 10, sort: 'relevance' } satisfies MemberSearchRequest);
      return found.items.map(({ accountId, name }) => ({ accountId, name }));
    },
  };
}

export type ListsApi = ReturnType<typeof createListsApi>;
