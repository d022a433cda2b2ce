/**
 * Reading plain objects by keys that come from users or stored data. `record[key]` with a key
 * such as `toString`, `constructor` or `__proto__` finds what Object.prototype has; these read
 * only what the object itself holds.
 */

/** The record's own value at `key`, never an inherited one. */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** Property names that reach an object's prototype when assigned: never accepted as user keys. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isPrototypeKey = (key: string): boolean => PROTOTYPE_KEYS.has(key);

/** Sets an own, enumerable property, whatever its name (`record[key] = v` with `__proto__` would replace the prototype). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
