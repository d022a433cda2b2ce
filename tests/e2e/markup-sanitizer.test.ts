/**
 * Admin markup in Chromium: engine/react/markup-sanitizer.ts bundled and run in the browser, where
 * the HTML Sanitizer API does the work, against the shared table of payloads
 * (tests/fixtures/markup-payloads.ts), and the DOMPurify fallback in the same browser gives the same
 * result; the demo home page's greeting renders through the native API, so no DOMPurify chunk loads.
 */
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/paths';
import { CHAT_MARKUP_CASES, MARKUP_CASES } from '../fixtures/markup-payloads';
import { launchBrowser, signInAs, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let browser: LaunchedBrowser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The sanitiser module as one script that puts both paths on `window.markup`. */
async function sanitizerScript(): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    stdin: {
      contents:
        "import { CHAT_MARKUP, nativeMarkupSanitizer, loadFallbackMarkupSanitizer } from './engine/react/markup-sanitizer';\n" +
        'window.markup = { native: nativeMarkupSanitizer(), fallback: loadFallbackMarkupSanitizer };\n' +
        'window.chatMarkup = { native: nativeMarkupSanitizer(CHAT_MARKUP), fallback: () => loadFallbackMarkupSanitizer(CHAT_MARKUP) };\n',
      resolveDir: projectRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

type Markup = { native?: (html: string) => string; fallback: () => Promise<(html: string) => string> };

describe('admin markup in Chromium', () => {
  it('is sanitised by the HTML Sanitizer API, and DOMPurify gives the same result', async () => {
    const page = await browser.context.newPage();
    await page.goto('about:blank');
    await page.evaluate(await sanitizerScript());
    const results = await page.evaluate(async (cases) => {
      const { native, fallback } = (window as unknown as { markup: Markup }).markup;
      const purify = await fallback();
      return cases.map(({ html }) => ({ native: native ? native(html) : 'no native sanitiser', fallback: purify(html) }));
    }, MARKUP_CASES);
    expect(results).toEqual(MARKUP_CASES.map(({ safe }) => ({ native: safe, fallback: safe })));
    await page.close();
  });

  it('sanitises chat messages by the chat policy, natively and with DOMPurify alike', async () => {
    const page = await browser.context.newPage();
    await page.goto('about:blank');
    await page.evaluate(await sanitizerScript());
    const results = await page.evaluate(async (cases) => {
      const { native, fallback } = (window as unknown as { chatMarkup: Markup }).chatMarkup;
      const purify = await fallback();
      return cases.map(({ html }) => ({ native: native ? native(html) : 'no native sanitiser', fallback: purify(html) }));
    }, CHAT_MARKUP_CASES);
    expect(results).toEqual(CHAT_MARKUP_CASES.map(({ safe }) => ({ native: safe, fallback: safe })));
    await page.close();
  });

  it('renders the demo greeting without loading DOMPurify', async () => {
    const meta = JSON.parse(fs.readFileSync(path.join(projectRoot, 'dist/app/meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const purifyFiles = Object.entries(meta.outputs)
      .filter(([file, output]) => file.endsWith('.js') && Object.keys(output.inputs).some((input) => input.includes('node_modules/dompurify/')))
      .map(([file]) => `/app/${path.relative('dist/app', file)}`);
    expect(purifyFiles.length).toBeGreaterThan(0);
    const requested: string[] = [];
    browser.context.on('request', (request) => void requested.push(new URL(request.url()).pathname));
    const page = await signInAs(browser, server.url, 'Maya');
    await expect.poll(() => page.locator('.t-handlebars p.t-greeting').textContent()).toBe('Hello Maya, welcome back to the workshop.');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => purifyFiles.includes(url))).toEqual([]);
    expect(requested.some((url) => url.includes('/chunks/handlebars-'))).toBe(true);
    await page.close();
  });
});
