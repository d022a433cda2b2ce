/**
 * Benchmark harness. Each `tests/bench/*.bench.ts(x)` file default-exports `defineBenches([...])`;
 * `npm run bench [-- prefix] [--quick] [--write-docs]` runs those whose name starts with the prefix
 * and prints one JSON object per line (see scripts/bench.ts).
 *
 * How to write a bench:
 *   const r = await measure({ ours: () => doIt(), peer: () => peerDoesIt() }, { batch: 50 });
 *   return [line('thing.op', { size: 100 }, r.ours, r.peer, { peer: 'some-lib' })];
 * - `measure` runs every op `warmup` times, then `runs` (>= 5) measured runs of `batch` calls each
 *   (one number, or one per op when the sides differ a lot in cost), the ops interleaved run by run
 *   so load drift on a shared machine hits all sides alike, in alternating order (forward, then
 *   backward) so no side always runs right after the same other one. The heap is not collected
 *   between runs: a forced full collection makes the next React render in jsdom several times
 *   slower, for every side, which measures the collector, not the code. A run's figure is its time
 *   divided by the batch: CPU time of this process (`clock: 'cpu'`, the default, for work done in
 *   this process) or wall time (`clock: 'wall'`, for end-to-end work such as a server in a child
 *   process or a browser load). `prepare(i)` runs before each call, off the clock.
 * - `line` turns figures into the bench line: `ms` (median), `minMs`, `baselineMs`,
 *   `baselineMinMs`, `ratio` (ours / baseline: the median of the runs' ratios, `pairedRatio`),
 *   `runs`, `clock`; add `size`, `db`, counts.
 *   `rpsLine` does the same for throughput (`rps` median, `maxRps`, `baselineRps`, ..., ratio =
 *   ours / baseline, so higher is better there).
 * - `countRenders(fn)` counts the React components (function, class, forwardRef, memo) that
 *   rendered in the commits `fn` caused, from React's own commit hook, the same way for any
 *   library: run it once outside the timed runs. `countRendersAsync(fn)` also counts the commits
 *   after `fn` returns, until its promise resolves and React's scheduled work ran (`settle`).
 * - `quick` is true under `--quick`: fewer runs and sizes for a smoke run; lines say `quick: true`.
 * Timed assertions never go in tests: a bench prints, docs/benchmarks.md is generated from its lines.
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

export const quick = process.env.BENCH_QUICK === '1';

export type Clock = 'cpu' | 'wall';

export interface Figures {
  /** Per-call figure of the best run. */
  min: number;
  median: number;
  runs: number;
  clock: Clock;
  all: number[];
}

export interface MeasureOptions {
  /** Measured runs (default 7, 5 under --quick; never fewer than 5 unless quick). */
  runs?: number;
  /** Unmeasured runs before (default 2, 1 under --quick). */
  warmup?: number;
  /** Calls per run (default 1), for all ops or per op; the figure is the run's time / batch. */
  batch?: number | Record<string, number>;
  clock?: Clock;
  /** Off the clock, before each call. */
  prepare?: (i: number) => unknown;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const now = (clock: Clock) => (clock === 'cpu' ? cpuMs() : performance.now());

export function summarise(values: number[], clock: Clock): Figures {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, runs: values.length, clock, all: values };
}

/** Measures each op in `ops` (interleaved run by run); per-call ms, min and median over the runs. */
export async function measure<K extends string>(ops: Record<K, (i: number) => unknown>, options: MeasureOptions = {}): Promise<Record<K, Figures>> {
  const clock = options.clock ?? 'cpu';
  const runs = options.runs ?? (quick ? 5 : 7);
  const warmup = options.warmup ?? (quick ? 1 : 2);
  const keys = Object.keys(ops) as K[];
  const batchOf = (key: K) => (typeof options.batch === 'object' ? (options.batch[key] ?? 1) : (options.batch ?? 1));
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  let call = 0;
  for (let run = 0; run < warmup + runs; run++) {
    for (const key of run % 2 ? [...keys].reverse() : keys) {
      const batch = batchOf(key);
      let spent = 0;
      if (options.prepare) {
        for (let b = 0; b < batch; b++) {
          const i = call++;
          await options.prepare(i);
          const start = now(clock);
          const out = ops[key](i);
          if (out instanceof Promise) await out;
          spent += now(clock) - start;
        }
      } else {
        // Without per-call preparation the batch is timed as a whole: reading the clock costs
        // about a microsecond, as much as some ops, and would be counted inside every call.
        const start = now(clock);
        for (let b = 0; b < batch; b++) {
          const out = ops[key](call++);
          if (out instanceof Promise) await out;
        }
        spent = now(clock) - start;
      }
      if (run >= warmup) times[key].push(spent / batch);
    }
  }
  return Object.fromEntries(keys.map((k) => [k, summarise(times[k], clock)])) as Record<K, Figures>;
}

/** Decimals for a figure in ms: sub-microsecond figures keep three significant digits. */
const figureDigits = (ms: number) => (ms < 0.01 ? 6 : ms < 1 ? 4 : 3);

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A ratio to two significant digits (0.0031, 0.31, 1.2), so one far below 1 does not print as 0. */
export function roundRatio(value: number): number {
  return value >= 1 ? round(value, 2) : Number(value.toPrecision(2));
}

/**
 * ours / baseline as the median of the runs' ratios: `measure` makes run i of every side at the
 * same moment (interleaved), so a run's ratio cancels what loaded the machine then, and a burst
 * that hit one side's run spoils one ratio, which the median leaves out. A ratio of medians
 * instead compares runs made at different moments. Figures of unequal run counts: ratio of medians.
 */
export function pairedRatio(ours: Figures, baseline: Figures): number {
  if (ours.all.length !== baseline.all.length) return ours.median / Math.max(baseline.median, 1e-9);
  return summarise(
    ours.all.map((o, i) => o / Math.max(baseline.all[i], 1e-9)),
    ours.clock,
  ).median;
}

/** A bench line for a time per call: ours against a same-run baseline. */
export function line(bench: string, extra: Omit<BenchResult, 'bench'>, ours: Figures, baseline?: Figures, more: Omit<BenchResult, 'bench'> = {}): BenchResult {
  const digits = figureDigits(ours.median);
  return {
    bench,
    ...extra,
    ms: round(ours.median, digits),
    minMs: round(ours.min, digits),
    ...(baseline
      ? {
          baselineMs: round(baseline.median, digits),
          baselineMinMs: round(baseline.min, digits),
          ratio: roundRatio(pairedRatio(ours, baseline)),
        }
      : {}),
    ...more,
    runs: ours.runs,
    clock: ours.clock,
    ...(quick ? { quick: true } : {}),
  };
}

/** `peerMs`/`peerMinMs` for a second comparison on a line whose baseline is something else. */
export function peerFigures(peer: Figures): { peerMs: number; peerMinMs: number } {
  const digits = figureDigits(peer.median);
  return { peerMs: round(peer.median, digits), peerMinMs: round(peer.min, digits) };
}

/** A bench line for throughput (requests per second, higher is better). */
export function rpsLine(
  bench: string,
  extra: Omit<BenchResult, 'bench'>,
  ours: Figures,
  baseline: Figures,
  more: Omit<BenchResult, 'bench'> = {},
): BenchResult {
  const sorted = [...ours.all].sort((a, b) => a - b);
  const baseSorted = [...baseline.all].sort((a, b) => a - b);
  return {
    bench,
    ...extra,
    rps: Math.round(ours.median),
    maxRps: Math.round(sorted[sorted.length - 1]),
    baselineRps: Math.round(baseline.median),
    baselineMaxRps: Math.round(baseSorted[baseSorted.length - 1]),
    ratio: round(ours.median / Math.max(baseline.median, 1e-9), 2),
    ...more,
    runs: ours.runs,
    clock: 'wall',
    ...(quick ? { quick: true } : {}),
  };
}

// --- Render counting through React's DevTools hook (installed by dom.ts before react-dom loads).

interface Fiber {
  tag: number;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}
interface FiberRoot {
  current: Fiber;
}

/** Function, class, forwardRef and simple-memo components; a memo() wrapper's inner function counts as one. */
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);
const PERFORMED_WORK = 1;
let counting: { renders: number } | null = null;

function countCommit(root: FiberRoot) {
  if (!counting) return;
  const walk = (fiber: Fiber | null) => {
    for (let f = fiber; f; f = f.sibling) {
      if (COMPONENT_TAGS.has(f.tag) && f.flags & PERFORMED_WORK) counting!.renders++;
      // A subtree React did not visit keeps its old fibers (and their old flags): skip it.
      if (f.child && (!f.alternate || f.alternate.child !== f.child)) walk(f.child);
    }
  };
  walk(root.current.child);
}

/** The hook object React looks for at first import; dom.ts puts it on globalThis. */
export const reactCommitHook = {
  isDisabled: false,
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  onCommitFiberRoot: (_id: unknown, root: FiberRoot) => countCommit(root),
  onCommitFiberUnmount: () => {},
  onPostCommitFiberRoot: () => {},
  checkDCE: () => {},
};

/** Lets React finish what it scheduled (its scheduler runs tasks through setImmediate in Node). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Components rendered by the commits `fn` causes, also after it returns: until it resolves and React has settled. */
export async function countRendersAsync(fn: () => unknown): Promise<number> {
  counting = { renders: 0 };
  try {
    await fn();
    await settle();
    return counting.renders;
  } finally {
    counting = null;
  }
}

/** Components rendered by the commits `fn` causes (synchronously, e.g. inside flushSync). */
export function countRenders(fn: () => void): number {
  counting = { renders: 0 };
  try {
    fn();
    return counting.renders;
  } finally {
    counting = null;
  }
}

/** One API call over HTTP as a signed-in member, timed to its parsed answer; a 3xx-5xx throws. */
export async function timedCall<T>(url: string, method: string, token: string, body?: unknown): Promise<{ ms: number; body: T; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await res.json()) as T;
  const ms = performance.now() - t0;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(parsed)}`);
  return { ms, body: parsed, status: res.status };
}
