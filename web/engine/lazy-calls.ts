/**
 * Asynchronous calls whose implementation is imported on the first call (its own chunk), so the
 * engine page does not carry code only some blocks use. A failed import is tried again next call.
 * Every named member of T must be a function returning a promise.
 */
export function lazyCalls<T, K extends keyof T>(load: () => Promise<T>, names: readonly K[]): Pick<T, K> {
  let loading: Promise<T> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const calls: Partial<Record<K, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of names) calls[name] = (...args) => loaded().then((impl) => (impl[name] as (...a: unknown[]) => Promise<unknown>)(...args));
  return calls as Pick<T, K>;
}
