/**
 * Applications and membership requests as the domain reads them from its rows: tolerantly (fields
 * that are not a list read as none, answers that are not an object as none) and closed (a state
 * that is not one reads as closed or as no request state at all).
 */
import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import type { Field, Id, JsonValue, MembershipState } from '../../schemas/model';
import type { ApplicationState, MembershipRequestEvent } from '../../schemas/model/api/applications';
import type { ApplicationsTable, MembershipRequestEventsTable, MembershipRequestsTable } from './applications-table';

export interface ApplicationRecord {
  id: Id;
  label: string;
  state: ApplicationState;
  listId: Id;
  fields: Field[];
  emailTemplateId?: Id;
  landingPage?: string;
  deleted: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface RequestRecord {
  id: Id;
  applicationId: Id;
  accountId: Id;
  /** undefined: the request names no entity. */
  entityId?: Id;
  /** null: a stored state that is not one (nothing may move it but an admin's repair). */
  state: MembershipState | null;
  listMembershipId: Id | null;
  answers: Record<string, JsonValue>;
  lastMessage?: string;
  archived: boolean;
  createdAt: number;
  updatedAt: number;
}

const STATES: ReadonlySet<string> = new Set(MEMBERSHIP_STATUSES);

export const isMembershipState = (value: unknown): value is MembershipState => typeof value === 'string' && STATES.has(value);

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function readApplication(row: ApplicationsTable): ApplicationRecord {
  const fields = parse(row.fields);
  return {
    id: row.id,
    label: row.label,
    state: row.state === 'open' ? 'open' : 'closed',
    listId: row.list_id,
    fields: Array.isArray(fields) ? (fields.filter((f) => isObject(f) && typeof f.id === 'string' && typeof f.type === 'string') as unknown as Field[]) : [],
    ...(row.email_template_id ? { emailTemplateId: row.email_template_id } : {}),
    ...(row.landing_page ? { landingPage: row.landing_page } : {}),
    deleted: row.deleted_at !== null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function readRequest(row: MembershipRequestsTable): RequestRecord {
  const answers = parse(row.answers);
  return {
    id: row.id,
    applicationId: row.application_id,
    accountId: row.account_id,
    ...(row.entity_id ? { entityId: row.entity_id } : {}),
    state: isMembershipState(row.state) ? row.state : null,
    listMembershipId: row.list_membership_id,
    answers: isObject(answers) ? (answers as Record<string, JsonValue>) : {},
    ...(row.last_message ? { lastMessage: row.last_message } : {}),
    archived: Number(row.archived) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** A stored event without its decider's name (the detail adds it from profiles). */
export function readEvent(row: MembershipRequestEventsTable): Omit<MembershipRequestEvent, 'byName'> | undefined {
  if (!isMembershipState(row.to_state)) return undefined;
  return {
    from: isMembershipState(row.from_state) ? row.from_state : null,
    to: row.to_state,
    byAccountId: row.by_account,
    ...(row.message ? { message: row.message } : {}),
    at: Number(row.at),
  };
}
