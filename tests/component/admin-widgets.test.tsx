import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block, RegistryData } from '../../schemas/model';
import { blockMenuItem, fullRegistry, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

// Every wait is a round trip to the real server, which a loaded machine slows down.
configure({ asyncUtilTimeout: 10_000 });

// A type whose options use the structure selector, icon and image id widgets. It has no generated
// validator, so the form also exercises the runtime-validator fallback.
const registry: RegistryData = {
  ...fullRegistry,
  blocks: {
    ...fullRegistry.blocks,
    linkCard: {
      type: 'linkCard',
      title: 'Link card',
      category: 'display',
      icon: 'link',
      status: 'planned',
      powerUps: { required: [], optional: [] },
      children: false,
      adminPanels: ['settings'],
      options: {
        type: 'object',
        properties: {
          target: { type: 'string', title: 'Target page' },
          icon: { type: 'string', title: 'Icon', maxLength: 40 },
          imageId: { type: 'string', title: 'Image', pattern: '^[A-Za-z0-9_-]+$' },
        },
        required: ['target'],
        additionalProperties: false,
      },
      ui: { target: { 'ui:widget': 'structureSelector' }, icon: { 'ui:widget': 'icon' }, imageId: { 'ui:widget': 'imageId' } },
      // The registry validator wants defaults that satisfy the options schema.
      defaults: { target: '' },
    },
  },
};

// The server knows the type too: it runs on a copy of the registry with linkCard added.
let server: ApiServer;
let registryDir: string;
const open: { close(): void }[] = [];
beforeAll(async () => {
  registryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-registry-'));
  fs.cpSync(path.resolve('registry'), registryDir, { recursive: true, filter: (src) => !src.includes(`${path.sep}generated`) });
  fs.writeFileSync(path.join(registryDir, 'blocks', 'linkCard.json'), JSON.stringify(registry.blocks.linkCard, null, 2));
  server = await startAdminServer({ REGISTRY_DIR: registryDir });
}, 120_000);
afterAll(async () => {
  open.splice(0).forEach((o) => o.close());
  await server?.close();
  fs.rmSync(registryDir, { recursive: true, force: true });
});

const modules = [
  {
    id: 'm1',
    slug: 'widgets-main',
    name: 'Main',
    pages: [
      { id: 'p1', slug: 'home', name: 'Home' },
      { id: 'p2', slug: 'about', name: 'About' },
    ],
  },
];
// No target yet: a page id is only accepted once it names a page the admin may view.
const card: Block = { id: 'card', type: 'linkCard', name: 'Card', options: {} };

describe('custom widgets', { timeout: 120_000 }, () => {
  it('chooses a page with the structure selector, an icon from suggestions and an image id with a preview; validates and saves', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await renderAdminOnServer(server, { modules, blocks: [card] }, { registry, imageToken: 'tok' });
    open.push(view);
    const { id, token } = view;
    await user.click(screen.getByRole('button', { name: 'Select Card' }));
    await user.click(await blockMenuItem(user, screen.getByRole('toolbar', { name: 'Block controls for Card' }), 'Edit block'));
    const dialog = await screen.findByRole('complementary', { name: 'Block settings' });
    const target = (await within(dialog).findByLabelText(/Target page/)) as HTMLSelectElement;
    const choices = [...target.options].map((o) => [o.value, o.text]);
    expect(choices[0]).toEqual(['', '— choose —']);
    expect(choices).toContainEqual([id('p1'), 'Main › Home']);
    expect(choices).toContainEqual([id('p2'), 'Main › About']);
    await user.selectOptions(target, id('p2'));
    const icon = within(dialog).getByLabelText(/Icon/) as HTMLInputElement;
    expect(icon.list?.querySelector('option[value="megaphone"]')).not.toBeNull();
    await user.type(icon, 'link');
    const image = within(dialog).getByLabelText(/Image/);
    await user.type(image, 'img 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Some options are not valid; see the messages next to them.')).toBeInTheDocument();
    await user.clear(image);
    await user.type(image, 'img_1');
    expect(within(dialog).getByRole('img', { name: 'Preview of image img_1' })).toHaveAttribute('src', '/api/v1/image/img_1?token=tok&thumb=true&width=100');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await server.call<Block>('GET', `structure/block/${id('card')}`, { token })).body.options?.icon).toBe('link'));
    const saved = await server.call<Block>('GET', `structure/block/${id('card')}`, { token });
    expect(saved.body.options).toEqual({ target: id('p2'), icon: 'link', imageId: 'img_1' });
  });
});
