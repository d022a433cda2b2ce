import { defineConfig } from 'vitest/config';

// One run, four projects: unit (pure, Node), component (React in jsdom), api (real HTTP against
// a started server and real databases), e2e (headless Chromium against the built app).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // A ceiling, not a speed check: typing through user-event on a loaded 2-core machine can pass 5 s.
    testTimeout: 20_000,
    // Suites call faster than any person: the rate limits (server/http/rate-limits.ts) scaled up; a test of them sets its own.
    env: { RATE_LIMIT_SCALE: '1000' },
    // The default output, then one line per project with its duration (npm test's figures per project).
    reporters: ['default', './tests/helpers/project-durations-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'component', include: ['tests/component/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/component/setup.ts'] },
      },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 90_000, hookTimeout: 120_000, fileParallelism: false },
      },
    ],
  },
});
