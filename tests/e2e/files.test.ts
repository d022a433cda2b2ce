/**
 * Files in Chromium against the built server (issue 16; community 7 Files): a member uploads a
 * file through the demo's upload page, sees it in the page's viewFiles list and downloads it (the
 * bytes are the ones sent); a file over the server's limit is refused before it is sent; an admin
 * opens the asset manager at /admin/content, uploads, edits a title and deletes. Both pages are
 * axe clean at 1280 and 375 px. The image uploader reopens at the focal point it saved, and the
 * read-only profile form shows the avatar as a picture and a files field's documents by name, size
 * and download link ("File not available" for a deleted one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;
let dir: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-files-e2e-'));
  fs.writeFileSync(path.join(dir, 'notes.pdf'), '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  fs.writeFileSync(
    path.join(dir, 'bench.png'),
    await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2b8a3e' } })
      .png()
      .toBuffer(),
  );
  // 30 MB of zeros: over the demo's 25 MB limit; refused in the browser, so never sent.
  fs.writeFileSync(path.join(dir, 'huge.pdf'), Buffer.alloc(30 * 1024 * 1024));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(name: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.waitForFunction(() => !!localStorage.getItem('jwt'));
  await page.locator('.ts-shell').waitFor();
  return page;
}

describe('files in Chromium', () => {
  it('a member uploads through the demo upload page, sees the file in viewFiles and downloads it', async () => {
    const maya = await signIn('Maya Maker');
    await maya.goto(`${server.url}/app/resources/share`);
    const upload = maya.getByLabel('Upload photos or documents of your project', { exact: true });
    await upload.waitFor();
    const list = maya.getByRole('region', { name: 'Your uploads' });
    await expect.poll(() => list.getByText('No files yet.').count()).toBe(1);

    // Over the limit: the spec 5.2 message, and nothing is uploaded.
    await upload.setInputFiles(path.join(dir, 'huge.pdf'));
    await expect.poll(() => maya.getByRole('alert').filter({ hasText: 'The file is 30 MB; the maximum is 25 MB.' }).count()).toBe(1);

    await upload.setInputFiles(path.join(dir, 'notes.pdf'));
    await expect.poll(() => maya.getByRole('status').filter({ hasText: 'Uploaded notes.pdf.' }).count()).toBe(1);
    const item = list.getByRole('listitem').filter({ hasText: 'notes.pdf' });
    await item.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    // A file's own size reads in KB under a megabyte (issue 35, item 10).
    expect(await item.textContent()).toMatch(/Size: \d+ KB/);

    const [download] = await Promise.all([maya.waitForEvent('download'), item.getByRole('button', { name: 'Download notes.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('notes.pdf');
    const saved = await download.path();
    expect(fs.readFileSync(saved!, 'utf8')).toBe(fs.readFileSync(path.join(dir, 'notes.pdf'), 'utf8'));

    // Still there after a reload (claimed, listed by getFileList/{blockId}); axe clean at both widths.
    await maya.reload();
    await maya.getByRole('region', { name: 'Your uploads' }).getByText('notes.pdf', { exact: true }).waitFor();
    expect(await seriousViolations(maya)).toEqual([]);
    await maya.setViewportSize({ width: 375, height: 812 });
    expect(await seriousViolations(maya)).toEqual([]);

    // The keyboard reaches delete and its confirmation.
    await maya.setViewportSize({ width: 1280, height: 800 });
    const row = maya.getByRole('region', { name: 'Your uploads' }).getByRole('listitem').filter({ hasText: 'notes.pdf' });
    await row.getByRole('button', { name: 'Delete notes.pdf' }).focus();
    await maya.keyboard.press('Enter');
    await maya.keyboard.press('Enter');
    await expect.poll(() => maya.getByRole('region', { name: 'Your uploads' }).getByText('No files yet.').count()).toBe(1);
    await maya.close();
  });

  it('an admin uploads an asset at /admin/content, edits its title, and deletes it', async () => {
    const admin = await signIn('Ada Admin');
    await admin.goto(`${server.url}/app/admin/content`);
    await admin.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
    // The demo's assets are listed with their sizes.
    await admin.getByText('Workshop rules', { exact: true }).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.getByLabel('Upload assets').setInputFiles(path.join(dir, 'bench.png'));
    await expect.poll(() => admin.getByRole('status').filter({ hasText: 'Uploaded bench.jpg.' }).count()).toBe(1);
    const assets = admin.getByRole('list', { name: 'Content' });
    const row = assets.getByRole('listitem').filter({ hasText: 'bench.jpg' });
    await row.getByRole('button', { name: 'Edit bench.jpg' }).click();

    // Nothing changed: the noData warning, and nothing is sent.
    const form = admin.getByRole('form', { name: 'Edit bench.jpg' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => admin.getByText('There is no file information to save.').count()).toBe(1);

    await form.getByLabel('Title').fill('Green bench');
    await form.getByLabel('Focal point across (%)').fill('30');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => admin.getByRole('status').filter({ hasText: 'Saved Green bench.' }).count()).toBe(1);

    // The search finds it by its new title.
    await admin.getByLabel('Search assets').fill('green');
    await expect.poll(() => assets.getByRole('listitem').count()).toBe(1);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.setViewportSize({ width: 375, height: 812 });
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.setViewportSize({ width: 1280, height: 800 });

    await admin.getByRole('button', { name: 'Delete Green bench' }).click();
    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => admin.getByRole('status').filter({ hasText: 'Deleted Green bench.' }).count()).toBe(1);
    await expect.poll(() => admin.getByText('0 assets').count()).toBe(1);

    // A member is kept out of the area, and the server refuses the library to them as well.
    const maya = await signIn('Maya Maker');
    await maya.goto(`${server.url}/app/admin/content`);
    expect(await maya.getByRole('heading', { name: 'Content' }).count()).toBe(0);
    const status = await maya.evaluate(async () => {
      const res = await fetch('/api/v1/files/getAssets', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('jwt')}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return res.status;
    });
    expect(status).toBe(403);
    await maya.close();
    await admin.close();
  });

  it('a read-only files field lists each file by name and size with a media-route download link; a deleted one says so', async () => {
    // A files field on the profile form, two uploads saved in it, one deleted afterwards (through the API as the app calls it).
    const admin = await signIn('Ada Admin');
    const fieldId = await admin.evaluate(async () => {
      const res = await fetch('/api/v1/structure/field', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('jwt')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          itemId: 'profile-about-form',
          itemType: 'block',
          field: { key: 'portfolio', type: 'files', label: 'Portfolio', multipleFiles: true },
        }),
      });
      return ((await res.json()) as { id: string }).id;
    });
    await admin.close();
    const maya = await signIn('Maya Maker');
    const notes = fs.readFileSync(path.join(dir, 'notes.pdf'), 'utf8');
    const saved = await maya.evaluate(
      async ({ fieldId, notes }) => {
        const auth = { authorization: `Bearer ${localStorage.getItem('jwt')}` };
        const ids: string[] = [];
        for (const name of ['portfolio.pdf', 'old.pdf']) {
          const form = new FormData();
          form.append('file', new Blob([notes], { type: 'application/pdf' }), name);
          const res = await fetch(`/api/v1/files/upload?contextId=${fieldId}`, { method: 'POST', headers: auth, body: form });
          ids.push(((await res.json()) as { fileIds: string[] }).fileIds[0]);
        }
        const save = await fetch('/api/v1/profile/maya', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ blockId: 'profile-about-form', changes: { portfolio: ids } }),
        });
        const removed = await fetch(`/api/v1/files/${ids[1]}`, { method: 'DELETE', headers: auth });
        return { ids, save: save.status, removed: removed.status };
      },
      { fieldId, notes },
    );
    expect(saved).toMatchObject({ save: 200, removed: 200 });

    await maya.goto(`${server.url}/app/people/profile/maya`);
    const list = maya.getByRole('list', { name: 'Portfolio' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').allInnerTexts()).toEqual(['portfolio.pdf 1 KB', 'File not available']);
    expect(await maya.getByText(saved.ids[1]).count()).toBe(0);
    const link = list.getByRole('link', { name: 'portfolio.pdf' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^/api/v1/document/${saved.ids[0]}\\?token=`));
    const [download] = await Promise.all([maya.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('portfolio.pdf');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(notes);
    expect(await seriousViolations(maya)).toEqual([]);
    await maya.close();
  });

  it('the image uploader opens at the stored focal point, and the form shows the picture, not its id', async () => {
    const ada = await signIn('Ada Admin');
    await ada.goto(`${server.url}/app/people/profile/admin`);
    // Read-only, her photo shows once, in the profile hero (issue 35): the form shows it to change it.
    await ada.locator('.t-profile-hero img').waitFor();
    expect(await ada.locator('.t-image-uploader__thumb').count()).toBe(0);
    expect(await ada.getByText(/^[0-9a-f-]{36}$/).count()).toBe(0);

    await ada.getByRole('button', { name: 'Edit', exact: true }).click();
    // Editing: the picture in the inline uploader (core 4.8), not its id.
    let editor = ada.getByRole('region', { name: 'Image: Photo' });
    let canvas = editor.getByRole('application');
    await canvas.locator('img').waitFor();
    expect(await ada.getByText(/^[0-9a-f-]{36}$/).count()).toBe(0);
    await canvas.focus();
    await expect.poll(() => canvas.getAttribute('aria-label')).toBe('Focal point 50% across, 50% down');
    for (let i = 0; i < 5; i++) await ada.keyboard.press('ArrowRight');
    await expect.poll(() => canvas.getAttribute('aria-label')).toBe('Focal point 55% across, 50% down');
    const saved = ada.waitForResponse((r) => /\/api\/v1\/files\/[0-9a-f-]{36}\/data$/.test(r.url()) && r.request().method() === 'POST');
    await editor.getByRole('button', { name: 'Save the focal point' }).click();
    expect((await saved).status()).toBe(200);

    await ada.reload();
    await ada.getByRole('button', { name: 'Edit', exact: true }).click();
    editor = ada.getByRole('region', { name: 'Image: Photo' });
    canvas = editor.getByRole('application');
    await expect.poll(() => canvas.getAttribute('aria-label')).toBe('Focal point 55% across, 50% down');
    // The window (ratios) opens at the stored point too.
    await ada.getByRole('button', { name: 'Edit image' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Image: Photo' });
    await expect.poll(() => dialog.locator('p[role="status"]').innerText()).toBe('Focal point 55% across, 50% down');
    expect(await seriousViolations(ada)).toEqual([]);
    await ada.close();
  });
});
