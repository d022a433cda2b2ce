/**
 * Collects the keys asked for within one window and loads them with as few calls as the batch
 * size allows: the profile batch of community §9 (10 ms), and every later domain's.
 */
export interface BatcherOptions<K> {
  /** How long a window stays open after its first key, in ms. */
  delayMs: number;
  /** Most keys in one call; a bigger window is split. */
  maxBatch: number;
  /** Loads one batch. Rejecting fails every key of that batch. */
  load(keys: K[]): Promise<void>;
  /** Timer; tests and Node pass their own. */
  schedule?(run: () => void, delayMs: number): void;
}

export interface Batcher<K> {
  /** Adds a key to the open window (opening one if none); resolves once its batch has loaded. */
  request(key: K): Promise<void>;
}

export function createBatcher<K>(options: BatcherOptions<K>): Batcher<K> {
  const schedule = options.schedule ?? ((run, delay) => void setTimeout(run, delay));
  let window: { keys: Set<K>; done: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | undefined;

  function flush(): void {
    const open = window!;
    window = undefined;
    const keys = [...open.keys];
    const calls: Promise<void>[] = [];
    for (let i = 0; i < keys.length; i += options.maxBatch) calls.push(options.load(keys.slice(i, i + options.maxBatch)));
    Promise.all(calls).then(open.resolve, open.reject);
  }

  return {
    request(key) {
      if (!window) {
        let resolve!: () => void;
        let reject!: (e: unknown) => void;
        const done = new Promise<void>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        window = { keys: new Set(), done, resolve, reject };
        schedule(flush, options.delayMs);
      }
      window.keys.add(key);
      return window.done;
    },
  };
}
