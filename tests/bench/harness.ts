/**
 * Benchmark harness. Each `tests/bench/*.bench.ts(x)` file default-exports a list of benches;
 * `npm run bench [-- prefix]` runs those whose name starts with the prefix and prints one JSON
 * object per line: `{"bench": name, "size"?: n, ...figures}`. Figures are compared with a
 * baseline measured in the same process, never asserted against wall-clock limits in tests.
 */
export interface BenchResult {
  bench: string;
  size?: number;
  [figure: string]: number | string | boolean | undefined;
}

export interface Bench {
  /** Dotted name, e.g. `form.keystroke`; the prefix filter matches on it. */
  name: string;
  run(): Promise<BenchResult[]> | BenchResult[];
}

export function defineBenches(benches: Bench[]): Bench[] {
  return benches;
}

/** Median wall time in ms of `fn` over `iterations` runs after `warmup` runs. */
export async function medianMs(fn: () => unknown, { iterations = 20, warmup = 3 }: { iterations?: number; warmup?: number } = {}): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return round(times[Math.floor(times.length / 2)]);
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
