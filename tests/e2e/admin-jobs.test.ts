/**
 * The admin jobs view (area `tools`) and the dashboard's failing-jobs count in Chromium, against
 * the real server with the jobs queue (server/jobs) and a test domain whose jobs fail on
 * purpose: one dead after its only attempt, one failed with its retry an hour away. The dashboard
 * counts both; the tools area lists each under its state with its error, opens its details in a
 * panel, and Retry queues the dead one again (`POST admin/jobs/{id}/retry`). Axe clean.

 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineDomain } from '../../server/domain';
import { DOMAINS } from '../../server/domains';
import { enqueue } from '../../server/jobs';
import type { AdminJobsResponse } from '../../schemas/model/api/jobs';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { launchBrowser, seriousViolations, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';

const DEAD_ERROR = 'the mail server said 550: mailbox unavailable';
const FAILED_ERROR = 'the export store is not reachable';

const failingJobs = defineDomain({
  name: 'failing',
  jobs: [
    {
      name: 'failing.always',
      maxAttempts: 1,
      run() {
        throw new Error(DEAD_ERROR);
      },
    },
    {
      name: 'failing.later',
      maxAttempts: 3,
      backoffMs: 3_600_000,
      run() {
        throw new Error(FAILED_ERROR);
      },
    },
  ],
});

let api: ApiServer;
let browser: LaunchedBrowser;
let admin: string;

beforeAll(async () => {
  api = await startApiServer('sqlite');
  await api.restart(0, { domains: [...DOMAINS, failingJobs] });
  await enqueue(api.server.ctx, 'failing.always', {});
  await enqueue(api.server.ctx, 'failing.later', {});
  admin = await api.signIn('admin');
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describe('the admin jobs view', () => {
  it('counts failing jobs on the dashboard, lists them by state with their error, shows details in a panel and retries', async () => {
    // Both jobs have run and failed.
    await expect
      .poll(async () => (await api.call<AdminJobsResponse>('GET', 'admin/jobs?state=failed&limit=1', { token: admin })).body.counts, { timeout: 30_000 })
      .toMatchObject({ failed: 1, dead: 1 });

    const page = await browser.context.newPage();
    await signInThroughLogin(page, api.url, 'Ada Admin');
    await page.goto(`${api.url}/app/admin/dashboard`);
    const tile = page.getByRole('link', { name: /^Failing jobs/ });
    await expect.poll(() => tile.textContent()).toContain('1 failed, 1 dead');
    expect(await tile.textContent()).toMatch(/Failing jobs\s*2/);
    await tile.click();

    await page.getByRole('heading', { level: 2, name: 'Background jobs' }).waitFor();
    await page.getByRole('tab', { name: 'Failed (1)', selected: true }).waitFor();
    const failed = page.getByRole('list', { name: 'Failed' }).getByRole('listitem');
    await expect.poll(() => failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('failing.later');
    expect(await failed.textContent()).toContain(FAILED_ERROR);
    expect(await failed.textContent()).toContain('Attempt 1 of 3');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Dead (1)' }).click();
    const dead = page.getByRole('list', { name: 'Dead' }).getByRole('listitem');
    await expect.poll(() => dead.count()).toBe(1);
    expect(await dead.textContent()).toContain(DEAD_ERROR);

    const details = dead.getByRole('button', { name: 'Details of failing.always' });
    await details.click();
    const panel = page.getByRole('dialog', { name: 'Job failing.always' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain(DEAD_ERROR);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await details.evaluate((el) => el === document.activeElement)).toBe(true);

    const [retried] = await Promise.all([
      page.waitForResponse((r) => /\/api\/v1\/admin\/jobs\/\d+\/retry$/.test(r.url())),
      dead.getByRole('button', { name: 'Retry failing.always' }).click(),
    ]);
    expect(retried.status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'failing.always is queued again.' }).waitFor();
    await page.close();
  });
});
