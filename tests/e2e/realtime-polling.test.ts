/**
 * A member behind a proxy that refuses WebSockets (issue 28, finding 5): Chromium reaches the built
 * server through a loopback proxy that forwards HTTP and answers every upgrade request with 403.
 * Her realtime client falls back to HTTP long polling, and a change an admin makes to the page she
 * has open still shows without a reload.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;
let proxy: http.Server;
let proxyUrl: string;
const refusedUpgrades: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const target = new URL(server.url);
  proxy = http.createServer((req, res) => {
    const forward = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  proxy.on('upgrade', (req, socket) => {
    refusedUpgrades.push(req.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.stop();
});

describe('a member whose network refuses WebSockets, in Chromium', () => {
  it('gets live updates over long polling', async () => {
    const page = await browser.context.newPage();
    const polls: string[] = [];
    page.on('request', (request) => request.url().includes('/socket.io/') && request.url().includes('transport=polling') && polls.push(request.url()));
    await page.goto(`${proxyUrl}/login`);
    await page.getByRole('button', { name: 'Sign in as Maya Maker' }).click();
    await page.waitForFunction(() => !!localStorage.getItem('jwt'));
    await page.goto(`${proxyUrl}/app/members-area/my-settings`);
    await page.getByRole('heading', { level: 1, name: 'My settings' }).waitFor();
    // The client tried a WebSocket first, was refused, and polls.
    await expect.poll(() => refusedUpgrades.some((url) => url.includes('transport=websocket')), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThan(2);
    await page.waitForTimeout(500); // subscribed to the page (acknowledged over polling)

    const admin = await signInAt(server.url, 'admin');
    const res = await fetch(`${server.url}/api/v1/structure/block/settings-intro/property`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ key: 'options', value: { text: 'Reached you by long polling.' } }),
    });
    expect(res.status).toBe(200);
    await page.getByText('Reached you by long polling.').waitFor({ timeout: 15_000 });
  });
});
