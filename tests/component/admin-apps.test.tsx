/**
 * The apps area (admin/areas/apps) under jsdom in the real /admin frame, against the real server
 * on SQLite and PostgreSQL: labelled and axe clean (serious and critical), the contrast rule of
 * the brands tab shown as a warning, the engine/core rule refusing an oversize name before the
 * server is asked, the settings saved and the manifest serving them; and the install prompt of
 * the member app following the prompt settings (engine/core/web-app.ts `installPromptDelayMs`).
 */
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import { installPromptDelayMs } from '../../engine/core/web-app';
import type { WebAppResponse } from '../../schemas/model/api/apps';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await adminAreaLoaders.apps();
});

describeBackends('the apps admin area', (api) => {
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('is labelled and axe clean; warns on contrast; refuses an oversize name; saves and the manifest follows', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/apps');
    const name = await screen.findByLabelText('App name');
    expect(screen.getByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(screen.getByLabelText('Theme colour (title bar)')).toHaveAttribute('type', 'color');
    expect(screen.getByLabelText('Display mode')).toHaveValue('standalone');
    expect(screen.getByLabelText('Icon 192 × 192 px')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('checkbox', { name: 'Offer to install the app' })).toBeChecked();
    expect(await seriousAxeViolations()).toEqual([]);

    // A pale title bar: the brands tab's rule warns, it does not refuse.
    fireEvent.change(screen.getByLabelText('Theme colour (title bar)'), { target: { value: '#7a7a7a' } });
    const warnings = screen.getByRole('list', { name: 'Contrast warnings' });
    expect(within(warnings).getByRole('listitem').textContent).toContain('Theme colour (title bar)');

    // The rule runs before the request (maxLength aside, a pasted value can be longer).
    fireEvent.change(name, { target: { value: 'x'.repeat(50) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('name is 50 characters, at most 45');

    fireEvent.change(name, { target: { value: 'Makers app' } });
    fireEvent.change(screen.getByLabelText('Short name'), { target: { value: 'Makers' } });
    fireEvent.change(screen.getByLabelText('Theme colour (title bar)'), { target: { value: '#0f4c5c' } });
    fireEvent.change(screen.getByLabelText('Display mode'), { target: { value: 'fullscreen' } });
    fireEvent.change(screen.getByLabelText('From visit number'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(screen.queryByRole('list', { name: 'Contrast warnings' })).toBeNull();
    const saved = (await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin })).body;
    expect(saved.settings).toMatchObject({
      name: 'Makers app',
      shortName: 'Makers',
      themeColour: '#0f4c5c',
      display: 'fullscreen',
      installPrompt: { afterVisits: 4 },
    });
    const manifest = (await (await fetch(`${api.url}/app/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Makers app', short_name: 'Makers', theme_color: '#0f4c5c', display: 'fullscreen' });
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  });
});

describe('the install prompt rule', () => {
  const day = 24 * 60 * 60 * 1000;
  const now = 100 * day;
  const settings = { installPrompt: { enabled: true, afterVisits: 2, afterSeconds: 30, dismissCooldownDays: 7 } };
  it('waits for the visits, then the seconds left of this visit', () => {
    expect(installPromptDelayMs(settings, { visits: 1 }, now)).toBeNull();
    expect(installPromptDelayMs(settings, { visits: 2 }, now)).toBe(30_000);
    expect(installPromptDelayMs(settings, { visits: 2 }, now, 20_000)).toBe(10_000);
    expect(installPromptDelayMs(settings, { visits: 5 }, now, 60_000)).toBe(0);
  });
  it('stays away within the cooldown after a dismissal, and when disabled', () => {
    expect(installPromptDelayMs(settings, { visits: 5, dismissedAt: now - 6 * day }, now)).toBeNull();
    expect(installPromptDelayMs(settings, { visits: 5, dismissedAt: now - 8 * day }, now)).toBe(30_000);
    expect(installPromptDelayMs({ installPrompt: { ...settings.installPrompt, enabled: false } }, { visits: 5 }, now)).toBeNull();
    // Defaults when nothing is set: from the second visit, 30 seconds in.
    expect(installPromptDelayMs(undefined, { visits: 2 }, now)).toBe(30_000);
  });
});
