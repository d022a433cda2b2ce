import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import runtime from '../../registry/generated/runtime.json' with { type: 'json' };

describe('rule engine bundle', () => {
  it('bundles for the browser with json-logic-js (CommonJS) inside, and evaluates from the bundle', async () => {
    const result = await esbuild.build({
      entryPoints: ['engine/core/rules/index.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2022'],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].text;
    expect(code).not.toMatch(/\bfrom\s+["']json-logic-js["']/);
    const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
    const engine = mod.createRuleEngine({ data: runtime, operator: (id: string) => (runtime.operators as Record<string, unknown>)[id] });
    expect(
      engine.evaluate({ logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'a', operator: 'beginsWith', value: 'x' }] }, { form: { a: 'XyZ' } }),
    ).toEqual({ matches: true });
  });
});
