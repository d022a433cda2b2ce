/**
 * Private chat end to end in Chromium against the built server (issue 31 "Done when"), Maya and
 * Victor on browsers of their own: Maya opens Victor's profile, starts a chat from "Message" (the
 * global chat room modal) and sends a message; Victor's chat badge shows 1 without a reload; he
 * opens it from the notification and replies; Maya sees the reply live and her message marked
 * read; Victor's browser goes offline while Maya writes again and gets the message once back
 * online. Hostile markup sent through the API renders inert; /chat and a conversation are axe
 * clean (serious, critical) at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatListResponse, ChatSummary } from '../../schemas/model/api/chat';
import { signInAt, callAt } from '../helpers/api-server';
import { launchBrowser, seriousViolations, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
const browsers: LaunchedBrowser[] = [];
let maya: Page;
let victor: Page;
let mayaToken: string;
let victorToken: string;
const errors: string[] = [];
const FIRST = 'Hi Victor, are you free on Saturday for the repair café?';
const REPLY = 'Yes! See you there at ten.';
const WHILE_AWAY = 'Bring the soldering iron, please.';

const call = <T>(token: string, method: string, path: string, body?: unknown) => callAt<T>(server.url, token, method, path, body);

/** Resolves once the page's realtime socket has connected (socket.io's "40" connect packet). */
function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) ws.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve());
    }),
  );
}

async function signedIn(name: string, viewport?: { width: number; height: number }): Promise<Page> {
  const browser = await launchBrowser(viewport ? { viewport } : {});
  browsers.push(browser);
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  const live = realtimeConnected(page);
  await signInThroughLogin(page, server.url, name);
  await live;
  return page;
}

const chatIcon = (page: Page, unseen: number) => page.locator('header').getByRole('link', { name: `Chat, ${unseen} unseen` });

beforeAll(async () => {
  server = await startServer();
  mayaToken = await signInAt(server.url, 'maya');
  victorToken = await signInAt(server.url, 'victor');
  // Victor starts with his chat notifications seen (the demo may give him some): his badge starts at 0.
  await call(victorToken, 'POST', 'profile/notifications/seen/chat');
  maya = await signedIn('Maya Maker');
  victor = await signedIn('Victor Volunteer');
}, 180_000);

afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

describe('Maya and Victor chat', () => {
  it("Maya opens Victor's profile, starts a chat from Message and sends a message", async () => {
    await chatIcon(victor, 0).waitFor();
    await maya.goto(`${server.url}/app/people/profile/victor`);
    await maya.getByRole('button', { name: 'Send Victor Volunteer a message' }).click();
    const dialog = maya.getByRole('dialog', { name: 'Chat with Victor Volunteer' });
    const composer = dialog.getByRole('textbox', { name: 'Message to Victor Volunteer' });
    await composer.fill(FIRST);
    await composer.press('Enter');
    const log = dialog.getByRole('log', { name: 'Messages' });
    await log.getByText(FIRST).waitFor();
    await log.getByRole('listitem').filter({ hasText: FIRST }).getByText('Delivered').waitFor();
    expect(await composer.inputValue()).toBe('');
    expect(await seriousViolations(maya)).toEqual([]);
  });

  it("Victor's chat badge shows 1 without a reload; he opens it from the notification and replies", async () => {
    await chatIcon(victor, 1).waitFor();
    await victor
      .locator('header')
      .getByRole('button', { name: /^Notifications, / })
      .click();
    const centre = victor.getByRole('dialog', { name: 'Notifications' });
    const item = centre.getByRole('region', { name: 'Chat' }).getByRole('link').filter({ hasText: FIRST }).first();
    await item.click();
    await victor.waitForURL((url) => url.pathname.startsWith('/app/chat/') && url.pathname.length > '/app/chat/'.length);
    const conversation = victor.getByRole('region', { name: 'Maya Maker' });
    await conversation.getByRole('log').getByText(FIRST).waitFor();
    // Opened: read, and its notification with it (the badge follows live).
    await chatIcon(victor, 0).waitFor();
    const composer = conversation.getByRole('textbox', { name: 'Message to Maya Maker' });
    await composer.fill(REPLY);
    await composer.press('Enter');
    await conversation.getByRole('log').getByText(REPLY).waitFor();
    // Maya has the chat open: it may be read at once.
    await conversation
      .getByRole('listitem')
      .filter({ hasText: REPLY })
      .getByText(/Delivered|Read/)
      .waitFor();
  });

  it('Maya sees the reply live and her message marked read', async () => {
    const log = maya.getByRole('dialog', { name: 'Chat with Victor Volunteer' }).getByRole('log');
    await log.getByText(REPLY).waitFor();
    await log.getByRole('listitem').filter({ hasText: FIRST }).getByText('Read').waitFor();
    expect(errors).toEqual([]);
  });

  it('Victor goes offline while Maya writes, and gets her message once back online', async () => {
    const context = victor.context();
    await context.setOffline(true);
    await victor.getByRole('alert').filter({ hasText: 'No internet connection' }).waitFor();
    const dialog = maya.getByRole('dialog', { name: 'Chat with Victor Volunteer' });
    const composer = dialog.getByRole('textbox', { name: 'Message to Victor Volunteer' });
    await composer.fill(WHILE_AWAY);
    await composer.press('Enter');
    await dialog.getByRole('listitem').filter({ hasText: WHILE_AWAY }).getByText('Delivered').waitFor();
    const log = victor.getByRole('region', { name: 'Maya Maker' }).getByRole('log');
    expect(await log.getByText(WHILE_AWAY).count()).toBe(0);
    const back = realtimeConnected(victor);
    await context.setOffline(false);
    await back;
    await log.getByText(WHILE_AWAY).waitFor();
    expect(await log.getByText(WHILE_AWAY).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('hostile markup sent through the API renders inert: no dialog, no script, links to a new tab', async () => {
    const dialogs: string[] = [];
    victor.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const chat = await call<ChatSummary>(mayaToken, 'PUT', 'chat/private', { to: 'victor' });
    const payloads = [
      '<script>alert(1)</script>script',
      '<img src=x onerror="alert(2)">img',
      '<a href="javascript:alert(3)">js link</a>',
      '<a href="https://example.org" target="_self" onclick="alert(4)">good link</a>',
      '<svg/onload=alert(5)></svg>svg',
      '<iframe src="javascript:alert(6)"></iframe>iframe',
      '<p onclick="alert(7)" style="color:red">styled</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(8)></style></mglyph></table></mtext></math>math',
      '<b>bold</b> <a href="jav&#x09;ascript:alert(9)">tab link</a>',
    ];
    for (const message of payloads) await call(mayaToken, 'PUT', `chat/private/${chat.id}`, { message });
    const log = victor.getByRole('region', { name: 'Maya Maker' }).getByRole('log');
    await log.getByText('good link').waitFor();
    await log.getByText('tab link').waitFor();
    const found = await log.evaluate((el) => ({
      scripts: el.querySelectorAll('script, iframe, svg, img, math, style, object, embed').length,
      handlers: [...el.querySelectorAll('*')].filter((n) => [...n.attributes].some((a) => a.name.startsWith('on') || a.name === 'style')).length,
      links: [...el.querySelectorAll('.t-chat__text a')].map((a) => ({
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
      })),
    }));
    expect(found.scripts).toBe(0);
    expect(found.handlers).toBe(0);
    expect(found.links.length).toBeGreaterThan(0);
    for (const link of found.links) {
      expect(link.target).toBe('_blank');
      expect(link.rel).toBe('noopener noreferrer nofollow');
      expect(link.href ?? '').not.toMatch(/script:/i);
    }
    // Clicking what had a handler runs nothing either.
    await log.getByText('styled').click();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a chat opened for a member shows until Victor leaves /chat without writing (core §2.5)', async () => {
    await victor.goto(`${server.url}/app/chat/mei`);
    // The address comes to name the chat; list and conversation show it.
    await victor.waitForURL((url) => /^\/app\/chat\/[0-9a-f-]{36}$/.test(url.pathname));
    const conversation = victor.getByRole('region', { name: 'Mei Wong' });
    await conversation.getByRole('textbox', { name: 'Message to Mei Wong' }).waitFor();
    await victor
      .getByRole('navigation', { name: 'Your chats' })
      .getByRole('link', { name: /Mei Wong/ })
      .waitFor();
    // Left for another page of the app without a message: hidden again, here and on the server.
    await victor.locator('header').getByRole('link', { name: 'Home' }).first().click();
    await victor.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await expect.poll(async () => (await call<ChatListResponse>(victorToken, 'GET', 'chat/private')).items.some((c) => c.with.includes('mei'))).toBe(false);
    await victor
      .locator('header')
      .getByRole('link', { name: /^Chat, / })
      .click();
    await victor
      .getByRole('navigation', { name: 'Your chats' })
      .getByRole('link', { name: /Maya Maker/ })
      .waitFor();
    expect(
      await victor
        .getByRole('navigation', { name: 'Your chats' })
        .getByRole('link', { name: /Mei Wong/ })
        .count(),
    ).toBe(0);
  });

  it('/chat and a conversation are axe clean at 1280 and 375 px, light and dark', async () => {
    await victor.goto(`${server.url}/app/chat/`);
    await victor.getByRole('link', { name: /Maya Maker/ }).waitFor();
    expect(await seriousViolations(victor)).toEqual([]);
    await victor.getByRole('link', { name: /Maya Maker/ }).click();
    await victor.getByRole('region', { name: 'Maya Maker' }).getByRole('log').getByText('tab link').waitFor();
    expect(await seriousViolations(victor)).toEqual([]);

    const narrow = await signedIn('Victor Volunteer', { width: 375, height: 812 });
    await narrow.emulateMedia({ colorScheme: 'dark' });
    await narrow.goto(`${server.url}/app/chat/`);
    const row = narrow.getByRole('link', { name: /Maya Maker/ });
    await row.waitFor();
    expect(await seriousViolations(narrow)).toEqual([]);
    await row.click();
    const conversation = narrow.getByRole('region', { name: 'Maya Maker' });
    await conversation.getByRole('log').getByText('tab link').waitFor();
    // One at a time on a small screen: the list gives way to the conversation, with a way back.
    expect(await narrow.getByRole('navigation', { name: 'Your chats' }).count()).toBe(0);
    expect(await seriousViolations(narrow)).toEqual([]);
    await conversation.getByRole('link', { name: 'Back to your chats' }).click();
    await narrow.getByRole('navigation', { name: 'Your chats' }).waitFor();
    expect(errors).toEqual([]);
  });
});
