/**
 * The moderation queue end to end in Chromium against the built server: Ada opens
 * /app/admin/reportAbuse, opens the demo's open report (Victor's comment on the demo feed, shown
 * under its post) and hides it: the server holds it hidden, its report resolved, and the feed no
 * longer lists it for members. A chat message Maya reports meanwhile joins the open queue live and
 * is shown in context. The queue and the
 * detail are axe clean (serious, critical) at 1280 px light and 375 px dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbuseReport, AbuseReportDetail } from '../../schemas/model/api/abuse';
import type { CommunicationListResponse } from '../../schemas/model/api/communications';
import { DEMO_OPEN_REPORT, DEMO_REPORTED_COMMENT } from '../../server/abuse/seed';
import { signInAt } from '../helpers/api-server';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let ada: Page;
const tokens: Record<string, string> = {};
const errors: string[] = [];
const DEMO_TEXT = 'Beautiful grain. Is it food safe?';

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
  it('opens the demo report and hides the comment: gone from the feed', async () => {
    await go('/admin/reportAbuse');
    const rows = ada.getByRole('list', { name: 'Reported items' });
    await rows.getByRole('link', { name: DEMO_TEXT }).waitFor();
    expect(await rows.getByRole('listitem').count()).toBe(1);

    // Maya reports a chat message meanwhile: the open queue shows it without a reload (abuse:queueChanged).
    const chats = await call<{ items: { id: string }[] }>('maya', 'GET', 'chat/private');
    const history = await call<{ items: { id: string; from: string; message: string }[] }>('maya', 'GET', `chat/private/${chats.items[0].id}`);
    const theirs = history.items.find((m) => m.from !== 'maya')!;
    await call<AbuseReport>('maya', 'POST', 'reportAbuse', { reportedType: 'chatMessage', reportedId: theirs.id, category: 'harassment' });
    await ada.waitForFunction(() => document.querySelectorAll('.t-abuse__row').length === 2, null, { timeout: 15_000 });
    await axeBothWays(() => rows.getByRole('link', { name: DEMO_TEXT }).waitFor());

    await rows
      .getByRole('link', { name: /^(?!Beautiful)/ })
      .first()
      .click();
    await ada.getByRole('heading', { level: 2, name: 'Reported item: Chat message' }).waitFor();
    await ada.getByRole('article', { name: 'Reported' }).waitFor();
    await axeBothWays(() => ada.getByRole('heading', { level: 3, name: 'History' }).waitFor());
    await ada.getByRole('link', { name: 'Back to the queue' }).click();

    await rows.getByRole('link', { name: DEMO_TEXT }).click();
    await ada.getByRole('heading', { level: 2, name: 'Reported item: Comment' }).waitFor();
    const reported = ada.getByRole('article', { name: 'Reported' });
    expect(await reported.textContent()).toContain(DEMO_TEXT);
    expect(await ada.getByRole('article', { name: 'In reply to' }).textContent()).toContain('maya');
    await ada.getByText('The same question is pasted under every post, with a link to a shop.').first().waitFor();
    await axeBothWays(() => reported.waitFor());
    await ada.getByRole('button', { name: 'Hide' }).click();
    await ada.getByText('Hidden: it is gone from open pages and its reports are resolved.').waitFor();
    await ada.getByRole('button', { name: 'Show again' }).waitFor();

    const detail = await call<AbuseReportDetail>('admin', 'GET', `reportAbuse/${DEMO_OPEN_REPORT}?bulkReports=true`);
    expect(detail.content.contentState).toBe('hidden');
    expect(detail.report.status).toBe('resolved');
    const replies = await call<CommunicationListResponse>('elif', 'GET', `communications/demo-feed?parentId=demo-post-woodwork&limit=50`);
    expect(replies.items.map((c) => c.id)).not.toContain(DEMO_REPORTED_COMMENT);
    expect(errors).toEqual([]);
  });
});
