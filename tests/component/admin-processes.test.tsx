/**
 * The tools area's Processes tab and the exports area (admin/areas/tools, admin/areas/exports)
 * under jsdom in the real /admin frame, against the real server on SQLite and PostgreSQL: a
 * members export started from the "Start a process" dialog with the §8 message, followed to
 * complete, its report opened (summary, download link) and marked read; a refused start shows the
 * server's reason in the dialog; the exports area starts an XLSX export of one list and lists it
 * with its Download link. Axe clean (serious and critical) at each step.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AllProcessesResponse } from '../../schemas/model/api/processes';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ hookTimeout: 120_000, testTimeout: 60_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await Promise.all([adminAreaLoaders.tools(), adminAreaLoaders.exports()]);
});

describeBackends('the processes and exports admin screens', (api) => {
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('tools: starts a members export from the dialog, follows it to complete, opens its report and marks it read', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/tools');
    fireEvent.click(await screen.findByRole('tab', { name: 'Processes' }));
    await screen.findByRole('heading', { level: 2, name: 'Processes' });
    const open = await screen.findByRole('button', { name: 'Start a process' });
    await waitFor(() => expect(open).toBeEnabled());
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Start a process' });
    fireEvent.change(within(dialog).getByLabelText('Process'), { target: { value: 'exportMembers' } });
    expect(within(dialog).getByLabelText('Format')).toHaveValue('csv');
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('The members export has started. It will be ready to download in a moment.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const list = screen.getByRole('list', { name: 'Processes' });
    const item = within(list).getAllByRole('listitem')[0];
    expect(item).toHaveTextContent('Members export');
    await within(item).findByText('Complete');
    expect(within(item).getByRole('progressbar', { name: 'Progress of Members export' })).toHaveAttribute('value', '100');
    expect(item).toHaveTextContent(/\d+ of \d+ rows/);
    fireEvent.click(within(item).getByRole('button', { name: 'Report' }));
    const download = await within(item).findByRole('link', { name: /^Download members-.*\.csv$/ });
    expect(download.getAttribute('href')).toMatch(/^\/api\/v1\/admin\/process\/[^/]+\/download\?expires=\d+&signature=/);
    expect(item).toHaveTextContent('No row errors.');
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(within(item).getByRole('button', { name: 'Mark as read' }));
    await screen.findByText('Report marked as read.');
    expect(within(item).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    const processes = (await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses?type=exportMembers', { token: admin })).body.items;
    expect(processes[0]).toMatchObject({ state: 'complete', reportRead: true });
    view.unmount();
  });

  it('tools: a refused start shows the server reason in the dialog with the failure text', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/tools');
    fireEvent.click(await screen.findByRole('tab', { name: 'Processes' }));
    const open = await screen.findByRole('button', { name: 'Start a process' });
    await waitFor(() => expect(open).toBeEnabled());
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Start a process' });
    // A list export without a list: the server names the field.
    fireEvent.change(within(dialog).getByLabelText('Process'), { target: { value: 'exportListMembers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The list members export could not start: payload.listId must name a user list');
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  });

  it('exports: starts an XLSX export of one list and lists it with its download link', async () => {
    const view = renderAdminFrame(await adminFrameServices(api, admin), '/admin/exports');
    await screen.findByRole('heading', { level: 1, name: 'Exports' });
    const makers = await screen.findByRole('checkbox', { name: 'Makers' });
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Excel workbook (XLSX)' }));
    fireEvent.click(makers);
    fireEvent.click(screen.getByRole('button', { name: 'Start the export' }));
    await screen.findByText('The members export has started. It will be ready to download in a moment.');
    const list = await screen.findByRole('list', { name: 'Exports' });
    const first = within(list).getAllByRole('listitem')[0];
    const link = await within(first).findByRole('link', { name: /^Download members-.*\.xlsx$/ });
    expect(first).toHaveTextContent(/Link valid until/);
    const res = await fetch(`${api.url}${link.getAttribute('href')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="members-.*\.xlsx"/);
    const started = (await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses?type=exportMembers', { token: admin })).body.items[0];
    expect(started.payload).toEqual({ format: 'xlsx', listIds: ['makers'] });
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  });
});
