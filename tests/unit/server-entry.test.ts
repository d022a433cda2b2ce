/**
 * The built server sets its V8 flags (server/gc-tuning.ts) before it starts. The module only has
 * a side effect, so a bundler drops it unless package.json's `sideEffects` lists it: this reads
 * the build `npm test` made, the one every start of the server runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const built = path.resolve(__dirname, '../../dist/server/main.js');

describe('the built server entry', () => {
  it('turns allocation-site pretenuring off before it starts the server', () => {
    const code = fs.readFileSync(built, 'utf8');
    const flags = code.indexOf('setFlagsFromString("--no-allocation-site-pretenuring")');
    expect(flags).toBeGreaterThan(-1);
    expect(flags).toBeLessThan(code.indexOf('await startTessera('));
  });
});
