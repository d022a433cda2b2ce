/**
 * The search management area (admin/areas/searchManagement) under jsdom in the real /admin frame,
 * against the real server on SQLite and PostgreSQL: axe clean (serious and critical), the flags as
 * labelled checkboxes, a save shown as saved (the index then stale) or as the server's refusal, the
 * reindex start's §8 success and failure messages, and the whole screen read-only for staff who may
 * read search management but not update it.

 */
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AdminRequest } from '../../admin/core/http-api';
import type { AllProcessesResponse } from '../../schemas/model/api/processes';
import type { SearchManagementResponse } from '../../schemas/model/api/search-management';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom, requestAs } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';
import { grantThroughList } from '../helpers/staff-grants';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await adminAreaLoaders.searchManagement();
});

describeBackends('the search management admin area', (api) => {
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });
  const stored = async () => (await api.call<SearchManagementResponse>('GET', 'admin/searchManagement', { token: admin })).body;

  it('lists the fields as labelled checkboxes, saves a change (the index then stale), shows a refusal, axe clean', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/searchManagement');
    const profile = await screen.findByRole('table', { name: 'Profile fields' });
    expect(await seriousAxeViolations()).toEqual([]);
    const city = within(profile).getByRole('checkbox', { name: 'City is searchable' });
    expect(city).toBeChecked();
    expect(city).toBeEnabled();
    // A photo holds no words: its box cannot be ticked, and says why.
    const photo = (await stored()).profileFields.find((f) => f.key === 'avatar')!;
    const avatar = within(profile).getByRole('checkbox', { name: `${photo.label} is searchable` });
    expect(avatar).not.toBeChecked();
    expect(avatar).toBeDisabled();
    expect(within(profile).getAllByText('This type holds no words to search.').length).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'Fields of Workshops' })).toBeInTheDocument();
    expect(screen.getByText('The member index follows the current settings.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save search settings' }));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();

    fireEvent.click(city);
    fireEvent.click(screen.getByRole('button', { name: 'Save search settings' }));
    expect(await screen.findByText('Search settings saved. Reindex the members so every profile follows them.')).toBeInTheDocument();
    expect((await stored()).profileFields.find((f) => f.key === 'city')?.searchable).toBe(false);
    expect((await stored()).index.stale).toBe(true);
    expect(screen.getByText(/The settings changed since the last reindex/)).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();

    // The server's refusal is shown as an alert with its reason: the field went away meanwhile.
    const refusing: AdminRequest = async <T,>(method: Parameters<AdminRequest>[0], path: string, body?: unknown) =>
      method === 'POST' && path === 'admin/searchManagement'
        ? requestAs(api, admin)<T>(method, path, { profileFields: [{ key: 'shoeSize', searchable: true }] })
        : requestAs(api, admin)<T>(method, path, body);
    const again = renderAdminFrame(await adminFrameServices(api, admin, undefined, refusing), '/admin/searchManagement');
    fireEvent.click(within(await screen.findByRole('table', { name: 'Profile fields' })).getByRole('checkbox', { name: 'City is searchable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save search settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain('"shoeSize" is not a field');
    expect(await seriousAxeViolations()).toEqual([]);
    again.unmount();
  }, 60_000);

  it('starts a reindex through the processes domain: its success message, and a refusal with the server’s reason', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/searchManagement');
    fireEvent.click(await screen.findByRole('button', { name: 'Reindex members' }));
    expect(await screen.findByText('Member indexing has started.')).toBeInTheDocument();
    const started = (await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses?type=userIndexing', { token: admin })).body;
    expect(started.items[0]).toMatchObject({ type: 'userIndexing', startedBy: { accountId: 'admin' } });
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();

    // Staff who manage search but not Tools may not start processes: the §8 failure text with the server's reason.
    const list = await grantThroughList(api, admin, `Search managers ${api.backend}`, ['searchManagement.read', 'searchManagement.update'], ['elena']);
    const elena = await api.signIn('elena');
    const refused = renderAdminFrame(await adminFrameServices(api, elena), '/admin/searchManagement');
    fireEvent.click(await screen.findByRole('button', { name: 'Reindex members' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Member indexing could not start: .*tools/);
    expect(await seriousAxeViolations()).toEqual([]);
    refused.unmount();
    expect((await api.call('DELETE', `userLists/${list.id}/elena`, { token: admin })).status).toBeLessThan(300);
  }, 60_000);

  it('is read-only for staff who may read search management but not update it', async () => {
    await grantThroughList(api, admin, `Search readers ${api.backend}`, ['searchManagement.read'], ['elena']);
    const elena = await api.signIn('elena');
    expect((await api.call('POST', 'admin/searchManagement', { token: elena, body: { profileFields: [{ key: 'city', searchable: true }] } })).status).toBe(403);

    const view = renderAdminFrame(await adminFrameServices(api, elena), '/admin/searchManagement');
    expect(await screen.findByText('You can read these settings but not change them (it needs update on search management).')).toBeInTheDocument();
    const city = within(await screen.findByRole('table', { name: 'Profile fields' })).getByRole('checkbox', { name: 'City is searchable' });
    expect(city).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save search settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reindex members' })).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  }, 60_000);
});
