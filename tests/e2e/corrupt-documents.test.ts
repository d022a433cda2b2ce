/**
 * Corrupt documents in Chromium (issue 12, findings 3 and 5), on SQLite and PostgreSQL: the
 * built server seeds the demo, stops, the rows are damaged straight in the database
 * (tests/helpers/corruption.ts), and the server starts again. On every demo page, as a member (on
 * SQLite) and as the admin (on PostgreSQL), the shell and its navigation are there, nothing shows
 * the full-screen "Server error", and the damaged part is a block or page state; pages whose
 * visibility cannot be read are gone from the member's navigation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/storage/database';
import { BACKENDS, POSTGRES_URL, backendEnv, createSchemaName, dropSchema, requirePostgres } from '../helpers/api-server';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { corruptDemo, EXPECTED_PAGES } from '../helpers/corruption';
import { startServer, type RunningServer } from '../helpers/server-process';

describe.each(BACKENDS)('corrupt stored documents in Chromium on %s', (backend) => {
  let server: RunningServer;
  let schema: string | undefined;
  let dataDir: string;
  const browsers: LaunchedBrowser[] = [];
  beforeAll(async () => {
    if (backend === 'postgres') {
      await requirePostgres();
      schema = await createSchemaName();
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-corrupt-'));
    const env = backendEnv(backend, schema);
    await (await startServer(env, dataDir)).stop();
    const database = await openDatabase({ dataDir, databaseUrl: schema ? POSTGRES_URL : undefined, databaseSchema: schema });
    await corruptDemo(database.db);
    await database.close();
    server = await startServer(env, dataDir);
  });
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await server?.stop();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(name: string): Promise<BrowserContext> {
    const browser = await launchBrowser();
    browsers.push(browser);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: `Sign in as ${name}` }).click();
    await page.waitForFunction(() => !!localStorage.getItem('jwt'));
    await page.close();
    return browser.context;
  }

  // The browser's part is the same on both databases (each database's reads of the damage are
  // tests/api/corrupt-documents.test.ts's): the member walks SQLite's pages, the admin PostgreSQL's.
  it.each(backend === 'sqlite' ? ([['maya', 'Maya Maker']] as const) : ([['admin', 'Ada Admin']] as const))(
    'as %s, every page keeps the shell and navigation and shows the damage as a state',
    async (who, name) => {
      const context = await signedIn(name);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const expected of EXPECTED_PAGES) {
        const outcome = expected[who];
        await page.goto(`${server.url}/app${expected.path}`, { waitUntil: 'networkidle' });
        const where = `${who} ${expected.path}`;
        // The shell: header with its navigation, the main area, no full-screen failure.
        await page.locator('header.ts-header').waitFor();
        expect(await page.getByRole('navigation').count(), where).toBeGreaterThan(0);
        expect(await page.locator('[data-shell-error]').count(), where).toBe(0);
        expect(await page.locator('main').count(), where).toBe(1);
        expect(await page.getByText('Server error').count(), where).toBe(0);
        if (outcome === 'hidden') {
          expect(await page.locator(`article[data-page-id="${expected.pageId}"]`).count(), where).toBe(0);
          expect(await page.locator(`header a[href$="${expected.path}"]`).count(), where).toBe(0);
          continue;
        }
        const article = page.locator(`article[data-page-id="${expected.pageId}"]`);
        await article.waitFor({ timeout: 15_000 });
        if (outcome.pageState) await article.locator(`[data-page-state="${outcome.pageState}"]`).waitFor();
        if (outcome.blockState) await page.locator(`[data-block-id="${outcome.blockState}"] [data-block-state="unreadable"]`).first().waitFor();
        if (outcome.needsConfiguration)
          await page.locator(`[data-block-id="${outcome.needsConfiguration}"] [data-block-state="configurationNeeded"]`).first().waitFor();
        if (outcome.title) await page.getByRole('heading', { level: 1, name: outcome.title }).waitFor();
        if (outcome.absent) expect(await page.locator(`[data-block-id="${outcome.absent}"]`).count(), where).toBe(0);
        if (outcome.present) await page.locator(`[data-block-id="${outcome.present}"]`).first().waitFor();
      }
      expect(errors).toEqual([]);
    },
  );
});
