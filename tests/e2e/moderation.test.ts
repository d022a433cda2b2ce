/**
 * The moderation queue end to end in Chromium against the built server: Ada opens
 * /app/admin/reportAbuse, sees the demo's open report and opens it (the reported chat message in
 * context), then opens the report Elif filed on a comment Maya wrote in the makers' lounge and hides
 * it: the server holds it hidden, its report resolved, and the lounge's list no longer shows it.
 * The queue and the detail are axe clean (serious, critical) at 1280 px light and 375 px dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbuseReport, AbuseReportDetail } from '../../schemas/model/api/abuse';
import type { CommunicationListResponse } from '../../schemas/model/api/communications';
import { signInAt } from '../helpers/api-server';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let ada: Page;
const tokens: Record<string, string> = {};
const errors: string[] = [];
const COMMENT = 'Cheap watches at watches.example, write to me';

async function call<T>(who: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens[who]}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const go = (path: string) => ada.goto(`${server.url}/app${path}`);

/** Axe at 1280 px light and 375 px dark, the page read again at each size. */
async function axeBothWays(ready: () => Promise<unknown>): Promise<void> {
  for (const [viewport, scheme] of [
    [{ width: 1280, height: 800 }, 'light'],
    [{ width: 375, height: 812 }, 'dark'],
  ] as const) {
    await ada.setViewportSize(viewport);
    await ada.emulateMedia({ colorScheme: scheme });
    await ready();
    expect(await seriousViolations(ada), `${viewport.width} ${scheme}`).toEqual([]);
  }
  await ada.setViewportSize({ width: 1280, height: 800 });
  await ada.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  server = await startServer();
  for (const who of ['admin', 'maya', 'elif']) tokens[who] = await signInAt(server.url, who);
  browsers = await openSignedIn(server.url, ['Ada Admin'], errors);
  [ada] = browsers.pages;
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('the moderation queue', () => {
  it('opens the demo report, then hides a reported comment: gone from the lounge', async () => {
    const comment = await call<{ id: string }>('maya', 'PUT', 'structure/block/lounge-swap/comment', { comment: COMMENT });
    const report = await call<AbuseReport>('elif', 'POST', 'reportAbuse', {
      reportedType: 'comment',
      reportedId: comment.id,
      category: 'spam',
      data: { reason: 'An advert' },
    });

    await go('/admin/reportAbuse');
    const rows = ada.getByRole('list', { name: 'Reported items' });
    await rows.getByRole('link', { name: COMMENT }).waitFor();
    await axeBothWays(() => rows.getByRole('link', { name: COMMENT }).waitFor());

    // The demo's open report: a chat message Victor reported.
    await rows.getByRole('link', { name: /workbench/ }).click();
    await ada.getByRole('heading', { level: 2, name: 'Reported item: Chat message' }).waitFor();
    await ada.getByText('This link looks like an advert, not a photo of the bench.').first().waitFor();
    await axeBothWays(() => ada.getByRole('heading', { level: 3, name: 'History' }).waitFor());
    await ada.getByRole('link', { name: 'Back to the queue' }).click();

    await rows.getByRole('link', { name: COMMENT }).click();
    await ada.getByRole('heading', { level: 2, name: 'Reported item: Comment' }).waitFor();
    const reported = ada.getByRole('article', { name: 'Reported' });
    expect(await reported.textContent()).toContain(COMMENT);
    await axeBothWays(() => reported.waitFor());
    await ada.getByRole('button', { name: 'Hide' }).click();
    await ada.getByText('Hidden: it is gone from open pages and its reports are resolved.').waitFor();
    await ada.getByRole('button', { name: 'Show again' }).waitFor();

    const detail = await call<AbuseReportDetail>('admin', 'GET', `reportAbuse/${report.id}?bulkReports=true`);
    expect(detail.content.contentState).toBe('hidden');
    expect(detail.report.status).toBe('resolved');
    const lounge = await call<CommunicationListResponse>('elif', 'GET', 'communications/lounge-swap?limit=50');
    expect(lounge.items.map((c) => c.id)).not.toContain(comment.id);
    expect(errors).toEqual([]);
  });
});
