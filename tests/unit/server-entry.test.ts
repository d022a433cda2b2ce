/**
 * The built server sets its V8 flags (server/gc-tuning.ts) before it starts. The module only has
 * a side effect, so a bundler drops it unless package.json's `sideEffects` lists it: this reads
 * the build `npm test` made, the one every start of the server runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_V8_FLAGS } from '../../server/gc-tuning';

const built = path.resolve(__dirname, '../../dist/server/main.js');

describe('the built server entry', () => {
  it('sets the V8 flags (allocation-site pretenuring off) before it starts the server', () => {
    const code = fs.readFileSync(built, 'utf8');
    expect(SERVER_V8_FLAGS).toContain('--no-allocation-site-pretenuring');
    for (const flag of SERVER_V8_FLAGS) expect(code).toContain(`"${flag}"`);
    const applied = code.indexOf('setFlagsFromString(');
    expect(applied).toBeGreaterThan(-1);
    expect(applied).toBeLessThan(code.indexOf('await startTessera('));
  });
});
