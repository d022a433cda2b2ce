/**
 * The file picker of block options (admin/block-editor/asset-picker.tsx) against the real server:
 * a downloadFile block's one file and a viewFiles block's several are chosen from the asset
 * library by name (searched), shown with their sizes, removed, and saved as ids. Uploading a new
 * asset from the picker is in the Chromium suite (jsdom cannot send multipart uploads).
 */
import { filesOf } from '../../server/files';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveImageOptions } from '../../engine/core/files';
import type { Block } from '../../schemas/model';
import type { FileInfo } from '../../schemas/model/api/files';
import { createFileService } from '../../web/engine/file-services';
import { blockMenuItem, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';
import { webApiClient } from '../helpers/web-api-client';

configure({ asyncUtilTimeout: 10_000 });

let server: ApiServer;
let handbook: FileInfo;
let minutes: FileInfo;
const open: { close(): void }[] = [];

const asset = (name: string, bytes: number) =>
  filesOf(server.server.ctx).files.receive(
    { stream: Readable.from([Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 32)])]), filename: name },
    { ownerId: 'admin', isAsset: true, claimed: true, image: resolveImageOptions() },
  );

beforeAll(async () => {
  server = await startAdminServer();
  handbook = await asset('handbook.pdf', 2_621_440);
  minutes = await asset('minutes.pdf', 1_048_576);
}, 120_000);
afterAll(async () => {
  open.splice(0).forEach((o) => o.close());
  await server?.close();
});

const modules = (slug: string) => [{ id: 'm1', slug, name: 'Main', pages: [{ id: 'p1', slug: 'home', name: 'Home' }] }];

/** Renders a page holding `block` in edit mode, opens its settings and the picker's asset library. */
async function openLibrary(block: Block, pickerName: string) {
  const token = await server.signIn('admin');
  const view = await renderAdminOnServer(
    server,
    { modules: modules(`picker-${block.id}`), blocks: [block] },
    { files: createFileService(webApiClient(server, token)) },
  );
  open.push(view);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: `Select ${block.name}` }));
  await user.click(await blockMenuItem(user, screen.getByRole('toolbar', { name: `Block controls for ${block.name}` }), 'Edit block'));
  const panel = await screen.findByRole('complementary', { name: 'Block settings' });
  // The settings form loads with the panel: under load it comes a moment after the panel itself.
  await user.click(await within(panel).findByRole('button', { name: pickerName }));
  return { view, token, user, panel, library: await within(panel).findByRole('group', { name: /asset library/ }) };
}

describe('file picker of block options', { timeout: 120_000 }, () => {
  it('downloadFile: searches the asset library, chooses one file by name, shows its size and saves its id', async () => {
    const block: Block = { id: 'dl', type: 'downloadFile', name: 'Handout', options: { label: 'Get it', buttonStyle: 'primary' } };
    const { view, token, user, panel, library } = await openLibrary(block, 'File: Choose a file from the library');
    await within(library).findByRole('button', { name: /^minutes\.pdf/ });
    await user.type(within(library).getByLabelText('Search the assets'), 'hand');
    await waitFor(() => expect(within(library).queryByRole('button', { name: /^minutes\.pdf/ })).toBeNull());
    const choice = within(library).getByRole('button', { name: /^handbook\.pdf/ });
    expect(choice).toHaveAccessibleName('handbook.pdf 2.5 MB');
    await user.click(choice);
    // One file: choosing closes the library and shows the file chosen.
    expect(within(panel).queryByRole('group', { name: /asset library/ })).toBeNull();
    const chosen = within(panel).getByRole('list', { name: /chosen files/ });
    await waitFor(() => expect(chosen).toHaveTextContent('handbook.pdf 2.5 MB'));
    expect(within(panel).getByRole('button', { name: 'File: Change the file' })).toHaveAttribute('aria-expanded', 'false');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await server.call<Block>('GET', `structure/block/${view.id('dl')}`, { token })).body.options?.fileId).toBe(handbook.id));
  });

  it('viewFiles: chooses several files (pressed buttons), removes one from the choice, and saves the ids in order', async () => {
    const block: Block = { id: 'vf', type: 'viewFiles', name: 'Library', options: { source: 'chosen', layout: 'list', fileIds: [] } };
    const { view, token, user, panel, library } = await openLibrary(block, 'Files: Choose files from the library');
    await user.click(await within(library).findByRole('button', { name: /^minutes\.pdf/ }));
    await user.click(within(library).getByRole('button', { name: /^handbook\.pdf/ }));
    expect(within(library).getByRole('button', { name: /^minutes\.pdf/ })).toHaveAttribute('aria-pressed', 'true');
    const chosen = within(panel).getByRole('list', { name: /chosen files/ });
    await waitFor(() =>
      expect(
        within(chosen)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['PDFminutes.pdf 1 MB×', 'PDFhandbook.pdf 2.5 MB×']),
    );
    await user.click(within(chosen).getByRole('button', { name: 'Remove minutes.pdf' }));
    expect(within(library).getByRole('button', { name: /^minutes\.pdf/ })).toHaveAttribute('aria-pressed', 'false');
    // Focus stays in the picker; Escape closes the library, not the side panel.
    expect(within(panel).getByRole('button', { name: 'Files: Choose files from the library' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(panel).queryByRole('group', { name: /asset library/ })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await server.call<Block>('GET', `structure/block/${view.id('vf')}`, { token })).body.options?.fileIds).toEqual([handbook.id]),
    );
    expect(minutes.id).not.toBe(handbook.id);
  });
});
