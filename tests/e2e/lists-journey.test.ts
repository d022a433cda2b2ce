/**
 * Joining a list end to end in Chromium against the built server, two members on browsers of
 * their own (issue 30 "Done when"): Maya applies to the Volunteers list through the application
 * block of the demo's "Volunteer with us" page; Ada accepts her request with a message; without a
 * reload Maya's bell shows the acceptance, the block says she is accepted and the page shows the
 * volunteers-only note; Ada removes her from the list and the note disappears again. The
 * application block's page is axe clean (serious, critical) in each state.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberApplicationResponse } from '../../schemas/model/api/applications';
import { signInAt, callAt } from '../helpers/api-server';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let ada: Page;
let maya: Page;
let adaToken: string;
let mayaToken: string;
const errors: string[] = [];
const MESSAGE = 'Welcome aboard: your first shift is on Saturday.';
const PAGE = '/app/members-area/volunteer';

const call = <T>(token: string, method: string, path: string, body?: unknown) => callAt<T>(server.url, token, method, path, body);

const bell = (page: Page, count: number) => page.locator('header').getByRole('button', { name: `Notifications, ${count} unseen` });
const application = (page: Page) => page.getByRole('region', { name: 'Join the volunteers' });
const welcomeNote = (page: Page) => page.getByRole('note').filter({ hasText: 'Welcome to the volunteers' });

beforeAll(async () => {
  server = await startServer();
  adaToken = await signInAt(server.url, 'admin');
  // Maya starts with nothing unseen (the demo gives her notifications): her badge starts at 0.
  mayaToken = await signInAt(server.url, 'maya');
  await call(mayaToken, 'POST', 'profile/notifications/seen/system');
  browsers = await openSignedIn(server.url, ['Ada Admin', 'Maya Maker'], errors);
  [ada, maya] = browsers.pages;
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('Maya joins the Volunteers list', () => {
  it('Maya applies through the application block on the Volunteer with us page', async () => {
    await maya.goto(`${server.url}${PAGE}`);
    await maya.getByRole('heading', { level: 1, name: 'Volunteer with us' }).waitFor();
    const block = application(maya);
    await block.getByText('Fill in the form below to apply.').waitFor();
    expect(await welcomeNote(maya).count()).toBe(0);
    await bell(maya, 0).waitFor();
    expect(await seriousViolations(maya)).toEqual([]);

    await block.getByRole('textbox', { name: /Why do you want to volunteer\?/ }).fill('I run the bike repair table at the market.');
    await block.getByRole('radio', { name: 'Weekends' }).check();
    await block.getByRole('checkbox', { name: 'I agree to the volunteers’ code of conduct' }).check();
    await block.getByRole('button', { name: 'Submit application' }).click();
    await block.getByText('Thank you, your application has been sent.').waitFor();
    await block.getByRole('button', { name: 'Withdraw my application' }).waitFor();
    expect(await seriousViolations(maya)).toEqual([]);
    // Her bell tells her the application was sent; she has seen it (the acceptance is the next one).
    await bell(maya, 1).waitFor();
    await call(mayaToken, 'POST', 'profile/notifications/seen/system');
    await bell(maya, 0).waitFor();
  });

  it('Ada sees the request in /admin/membershipRequests and accepts it with a message', async () => {
    await ada.goto(`${server.url}/app/admin/membershipRequests`);
    await ada.getByRole('heading', { level: 1, name: 'Membership requests' }).waitFor();
    await ada.getByRole('link', { name: 'Open the request of Maya Maker for Join the volunteers' }).click();
    await ada.getByRole('heading', { name: 'Membership request', exact: true }).waitFor();
    await ada.getByText('I run the bike repair table at the market.').waitFor();
    await ada.getByRole('textbox', { name: 'Message to the member (optional)' }).fill(MESSAGE);
    await ada.getByRole('button', { name: 'Accept', exact: true }).click();
    await ada.getByText('Maya Maker accepted.').waitFor();
    const mine = await call<MemberApplicationResponse>(mayaToken, 'GET', 'applications/user/app-volunteers');
    expect(mine.request).toMatchObject({ state: 'accepted', message: MESSAGE });
  });

  it('without a reload, Maya’s bell shows the acceptance and her page shows the volunteers-only note', async () => {
    await bell(maya, 1).waitFor();
    const block = application(maya);
    await block.getByText('Your application was accepted: welcome!').waitFor();
    await block.getByText(MESSAGE).waitFor();
    await welcomeNote(maya).waitFor();
    expect(await seriousViolations(maya)).toEqual([]);
    await bell(maya, 1).click();
    const centre = maya.getByRole('dialog', { name: 'Notifications' });
    // The acceptance: the application's label and Ada's message, unread.
    await centre
      .getByRole('link', { name: /^Unread: Join the volunteers/ })
      .filter({ hasText: MESSAGE })
      .waitFor();
    await maya.keyboard.press('Escape');
    await bell(maya, 0).waitFor();
  });

  it('Ada removes her from the list and the note disappears again', async () => {
    await call(adaToken, 'DELETE', 'userLists/volunteers/maya');
    await welcomeNote(maya).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
