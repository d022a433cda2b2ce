/**
 * The areas layouts and blocks (issue 34, part 7) under jsdom in the real /admin frame, against
 * the real server on SQLite and PostgreSQL: the structure tree axe clean and driven by the keyboard
 * (Up/Down, Right opens then enters, Left goes to the parent then closes, Home/End, type-ahead),
 * search keeping each match's ancestors, a routed page's details with "Open in the composer", and
 * the blocks list filtered by type leading to one block's options, and a page's permissions dialog.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await Promise.all([adminAreaLoaders.layouts(), adminAreaLoaders.blocks()]);
});

const rowNames = (tree: HTMLElement) =>
  within(tree)
    .getAllByRole('treeitem')
    .map((r) => r.getAttribute('data-node-id'));
const row = (tree: HTMLElement, id: string) => tree.querySelector<HTMLElement>(`[data-node-id="${id}"]`)!;

describeBackends('the layouts and blocks admin areas', (api) => {
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('the tree: axe clean, one tab stop, arrow keys, Home/End and type-ahead', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/layouts');
    const tree = await screen.findByRole('tree', { name: 'Site structure' });
    expect(await seriousAxeViolations()).toEqual([]);
    // The first module starts open; only one row is in the tab order.
    expect(rowNames(tree).slice(0, 3)).toEqual(['home', 'welcome', 'news']);
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .filter((r) => r.tabIndex === 0),
    ).toHaveLength(1);
    const home = row(tree, 'home');
    expect(home).toHaveAttribute('aria-expanded', 'true');
    expect(home).toHaveAttribute('aria-level', '1');
    home.focus();
    fireEvent.keyDown(home, { key: 'ArrowDown' });
    const welcome = row(tree, 'welcome');
    expect(document.activeElement).toBe(welcome);
    expect(welcome).toHaveAttribute('aria-expanded', 'false');
    expect(welcome).toHaveAttribute('aria-level', '2');
    fireEvent.keyDown(welcome, { key: 'ArrowRight' });
    expect(row(tree, 'welcome')).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement).toBe(row(tree, 'welcome'));
    fireEvent.keyDown(row(tree, 'welcome'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(row(tree, 'welcome-intro'));
    expect(row(tree, 'welcome-intro')).toHaveAttribute('aria-level', '3');
    expect(row(tree, 'welcome-intro').textContent).toContain('Plain text');
    fireEvent.keyDown(row(tree, 'welcome-intro'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(row(tree, 'welcome'));
    fireEvent.keyDown(row(tree, 'welcome'), { key: 'ArrowLeft' });
    expect(row(tree, 'welcome')).toHaveAttribute('aria-expanded', 'false');
    expect(row(tree, 'welcome-intro')).toBeNull();
    fireEvent.keyDown(row(tree, 'welcome'), { key: 'End' });
    const rows = within(tree).getAllByRole('treeitem');
    expect(document.activeElement).toBe(rows[rows.length - 1]);
    fireEvent.keyDown(rows[rows.length - 1], { key: 'Home' });
    expect(document.activeElement).toBe(row(tree, 'home'));
    fireEvent.keyDown(row(tree, 'home'), { key: 'n' });
    expect(document.activeElement).toBe(row(tree, 'news'));
    expect(row(tree, 'news').tabIndex).toBe(0);
    expect(row(tree, 'home').tabIndex).toBe(-1);
    // Enter chooses a page: its route, with its details beside the tree.
    fireEvent.keyDown(row(tree, 'news'), { key: 'Enter' });
    await waitFor(() => expect(view.location.history!.at(-1)).toBe('/admin/layouts/module/home/page/news'));
    const details = await screen.findByRole('region', { name: 'News' });
    expect(within(details).getByRole('link', { name: 'Open in the composer' })).toHaveAttribute('href', '/home/news?edit=1');
    expect(row(tree, 'news')).toHaveAttribute('aria-selected', 'true');
    view.unmount();
  });

  it('search keeps the ancestors of each match; a block chosen shows its composer link', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/layouts');
    const tree = await screen.findByRole('tree', { name: 'Site structure' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'highlights' } });
    await waitFor(() => expect(rowNames(tree)).toEqual(['home', 'news', 'news-carousel']));
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Matches: 1.');
    // By the type's title too, and by id.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'news-rules-modal' } });
    await waitFor(() => expect(rowNames(tree)).toEqual(['home', 'news', 'news-rules-modal']));
    fireEvent.click(row(tree, 'news-rules-modal'));
    const details = await screen.findByRole('region', { name: 'House rules' });
    expect(details.textContent).toContain('TypeModal (modal)');
    expect(within(details).getByRole('link', { name: 'Open in the composer' })).toHaveAttribute('href', '/home/news?edit=1&block=news-rules-modal');
    expect(within(details).getByRole('link', { name: 'Block details' })).toHaveAttribute('href', '/admin/blocks/news-rules-modal');
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'no such thing at all' } });
    expect(await screen.findByText('Nothing matches this search.')).toBeInstanceOf(HTMLElement);
    view.unmount();
  });

  it("a page's permissions dialog saves the item's permissions; the summary follows", async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/layouts/module/home/page/news');
    const details = await screen.findByRole('region', { name: 'News' });
    expect(await within(details).findByText('Defaults (base paths)')).toBeInstanceOf(HTMLElement);
    fireEvent.click(within(details).getByRole('button', { name: 'Edit permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions: News' });
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Add children' }), { target: { value: 'allow' } });
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(details).findByText('Allowed: addChildren.')).toBeInstanceOf(HTMLElement);
    expect((await api.call<Record<string, boolean>>('GET', 'structure/permissions/news', { token: admin })).body).toEqual({ addChildren: true });
    view.unmount();
  });

  it('a routed module or page opens with its ancestors; an unknown one says so', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/layouts/module/home/page/welcome');
    const details = await screen.findByRole('region', { name: 'Welcome' });
    expect(within(details).getByText('welcome')).toBeInstanceOf(HTMLElement);
    expect(await within(details).findByText('Defaults (base paths)')).toBeInstanceOf(HTMLElement);
    view.unmount();
    const unknown = renderAdminFrame(await adminFrameServices(api, admin), '/admin/layouts/module/nowhere');
    expect((await screen.findByRole('alert')).textContent).toBe('There is no such module or page, or you may not see it.');
    unknown.unmount();
  });

  it('the blocks list: filtered by type, one block with its options and composer link', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/blocks');
    const table = await screen.findByRole('table', { name: 'Blocks' });
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Block type' }), { target: { value: 'carousel' } });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText(/^Showing 1 of \d+ blocks\.$/)).toBeInstanceOf(HTMLElement);
    fireEvent.click(within(table).getByRole('link', { name: 'Highlights' }));
    await waitFor(() => expect(view.location.history!.at(-1)).toBe('/admin/blocks/news-carousel'));
    const details = await screen.findByRole('region', { name: 'Highlights' });
    expect(within(details).getByRole('heading', { name: 'Options' })).toBeInstanceOf(HTMLElement);
    expect(within(details).getByRole('link', { name: 'Open in the composer' })).toHaveAttribute('href', '/home/news?edit=1&block=news-carousel');
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  });
});
