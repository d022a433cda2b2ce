/**
 * Which compiled rules read a context path. A change to `form.email` re-evaluates the rules that
 * read `form.email`, anything under it (`form.email.x`) or above it (`form`); nothing else.
 * Lookup costs the depth of the changed path, not the number of rules.
 */
export interface RuleDependencyIndex<K> {
  /** Registers (or replaces) what a rule reads. */
  set(key: K, dependencies: readonly string[]): void;
  delete(key: K): void;
  /** The rules to re-evaluate after `changedPath` changed. */
  affected(changedPath: string): Set<K>;
  /** Union of `affected` over several changed paths. */
  affectedByAll(changedPaths: Iterable<string>): Set<K>;
  readonly size: number;
}

export function createRuleDependencyIndex<K>(): RuleDependencyIndex<K> {
  const exact = new Map<string, Set<K>>();
  /** Prefix -> rules reading a path strictly below it. */
  const below = new Map<string, Set<K>>();
  const byKey = new Map<K, readonly string[]>();
  const add = (map: Map<string, Set<K>>, path: string, key: K) => {
    let set = map.get(path);
    if (!set) map.set(path, (set = new Set()));
    set.add(key);
  };
  const remove = (map: Map<string, Set<K>>, path: string, key: K) => {
    const set = map.get(path);
    if (set && set.delete(key) && set.size === 0) map.delete(path);
  };
  const prefixes = (path: string) => {
    const parts = path.split('.');
    return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('.'));
  };
  const index: RuleDependencyIndex<K> = {
    set(key, dependencies) {
      index.delete(key);
      byKey.set(key, dependencies);
      for (const dep of dependencies) {
        add(exact, dep, key);
        for (const prefix of prefixes(dep)) add(below, prefix, key);
      }
    },
    delete(key) {
      const deps = byKey.get(key);
      if (!deps) return;
      byKey.delete(key);
      for (const dep of deps) {
        remove(exact, dep, key);
        for (const prefix of prefixes(dep)) remove(below, prefix, key);
      }
    },
    affected(changedPath) {
      const result = new Set<K>(exact.get(changedPath));
      below.get(changedPath)?.forEach((k) => result.add(k));
      for (const prefix of prefixes(changedPath)) exact.get(prefix)?.forEach((k) => result.add(k));
      return result;
    },
    affectedByAll(changedPaths) {
      const result = new Set<K>();
      for (const path of changedPaths) index.affected(path).forEach((k) => result.add(k));
      return result;
    },
    get size() {
      return byKey.size;
    },
  };
  return index;
}
