/**
 * Throughput of HTTP servers running in child processes, loaded by autocannon from the bench
 * process (server.bench.ts, files.bench.ts). Ours and a peer are measured in back-to-back pairs,
 * the order swapped pair by pair, so load drift on the shared machine hits both alike; the ratio
 * is the median of the pairs' ratios, steadier than a ratio of medians taken at different moments.
 * Tessera's server is the built one, launched as npm start launches it, its flags included
 * (scripts/server-flags.mjs: without them a fresh process ran at one of two speeds, by chance, and
 * two bench runs disagreed); peers run with node's defaults.
 *
 * Where `taskset` is present and this process may use two CPUs or more, the servers under test
 * run on one CPU and this process (autocannon) on another, for the whole measurement: otherwise
 * the scheduler moves the load generator onto the server's CPU now and then, and a run's rps
 * measures how the two happened to share a core. Both sides get the same CPU, one core each,
 * which is also how a single Node server process is deployed. Lines say `pinned: true|false`;
 * BENCH_PIN=0 turns it off (to compare, or where other work keeps one CPU busy all along: a
 * pinned server cannot move off it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { round, summarise } from './harness';

export interface Target {
  url: string;
  /** The process answering, whose CPU time per request is read from /proc. */
  pid: number;
  /** Authorization tokens, one per request in rotation (none: no authorization header). */
  tokens?: string[];
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
}

export interface Run {
  rps: number;
  /** CPU time (user + system) the answering process spent per request. */
  cpuMsPerRequest: number;
  latencies: number[];
}

const CLOCK_TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/**
 * CPU time of a process in ms: the sum of its threads' run time in ns (/proc/<pid>/task/<tid>/
 * schedstat), else utime + stime from /proc/<pid>/stat, whose 10 ms ticks are coarse for short runs.
 */
function cpuMsOf(pid: number): number {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* the thread ended between the listing and the read */
      }
    }
    return ns / 1e6;
  } catch {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  }
}

let rotation = 0;
/** One autocannon run against `target`; throws on any error or non-2xx answer. */
export async function load({ url, pid, tokens }: Target, { connections, durationS, headers = {} }: LoadOptions): Promise<Run> {
  const latencies: number[] = [];
  const cpuBefore = cpuMsOf(pid);
  const instance = autocannon({
    url,
    connections,
    duration: durationS,
    headers,
    requests: tokens?.length
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${tokens[rotation++ % tokens.length]}` },
            }),
          },
        ]
      : undefined,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return {
    rps: result.requests.total / result.duration,
    // No answer within the run (the server stalled under the load): no figure rather than a made-up one.
    cpuMsPerRequest: result.requests.total ? (cpuMsOf(pid) - cpuBefore) / result.requests.total : NaN,
    latencies,
  };
}

export interface Pairs {
  ours: Run[];
  peer: Run[];
  /** ours rps / peer rps, pair by pair. */
  ratios: number[];
}

/** `warmup` unmeasured pairs, then `runs` measured pairs, peer first in even pairs, ours first in odd ones. */
export async function pairs(ours: Target, peer: Target, { warmup, runs, ...options }: LoadOptions & { warmup: number; runs: number }): Promise<Pairs> {
  const out: Pairs = { ours: [], peer: [], ratios: [] };
  for (let run = 0; run < warmup + runs; run++) {
    let o: Run;
    let p: Run;
    if (run % 2) {
      o = await load(ours, options);
      p = await load(peer, options);
    } else {
      p = await load(peer, options);
      o = await load(ours, options);
    }
    if (run < warmup) continue;
    out.ours.push(o);
    out.peer.push(p);
    out.ratios.push(o.rps / Math.max(p.rps, 1e-9));
  }
  return out;
}

/** Median of the pairs' ratios, two decimals. */
export const pairRatio = (p: Pairs) => round(summarise(p.ratios, 'wall').median, 2);

/** Median CPU ms per request over the runs that answered at all; undefined when none did. */
export function cpuMedian(runs: Run[]): number | undefined {
  const answered = runs.map((r) => r.cpuMsPerRequest).filter(Number.isFinite);
  return answered.length ? round(summarise(answered, 'cpu').median, 3) : undefined;
}

/** The CPUs `pid` may run on, from `taskset -pc`; undefined where taskset is missing or fails. */
function affinity(pid: number): string | undefined {
  try {
    return /:\s*([\d,-]+)\s*$/.exec(execFileSync('taskset', ['-pc', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[1];
  } catch {
    return undefined;
  }
}

/** "0-2,5" as [0, 1, 2, 5]. */
function cpuList(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** Sets the CPUs of every thread of `pid` (threads made later inherit them); false if that failed. */
function setAffinity(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-pc', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface Pinning {
  pinned: boolean;
  /** Puts a server process started after `pinApart` on the servers' CPU (no-op when not pinned). */
  server(pid: number): void;
  /** Gives this process its CPUs back. */
  release(): void;
}

/**
 * Servers on one CPU, this process on another (see the top of this file); `pinned: false` and
 * nothing changed where taskset is missing or only one CPU is allowed.
 */
export function pinApart(serverPids: number[]): Pinning {
  const own = affinity(process.pid);
  const cpus = own ? cpuList(own) : [];
  const none: Pinning = { pinned: false, server: () => undefined, release: () => undefined };
  if (process.env.BENCH_PIN === '0' || !own || cpus.length < 2) return none;
  // The last allowed CPU for the servers, the first for this process.
  const serverCpu = String(cpus[cpus.length - 1]);
  const loadCpu = String(cpus[0]);
  if (!serverPids.every((pid) => setAffinity(pid, serverCpu)) || !setAffinity(process.pid, loadCpu)) {
    for (const pid of serverPids) setAffinity(pid, own);
    setAffinity(process.pid, own);
    return none;
  }
  return {
    pinned: true,
    server: (pid) => void setAffinity(pid, serverCpu),
    release: () => void setAffinity(process.pid, own),
  };
}
