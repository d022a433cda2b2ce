/**
 * The file blocks (uploadFile, viewFiles, downloadFile) under jsdom against
 * the real server started in-process, through the web app's own file service
 * (web/engine/file-services.ts) and data layer (web/engine/data-layer.ts, its files slice) over an
 * API client that speaks to that server: the server's maximum shown in MB and bigger files refused
 * before sending, uploads listed, sizes in MB, thumbnails from the media routes, the download
 * count, the noData warning, edits and deletes, and blocks showing the same files reading them
 * with one request (counted at the server's HTTP listener). The asset manager is the admin frame's
 * area `content` (tests/component/admin-frame.test.tsx).
 */
import { filesOf } from '../../../server/files';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mediaUrl } from '../../../engine';
import { resolveImageOptions } from '../../../engine/core/files';
import type { FileInfo } from '../../../schemas/model/api/files';
import { DEMO_MEDIA } from '../../../server/files/demo-media';
import type { Block } from '../../../schemas/model';
import { apiTransport } from '../../../web/engine/data-layer';
import { createFileService } from '../../../web/engine/file-services';
import { createDataLayer } from '../../../engine/data';
import { startAdminServer, type ApiServer } from '../../helpers/admin-server';
import { webApiClient } from '../../helpers/web-api-client';
import { renderPage } from '../engine/helpers';

let server: ApiServer;
let maya: string;
let mayaMedia: string;

const clientFor = (token: string) => webApiClient(server, token);

const servicesFor = (token: string, media: string) => ({
  files: createFileService(clientFor(token)),
  mediaUrl: (options: Parameters<typeof mediaUrl>[0]) => mediaUrl({ ...options, token: media, base: `${server.url}/api/v1` }),
});

/** Every HTTP request the server receives, as `METHOD /path`. */
const requests: string[] = [];
const hear = (req: IncomingMessage) => requests.push(`${req.method} ${req.url}`);

beforeAll(async () => {
  server = await startAdminServer();
  server.server.app.server.on('request', hear);
  maya = await server.signIn('maya');
  mayaMedia = (await server.call<{ token: string }>('GET', 'user/image_access_token', { token: maya, headers: { 'accept-encoding': 'identity' } })).body.token;
});
afterEach(() => void requests.splice(0));
afterAll(async () => {
  server?.server.app.server.off('request', hear);
  await server?.close();
});

const user = { accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] };

/** A page of file blocks as Maya, with the app's file service and data layer over real HTTP. */
function renderFiles(blocks: Block[]) {
  const store = createStore();
  const dataLayer = createDataLayer(store, apiTransport(clientFor(maya)), { ownAccountId: 'maya' });
  return renderPage({ blocks, store, dataLayer, services: servicesFor(maya, mayaMedia), user });
}
const listOf = async (token: string, context: string) =>
  (await server.call<FileInfo[]>('GET', `files/getFileList/${context}`, { token, headers: { 'accept-encoding': 'identity' } })).body;

describe('uploadFile', () => {
  // jsdom cannot send a multipart upload (its XMLHttpRequest and FormData fail against a real
  // server): the upload through the block is in the Chromium suite (tests/e2e/files.test.ts); here
  // the member's file goes into the server's own file store as a claimed upload for the block.
  it("shows the server's maximum in MB, refuses a bigger or wrong file before sending, lists the member's uploads and deletes one", async () => {
    await filesOf(server.server.ctx).files.receive(
      { stream: Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]), filename: 'plan.pdf' },
      { ownerId: 'maya', contextId: 'up-1', claimed: true, image: resolveImageOptions() },
    );
    renderFiles([{ id: 'up-1', type: 'uploadFile', options: { label: 'Your project files', acceptedTypes: ['documents'], multipleFiles: false } }]);
    const input = await screen.findByLabelText('Your project files');
    expect(input).toHaveAttribute('accept', '.pdf,.docx,.doc,.odt,.xlsx,.xls,.ods,.pptx,.ppt,.odp');
    await screen.findByText('Accepted: documents · Maximum 25 MB per file');

    const huge = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 30 * 1_048_576 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is 30 MB; the maximum is 25 MB.');
    fireEvent.change(input, { target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('page.html is not an accepted type.');
    expect(await listOf(maya, 'up-1')).toHaveLength(1);

    const item = (await screen.findByText('plan.pdf', { selector: '.t-file-list__name' })).closest('li')!;
    expect(within(item).getByText(/^Size: \d+ KB$/)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Download plan.pdf' })).toBeEnabled();
    const stored = await listOf(maya, 'up-1');
    expect(stored).toMatchObject([{ name: 'plan.pdf', contextId: 'up-1' }]);

    // Delete asks first; the keyboard reaches both buttons.
    fireEvent.click(within(item).getByRole('button', { name: 'Delete plan.pdf' }));
    const confirm = within(item).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveFocus();
    fireEvent.click(confirm);
    expect(await screen.findByText('Deleted plan.pdf.')).toBeInTheDocument();
    expect(await listOf(maya, 'up-1')).toEqual([]);
  });
});

describe('viewFiles and downloadFile', () => {
  it('lists chosen files by title with thumbnails from the media routes, sizes in MB and no downloads when not allowed', async () => {
    renderFiles([
      {
        id: 'vf-1',
        type: 'viewFiles',
        options: {
          title: 'Our workshops',
          source: 'chosen',
          fileIds: Object.values(DEMO_MEDIA.pictures),
          layout: 'grid',
          thumbnailWidth: 500,
          thumbnailRatio: '3/2',
          allowDownload: false,
        },
      },
    ]);
    const region = await screen.findByRole('region', { name: 'Our workshops' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.t-file-list__name')!.textContent),
    ).toEqual(['Electronics bench', 'Textiles table', 'Woodwork bench']);
    const thumb = region.querySelector('img')!;
    expect(thumb.getAttribute('src')).toMatch(/\/api\/v1\/image\/0d3e[^?]+\?token=.+&thumb=true&width=500&ratio=3%3A2/);
    // A file's own size in KB under a megabyte (issue 35: "0.01 MB" read as a mistake).
    expect(within(region).getAllByText(/^Size: (\d+ KB|[\d.]+ MB)$/)).toHaveLength(3);
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('downloadFile shows the size and the download count; without a file it needs configuring', async () => {
    renderFiles([
      { id: 'df-1', type: 'downloadFile', options: { fileId: DEMO_MEDIA.rules, label: 'Get the rules', buttonStyle: 'secondary', showDownloadCount: true } },
      { id: 'df-2', type: 'downloadFile', options: { label: 'Nothing yet', buttonStyle: 'primary' } },
    ]);
    const button = await screen.findByRole('button', { name: /Get the rules/ });
    expect(button).toHaveAccessibleName('Get the rules (Workshop rules)');
    expect(button).toHaveAccessibleDescription(/^Size: \d+ KB · \d+ downloads$/);
    expect(screen.queryByRole('button', { name: /Nothing yet/ })).toBeNull();
    expect(await screen.findByText('This block needs configuring.')).toBeInTheDocument();
  });
});

describe('blocks showing the same files', () => {
  const reads = () => requests.filter((r) => /\/api\/v1\/files\/(getFiles|getFileList\/)/.test(r));

  it('read them with one request: chosen files by id, batched across blocks; one context list shared', async () => {
    const pictures = Object.values(DEMO_MEDIA.pictures);
    const chosen = (id: string, title: string): Block => ({ id, type: 'viewFiles', options: { title, source: 'chosen', fileIds: pictures, layout: 'list' } });
    renderFiles([
      chosen('same-1', 'Workshops'),
      chosen('same-2', 'Workshops again'),
      { id: 'same-3', type: 'downloadFile', options: { fileId: pictures[0], label: 'Get the first', buttonStyle: 'primary' } },
    ]);
    for (const name of ['Workshops', 'Workshops again']) {
      const region = await screen.findByRole('region', { name });
      await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    }
    await screen.findByRole('button', { name: /Get the first/ });
    expect(reads()).toEqual(['POST /api/v1/files/getFiles']);
  });

  it("share one context's list: one request, and a delete in one block leaves the other at once", async () => {
    await filesOf(server.server.ctx).files.receive(
      { stream: Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]), filename: 'shared.pdf' },
      { ownerId: 'maya', contextId: 'up-2', claimed: true, image: resolveImageOptions() },
    );
    renderFiles([
      { id: 'up-2', type: 'uploadFile', options: { label: 'Upload here', acceptedTypes: ['documents'], multipleFiles: false } },
      { id: 'vf-2', type: 'viewFiles', options: { title: 'Uploaded here', source: 'field', fieldId: 'up-2', layout: 'list' } },
    ]);
    const viewed = await screen.findByRole('region', { name: 'Uploaded here' });
    await within(viewed).findByText('shared.pdf', { selector: '.t-file-list__name' });
    const item = (await screen.findAllByText('shared.pdf', { selector: '.t-file-list__name' })).find((n) => !viewed.contains(n))!.closest('li')!;
    expect(reads()).toEqual(['GET /api/v1/files/getFileList/up-2']);

    fireEvent.click(within(item).getByRole('button', { name: 'Delete shared.pdf' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted shared.pdf.')).toBeInTheDocument();
    expect(within(viewed).queryByText('shared.pdf')).toBeNull();
    expect(within(viewed).getByText('No files yet.')).toBeInTheDocument();
    expect(reads()).toEqual(['GET /api/v1/files/getFileList/up-2']);
    expect(await listOf(maya, 'up-2')).toEqual([]);
  });
});
