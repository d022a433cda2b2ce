/**
 * `npm run bench [-- prefix] [--quick] [--write-docs] [--out file.jsonl]`: runs
 * tests/bench/*.bench.ts(x) and prints one JSON object per line, the first describing the machine.
 * --quick: a smoke run (fewer runs and sizes). --write-docs: regenerates docs/benchmarks.md from
 * this run's lines (scripts/bench-docs.ts does the same from saved lines). --out: also saves them.
 * Each bench runs in a child process of its own (runBench).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from '../tests/bench/harness';
import { writeBenchDocs } from './bench-docs';
import { projectRoot } from './paths';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const valueOf = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const outFile = valueOf('--out');
const valued = new Set(['--out', '--child', '--index']);
const prefix = args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1])) ?? '';
if (flag('--quick')) process.env.BENCH_QUICK = '1';
// Benches load the server harder than any person would: the rate limits scaled out of their way.
process.env.RATE_LIMIT_SCALE ??= '1000';

type ChildMessage = { count: number } | { result: BenchResult };

const childFile = valueOf('--child');
if (childFile) await runInChild(childFile, Number(valueOf('--index')));

/** In a child: runs the index-th bench of the file that matches the prefix; tells the parent how many match. */
async function runInChild(file: string, index: number): Promise<never> {
  const send = (message: ChildMessage) => new Promise<void>((resolve, reject) => process.send!(message, (e: Error | null) => (e ? reject(e) : resolve())));
  const benches = ((await import(pathToFileURL(file).href)).default as Bench[]).filter((b) => b.name.startsWith(prefix));
  await send({ count: benches.length });
  if (benches[index]) for (const result of await benches[index].run()) await send({ result });
  // Benches may leave servers or timers behind: the process is theirs alone, end it.
  process.exit(0);
}

/**
 * Each bench runs in a process of its own: one bench's heap (and the collector's work on it), its
 * JIT state and its globals (jsdom) would otherwise move the figures of the benches after it, so
 * a bench's figures depended on which benches ran before it in the same run.
 * It is launched with the server's flags (scripts/server-flags.mjs), so both sides of a comparison
 * run under the same ones. Pretenuring on, V8 decided early, by chance, to allocate some hot
 * site's objects in the old generation and kept to it; a peer's figures (Puck's updates) then
 * differed between two runs of the bench far beyond the 25 % two runs may differ by.
 */
function runBench(file: string, index: number, emit: (result: BenchResult) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const passed = ['--child', file, '--index', String(index), ...(prefix ? [prefix] : [])];
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...passed], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let count = 0;
    child.on('message', (message: ChildMessage) => {
      if ('count' in message) count = message.count;
      else emit(message.result);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve(count) : reject(new Error(`bench ${index} of ${path.basename(file)} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

const dir = path.join(projectRoot, 'tests/bench');
const files = fs
  .readdirSync(dir)
  .filter((f) => /\.bench\.tsx?$/.test(f))
  .sort();
const lines: BenchResult[] = [];
const emit = (result: BenchResult) => {
  lines.push(result);
  console.log(JSON.stringify(result));
  if (outFile) fs.appendFileSync(outFile, `${JSON.stringify(result)}\n`);
};
emit({
  bench: 'machine',
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  loadAvg1: Math.round(os.loadavg()[0] * 100) / 100,
  date: new Date().toISOString(),
  quick: flag('--quick'),
});
let ran = 0;
for (const file of files) {
  const full = path.join(dir, file);
  try {
    const count = await runBench(full, 0, emit);
    for (let index = 1; index < count; index++) await runBench(full, index, emit);
    ran += count;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
if (!ran) {
  console.error(`no bench matches "${prefix}"`);
  process.exit(1);
}
if (flag('--write-docs')) console.error(`wrote ${writeBenchDocs(lines)}`);
process.exit(0);
