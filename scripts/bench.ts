/**
 * `npm run bench [-- prefix] [--quick] [--write-docs] [--out file.jsonl]`: runs
 * tests/bench/*.bench.ts(x) and prints one JSON object per line, the first describing the machine.
 * --quick: a smoke run (fewer runs and sizes). --write-docs: regenerates docs/benchmarks.md from
 * this run's lines (scripts/bench-docs.ts does the same from saved lines). --out: also saves them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from '../tests/bench/harness';
import { writeBenchDocs } from './bench-docs';
import { projectRoot } from './paths';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const outIndex = args.indexOf('--out');
const outFile = outIndex >= 0 ? args[outIndex + 1] : undefined;
const prefix = args.find((a, i) => !a.startsWith('--') && !(outIndex >= 0 && i === outIndex + 1)) ?? '';
if (flag('--quick')) process.env.BENCH_QUICK = '1';

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
  const benches = (await import(pathToFileURL(path.join(dir, file)).href)).default as Bench[];
  for (const bench of benches) {
    if (!bench.name.startsWith(prefix)) continue;
    ran++;
    for (const result of await bench.run()) emit(result);
  }
}
if (!ran) {
  console.error(`no bench matches "${prefix}"`);
  process.exit(1);
}
if (flag('--write-docs')) console.error(`wrote ${writeBenchDocs(lines)}`);
process.exit(0);
