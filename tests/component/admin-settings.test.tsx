/**
 * The settings area (admin/areas/settings) under jsdom in the real /admin frame, against the real
 * server on SQLite and PostgreSQL: every tab axe clean (serious and critical), the general form
 * saved, global CSS refused with the server's reason shown, a brand opened by its route, previewed
 * in this browser only (the shell's brand sheet repointed, following the shell's Reset) and activated, the audit log searched, a secret set without
 * its value ever shown.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import { BRAND_PREVIEW_EVENT, BRAND_STYLESHEET_ID, PREVIEW_BRAND_KEY } from '../../engine/core/brand-theme';
import type { Settings } from '../../schemas/model';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await adminAreaLoaders.settings();
});
afterEach(() => localStorage.clear());

describeBackends('the settings admin area', (api) => {
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('every tab is labelled and axe clean; general saves; global CSS shows the refusal', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/settings');
    const name = await screen.findByLabelText('Site name');
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.change(name, { target: { value: 'Riverside Settings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect((await api.call<Settings>('GET', 'settings', { token: admin })).body.siteName).toBe('Riverside Settings');

    fireEvent.click(screen.getByRole('tab', { name: 'Global CSS' }));
    const css = await screen.findByRole('textbox', { name: 'Global CSS' });
    fireEvent.change(css, { target: { value: '@import url("https://evil.example/x.css");' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('evil.example');
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Audit logs' }));
    await screen.findByRole('table', { name: 'Audit log, newest first' });
    expect(within(screen.getByRole('search')).getByLabelText('Type')).toHaveValue('');
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Secrets' }));
    fireEvent.change(await screen.findByLabelText('Secret name'), { target: { value: 'componentKey' } });
    const value = screen.getByLabelText('New value (never shown again)');
    expect(value.getAttribute('type')).toBe('password');
    fireEvent.change(value, { target: { value: 'pw-never-shown' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set secret' }));
    await within(await screen.findByRole('list', { name: 'Secrets' })).findByText('componentKey');
    expect(view.container.innerHTML).not.toContain('pw-never-shown');
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Brands' }));
    await screen.findByRole('button', { name: 'Create brand' });
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  });

  it('opens a brand by its route, previews it in this browser only, resets, activates', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/settings/brand/1');
    const brandName = await screen.findByLabelText('Brand name');
    expect((brandName as HTMLInputElement).value).not.toBe('');
    expect(screen.getByLabelText('Header background')).toHaveAttribute('type', 'color');
    expect(await seriousAxeViolations()).toEqual([]);

    // The shell's brand sheet: previewing repoints it, in this document only.
    const link = document.createElement('link');
    link.id = BRAND_STYLESHEET_ID;
    link.setAttribute('href', '/api/v1/service/brands/active/theme.css');
    document.head.appendChild(link);
    const preview = screen.getByRole('button', { name: 'Preview' });
    expect(preview.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(preview);
    expect(localStorage.getItem(PREVIEW_BRAND_KEY)).toBe('1');
    expect(link.getAttribute('href')).toMatch(/^\/api\/v1\/service\/brands\/1\/theme\.css/);
    await waitFor(() => expect(preview.getAttribute('aria-pressed')).toBe('true'));
    // The shell's Reset (web/shell/AdminBar.tsx) clears the key and says so: the area follows.
    localStorage.removeItem(PREVIEW_BRAND_KEY);
    window.dispatchEvent(new Event(BRAND_PREVIEW_EVENT));
    await waitFor(() => expect(preview.getAttribute('aria-pressed')).toBe('false'));
    link.remove();

    // A light header colour: the contrast check warns (text still reads: the app picks black or white).
    fireEvent.change(screen.getByLabelText('Primary'), { target: { value: '#ffff00' } });
    expect(within(await screen.findByRole('list', { name: 'Contrast warnings' })).getAllByRole('listitem').length).toBeGreaterThan(0);

    const created = (await api.call<{ brandId: string }>('POST', 'service/brands', { token: admin, body: { brandName: 'Component brand' } })).body;
    view.unmount();
    renderAdminFrame(await adminFrameServices(api, admin), `/admin/settings/brand/${created.brandId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await screen.findByRole('button', { name: 'Active brand' });
    expect((await api.call<Settings>('GET', 'settings', { token: admin })).body.brand?.id).toBe(created.brandId);
  });
});
