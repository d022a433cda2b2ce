/**
 * Field atoms: one Jotai atom per field, keyed by form, field and repeater index (jotai-family).
 * A keystroke writes one atom, so only the components reading that field re-render.
 */
import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type { Id } from '../../schemas/model';
import type { FieldState, RepeaterItem } from './types';

export const EMPTY_FIELD_STATE: FieldState = Object.freeze({ value: undefined, initial: undefined, dirty: false, touched: false, errors: [] }) as FieldState;

const SEP = '\u241f';
export const fieldStateKey = (formId: string, fieldId: Id, index?: number): string => `${formId}${SEP}${fieldId}${SEP}${index ?? ''}`;

export const fieldStateFamily = /* @__PURE__ */ atomFamily((_key: string) => atom<FieldState>(EMPTY_FIELD_STATE));
export const repeaterItemsFamily = /* @__PURE__ */ atomFamily((_key: string) => atom<RepeaterItem[]>([]));

/** The state atom of a field (value, input value, initial value, dirty, touched, errors). */
export const fieldStateAtom = (formId: string, fieldId: Id, index?: number) => fieldStateFamily(fieldStateKey(formId, fieldId, index));
/** The items of a repeater field (deleted marks, labels). */
export const repeaterItemsAtom = (formId: string, fieldId: Id) => repeaterItemsFamily(fieldStateKey(formId, fieldId));

export { sameJson } from '../core/same-json';
