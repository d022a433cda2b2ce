/**
 * The file blocks (uploadFile, viewFiles, downloadFile) under jsdom against
 * the real server started in-process, through the web app's own file service
 * (web/engine/file-services.ts) over an API client that speaks to that server: the server's
 * maximum shown in MB and bigger files refused before sending, uploads listed, sizes in MB,
 * thumbnails from the media routes, the download count. The asset manager is the admin frame's
 * area `content` (tests/component/admin-frame.test.tsx).
 */
import { filesOf } from '../../../server/files';
import { Readable } from 'node:stream';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUrl } from '../../../engine';
import { resolveImageOptions } from '../../../engine/core/files';
import type { FileInfo } from '../../../schemas/model/api/files';
import { DEMO_MEDIA } from '../../../server/files/demo-media';
import { createFileService } from '../../../web/engine/file-services';
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

beforeAll(async () => {
  server = await startAdminServer();
  maya = await server.signIn('maya');
  mayaMedia = (await server.call<{ token: string }>('GET', 'user/image_access_token', { token: maya, headers: { 'accept-encoding': 'identity' } })).body.token;
});
afterAll(async () => server?.close());

const user = { accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] };
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
    renderPage({
      blocks: [{ id: 'up-1', type: 'uploadFile', options: { label: 'Your project files', acceptedTypes: ['documents'], multipleFiles: false } }],
      services: servicesFor(maya, mayaMedia),
      user,
    });
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
    expect(within(item).getByText('Size: < 0.01 MB')).toBeInTheDocument();
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
    renderPage({
      blocks: [
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
      ],
      services: servicesFor(maya, mayaMedia),
      user,
    });
    const region = await screen.findByRole('region', { name: 'Our workshops' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.t-file-list__name')!.textContent),
    ).toEqual(['Electronics bench', 'Textiles table', 'Woodwork bench']);
    const thumb = region.querySelector('img')!;
    expect(thumb.getAttribute('src')).toMatch(/\/api\/v1\/image\/0d3e[^?]+\?token=.+&thumb=true&width=500&ratio=3%3A2/);
    expect(within(region).getAllByText(/^Size: [\d.]+ MB$/)).toHaveLength(3);
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('downloadFile shows the size and the download count; without a file it needs configuring', async () => {
    renderPage({
      blocks: [
        { id: 'df-1', type: 'downloadFile', options: { fileId: DEMO_MEDIA.rules, label: 'Get the rules', buttonStyle: 'secondary', showDownloadCount: true } },
        { id: 'df-2', type: 'downloadFile', options: { label: 'Nothing yet', buttonStyle: 'primary' } },
      ],
      services: servicesFor(maya, mayaMedia),
      user,
    });
    const button = await screen.findByRole('button', { name: /Get the rules/ });
    expect(button).toHaveAccessibleName('Get the rules (Workshop rules)');
    expect(button).toHaveAccessibleDescription(/^Size: < 0.01 MB · \d+ downloads$/);
    expect(screen.queryByRole('button', { name: /Nothing yet/ })).toBeNull();
    expect(await screen.findByText('This block needs configuring.')).toBeInTheDocument();
  });
});
