/**
 * Posts end to end in Chromium against the built server (issue 32 "Done when"), Maya and Victor on
 * browsers of their own, on a page holding the four post blocks (createUserPost, userPost,
 * discussionThreads, cardWall): Maya writes a post with two images and mentions Victor; Victor's
 * bell shows the mention, he opens the post from it, comments and reacts; Maya sees both live
 * without a reload. Victor reports a third member's comment as spam; Ada hides it from
 * /app/admin/reportAbuse and it disappears from both open pages. Maya starts a thread, finds it
 * with the board's search and adds a card, Victor seeing both live. Hostile titles, bodies and
 * media sent through the API render inert. The page is axe clean at 1280 light and 375 dark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication } from '../../schemas/model/api/communications';
import { callAt, signInAt } from '../helpers/api-server';
import { launchBrowser, seriousViolations, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
const browsers: LaunchedBrowser[] = [];
let maya: Page;
let victor: Page;
let tokens: Record<string, string>;
let pageId: string;
let pagePath: string;
let dir: string;
const errors: string[] = [];
const dialogs: string[] = [];
const TITLE = 'Repair café this Saturday';
const COMMENT = 'Count me in, I will bring the soldering iron.';
const SPAM = 'Cheap watches at example dot com, buy now!';

const call = <T>(who: string, method: string, p: string, body?: unknown) => callAt<T>(server.url, tokens[who], method, p, body);
const defaults = (type: string) => (JSON.parse(fs.readFileSync(path.join('registry/blocks', `${type}.json`), 'utf8')) as { defaults: object }).defaults;

/** Resolves once the page's realtime socket has connected (socket.io's "40" connect packet). */
function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) ws.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve());
    }),
  );
}

async function signedIn(name: string, options: { viewport?: { width: number; height: number }; dark?: boolean } = {}): Promise<Page> {
  const browser = await launchBrowser(options.viewport ? { viewport: options.viewport } : {});
  browsers.push(browser);
  const page = await browser.context.newPage();
  if (options.dark) await page.emulateMedia({ colorScheme: 'dark' });
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on('dialog', (d) => {
    dialogs.push(`${name}: ${d.message()}`);
    void d.dismiss();
  });
  const live = realtimeConnected(page);
  await signInThroughLogin(page, server.url, name);
  await live;
  return page;
}

const feed = (page: Page | Locator) => page.getByRole('region', { name: 'Posts' });
const postCard = (page: Page | Locator, title: string) => page.getByRole('article', { name: title });

beforeAll(async () => {
  server = await startServer();
  tokens = Object.fromEntries(await Promise.all(['admin', 'maya', 'victor', 'elena'].map(async (a) => [a, await signInAt(server.url, a)] as const)));
  // A page with the four post blocks.
  const module = await call<{ id: string; slug: string }>('admin', 'PUT', 'structure/module', { module: { slug: 'neighbours', name: 'Neighbours' } });
  const page = await call<{ id: string; slug: string }>('admin', 'PUT', 'structure/page', { moduleId: module.id, page: { slug: 'board', name: 'Board' } });
  pageId = page.id;
  pagePath = `/app/${module.slug}/${page.slug}`;
  for (const block of [
    { type: 'createUserPost', options: {} },
    { type: 'userPost', options: { displayMode: 'preview' } },
    { type: 'discussionThreads', options: { title: 'Discussions' } },
    { type: 'cardWall', options: { title: 'Ideas wall', whoCanComment: 'members' } },
  ])
    await call('admin', 'PUT', 'structure/block', { pageId, block: { type: block.type, options: { ...defaults(block.type), ...block.options } } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-posts-'));
  for (const [name, colour] of [
    ['bench.png', '#2b8a3e'],
    ['tools.png', '#c92a2a'],
  ])
    fs.writeFileSync(
      path.join(dir, name),
      await sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    );
  // Victor starts with his notifications seen (the demo may give him some).
  await call('victor', 'POST', 'profile/notifications/seen/all').catch(() => undefined);
  maya = await signedIn('Maya Maker');
  victor = await signedIn('Victor Volunteer');
}, 180_000);

afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('Maya and Victor on a page of posts', () => {
  it('Maya writes a post with two images and mentions Victor', async () => {
    await maya.goto(`${server.url}${pagePath}`);
    const form = maya.getByRole('form', { name: 'Write a post' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByText(`${TITLE.length} of 400 characters`).waitFor();
    await form.getByRole('textbox', { name: 'Text' }).click();
    await maya.keyboard.type('Bring what is broken. Ask ');
    await maya.keyboard.type('@Vic');
    await form.getByRole('option', { name: 'Victor Volunteer' }).waitFor();
    await maya.keyboard.press('Enter');
    await maya.keyboard.type(' for the tools.');
    await form.getByLabel('Add images, videos, audio or documents').setInputFiles([path.join(dir, 'bench.png'), path.join(dir, 'tools.png')]);
    await form.getByRole('group', { name: 'Media (2 of 6)' }).waitFor();
    await form.getByRole('button', { name: 'Post' }).click();
    await form.getByRole('status').filter({ hasText: 'Posted.' }).waitFor();
    const card = postCard(feed(maya), TITLE);
    await card.getByRole('link', { name: '@Victor Volunteer' }).waitFor();
    expect(await card.getByRole('list', { name: 'Media' }).getByRole('img').count()).toBe(2);
    // Her comments stay open: what Victor writes arrives here.
    await card.getByRole('button', { name: 'Comments: 0' }).click();
    await card.getByText('No comments yet.').waitFor();
  });

  it("Victor's bell shows the mention; he opens the post, comments and reacts", async () => {
    const bell = victor.locator('header').getByRole('button', { name: /^Notifications, [1-9]\d* unseen/ });
    await bell.click();
    const centre = victor.getByRole('dialog', { name: 'Notifications' });
    await centre.getByRole('link').filter({ hasText: 'mentioned you' }).first().click();
    await victor.waitForURL((url) => url.pathname === pagePath && url.searchParams.has('post'));
    const opened = victor.locator('.t-posts__linked').getByRole('article', { name: TITLE });
    await opened.getByRole('link', { name: '@Victor Volunteer' }).waitFor();
    const box = opened.getByRole('textbox', { name: 'Write a comment' });
    await box.fill(COMMENT);
    await opened.getByRole('button', { name: 'Comment', exact: true }).click();
    await opened.getByRole('article', { name: `Comment: ${COMMENT.slice(0, 40)}` }).waitFor();
    const like = opened.getByRole('group', { name: `Reactions to “${TITLE}”` }).getByRole('button', { name: /^Like: / });
    await like.click();
    await opened
      .getByRole('group', { name: `Reactions to “${TITLE}”` })
      .getByRole('button', { name: 'Like: 1', pressed: true })
      .waitFor();
  });

  it('Maya sees the comment and the reaction live, without a reload', async () => {
    const card = postCard(feed(maya), TITLE);
    await card.getByRole('article', { name: `Comment: ${COMMENT.slice(0, 40)}` }).waitFor();
    await card
      .getByRole('group', { name: `Reactions to “${TITLE}”` })
      .getByRole('button', { name: 'Like: 1', pressed: false })
      .waitFor();
    await card.getByRole('button', { name: 'Comments: 1' }).waitFor();
  });

  it("Victor reports a third member's comment as spam", async () => {
    const [post] = (await call<{ items: Communication[] }>('maya', 'GET', `communications/${pageId}`)).items;
    await call('elena', 'PUT', `communications/${pageId}`, {
      kind: 'comment',
      parentId: post.id,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: SPAM }] }] },
    });
    const opened = victor.locator('.t-posts__linked').getByRole('article', { name: TITLE });
    const spam = opened.getByRole('article', { name: `Comment: ${SPAM.slice(0, 40)}` });
    await spam.waitFor();
    await spam.getByRole('button', { name: 'Actions for this comment' }).click();
    await spam.getByRole('button', { name: 'Report' }).click();
    const dialog = victor.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    const filed = victor.waitForResponse((r) => r.url().endsWith('/api/v1/reportAbuse') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const answer = await filed;
    expect(answer.request().postDataJSON()).toMatchObject({ reportedType: 'comment', category: 'spam' });
    expect(answer.status()).toBe(201);
    await dialog.getByRole('status').filter({ hasText: 'Your report was sent' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Maya sees the comment arrive live too.
    await postCard(feed(maya), TITLE)
      .getByRole('article', { name: `Comment: ${SPAM.slice(0, 40)}` })
      .waitFor();
  });

  it('Ada hides the reported comment from /app/admin/reportAbuse and it disappears from both open pages', async () => {
    const ada = await signedIn('Ada Admin');
    await ada.goto(`${server.url}/app/admin/reportAbuse`);
    await ada
      .getByRole('list', { name: 'Reported items' })
      .getByRole('link')
      .filter({ hasText: SPAM.slice(0, 20) })
      .first()
      .click();
    await ada.getByRole('heading', { level: 2, name: 'Reported item: Comment' }).waitFor();
    await ada.getByRole('button', { name: 'Hide' }).click();
    await ada.getByText('Hidden: it is gone from open pages and its reports are resolved.').waitFor();
    for (const page of [maya, victor]) await page.getByRole('article', { name: `Comment: ${SPAM.slice(0, 40)}` }).waitFor({ state: 'detached' });
    // Victor's own comment stays.
    await postCard(feed(maya), TITLE)
      .getByRole('article', { name: `Comment: ${COMMENT.slice(0, 40)}` })
      .waitFor();
  });

  it('Maya starts a thread, finds it with the search and adds a card; Victor sees both live', async () => {
    const board = maya.getByRole('region', { name: 'Discussions' });
    await board.getByRole('button', { name: 'New thread' }).click();
    const form = board.getByRole('form', { name: 'New thread' });
    await form.getByLabel('Title').fill('Who has a spare bench vice?');
    await form.getByRole('textbox', { name: 'Text' }).click();
    await maya.keyboard.type('Mine broke while clamping a walnut board.');
    await form.getByRole('button', { name: 'Start the thread' }).click();
    const thread = board.getByRole('button', { name: 'Who has a spare bench vice?' });
    await thread.waitFor();
    await victor.getByRole('region', { name: 'Discussions' }).getByRole('button', { name: 'Who has a spare bench vice?' }).waitFor();
    await board.getByRole('searchbox', { name: 'Search the threads' }).fill('walnut');
    await board.getByRole('button', { name: 'Search', exact: true }).click();
    await board.getByRole('status').getByText('Threads found for “walnut”: 1').waitFor();
    await board.getByRole('button', { name: 'Clear the search' }).click();
    await thread.click();
    const opened = board.getByRole('article', { name: 'Who has a spare bench vice?' });
    await opened.getByRole('textbox', { name: 'Write a comment' }).waitFor();
    await board.getByRole('button', { name: 'Back to the threads' }).click();

    const wall = maya.getByRole('region', { name: 'Ideas wall' });
    await wall.getByRole('button', { name: 'New card' }).click();
    const card = wall.getByRole('form', { name: 'New card' });
    await card.getByLabel('Title').fill('Tool library');
    await card.getByText('12 of 100 characters').waitFor();
    await card.getByRole('textbox', { name: 'Text' }).click();
    await maya.keyboard.type('Lend and borrow hand tools.');
    await card.getByRole('button', { name: 'Add the card' }).click();
    await wall.getByRole('article', { name: 'Tool library' }).waitFor();
    await victor.getByRole('region', { name: 'Ideas wall' }).getByRole('article', { name: 'Tool library' }).waitFor();
  });

  it('hostile titles, bodies and media render inert', async () => {
    const payload = '<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2</script>';
    await call('victor', 'PUT', `communications/${pageId}`, {
      kind: 'post',
      title: `Hostile ${payload}`,
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: payload },
              { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'https://example.org/"><img src=x onerror=alert(3)>' } }] },
            ],
          },
        ],
      },
      media: [{ type: 'link', source: 'googleDrive', url: 'https://example.org/?"><script>alert(4)</script>', title: `<img src=x onerror="alert(5)">` }],
    });
    const card = postCard(feed(maya), `Hostile ${payload}`);
    await card.waitFor();
    await maya.waitForTimeout(300);
    expect(await maya.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await feed(maya).locator('script, img[src="x"], img[onerror], [onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('the page of the four blocks is axe clean at 1280 light and 375 dark', async () => {
    expect(await seriousViolations(maya)).toEqual([]);
    const phone = await signedIn('Elena Editor', { viewport: { width: 375, height: 812 }, dark: true });
    await phone.goto(`${server.url}${pagePath}`);
    await postCard(feed(phone), TITLE).waitFor();
    await phone.getByRole('region', { name: 'Discussions' }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });
});
