/** Query and path parameters of the application calls, each checked with a 400 naming what is wrong. */
import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import type { MembershipState } from '../../schemas/model';
import { badRequest } from '../errors';
import { isMembershipState } from './records';
import { REQUEST_PAGE_MAX, REQUEST_PAGE_SIZE } from './requests';

const STATES = MEMBERSHIP_STATUSES.join(', ');

export function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`);
  return value;
}

export function limitOf(raw: unknown): number {
  const text = single(raw, 'limit');
  if (text === undefined || text === '') return REQUEST_PAGE_SIZE;
  const n = Number(text);
  if (!/^\d{1,3}$/.test(text) || n < 1 || n > REQUEST_PAGE_MAX)
    throw badRequest(`limit must be a whole number from 1 to ${REQUEST_PAGE_MAX}, got "${text.slice(0, 20)}"`);
  return n;
}

/** `a,b` -> states, each checked (400 naming the unknown one). */
export function statesOf(raw: unknown): MembershipState[] | undefined {
  const text = single(raw, 'states');
  if (text === undefined || text === '') return undefined;
  const states = text.split(',').map((s) => s.trim());
  const unknown = states.find((s) => !isMembershipState(s));
  if (unknown !== undefined) throw badRequest(`states: "${unknown.slice(0, 40)}" is not a membership state (${STATES})`);
  return states as MembershipState[];
}

/** A membership state named in a path, or 400. */
export function stateParam(raw: string): MembershipState {
  if (!isMembershipState(raw)) throw badRequest(`"${raw.slice(0, 40)}" is not a membership state (${STATES})`);
  return raw;
}
