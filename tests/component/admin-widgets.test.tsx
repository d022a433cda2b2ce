import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RuntimeRegistryData } from '../../engine';
import type { Module, Page } from '../../schemas/model';
import { findFocusedDialog, fullRegistry, renderAdmin, seriousAxeViolations } from '../helpers/admin-render';

// A type whose options use the structure selector, icon and image id widgets. It has no generated
// validator, so the form also exercises the runtime-validator fallback.
const registry: RuntimeRegistryData = {
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
      defaults: {},
    },
  },
};

const modules: Module[] = [{ id: 'm1', slug: 'main', name: 'Main', childIds: ['p1', 'p2'] }];
const pages: Page[] = [
  { id: 'p1', slug: 'home', name: 'Home', moduleId: 'm1', children: ['card'] },
  { id: 'p2', slug: 'about', name: 'About', moduleId: 'm1', children: [] },
];

describe('custom widgets', () => {
  it('chooses a page with the structure selector, an icon from suggestions and an image id with a preview; validates and saves', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin(
      { modules, pages, blocks: [{ id: 'card', type: 'linkCard', name: 'Card', options: { target: 'p1' } }] },
      { registry, imageToken: 'tok' },
    );
    await user.click(within(screen.getByRole('toolbar', { name: 'Block controls for Card' })).getByRole('button', { name: 'Edit block' }));
    const dialog = await findFocusedDialog('Edit block: Card');
    const target = (await within(dialog).findByLabelText(/Target page/)) as HTMLSelectElement;
    expect([...target.options].map((o) => o.text)).toEqual(['— choose —', 'Main › Home', 'Main › About']);
    await user.selectOptions(target, 'p2');
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
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.blocks.get('card')?.options).toEqual({ target: 'p2', icon: 'link', imageId: 'img_1' });
  });
});
