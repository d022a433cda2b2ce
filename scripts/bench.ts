/** `npm run bench [-- prefix]`: runs tests/bench/*.bench.ts(x) and prints one JSON object per line. */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench } from '../tests/bench/harness';
import { projectRoot } from './paths';

const prefix = process.argv[2] ?? '';
const dir = path.join(projectRoot, 'tests/bench');
const files = fs
  .readdirSync(dir)
  .filter((f) => /\.bench\.tsx?$/.test(f))
  .sort();
let ran = 0;
for (const file of files) {
  const benches = (await import(pathToFileURL(path.join(dir, file)).href)).default as Bench[];
  for (const bench of benches) {
    if (!bench.name.startsWith(prefix)) continue;
    ran++;
    for (const result of await bench.run()) console.log(JSON.stringify(result));
  }
}
if (!ran) {
  console.error(`no bench matches "${prefix}"`);
  process.exit(1);
}
process.exit(0);
