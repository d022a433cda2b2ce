/**
 * The data mappings area (admin/areas/dataMappings) under jsdom in the real /admin frame, against
 * the real server on SQLite and PostgreSQL: the list (search, 10 a page, delete after a
 * confirmation), the editor (a problem of engine/core/data-mappings.ts shown while editing and
 * saving held back, then a new mapping saved and opened), the members import up to its dry run
 * (a file and a mapping, the first rows with their problems, the start call's payload), rule sets
 * (created in a dialog, listed, deleted) and the read-only event definitions. axe clean throughout.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AdminRequest } from '../../admin/core/http-api';
import type { AdminToast } from '../../admin/frame/types';
import type { UserListView } from '../../schemas/model/api/lists';
import type { DataMappingSearchResponse, RuleSetListResponse } from '../../schemas/model/api/mappings';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom, requestAs } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import type { ApiServer } from '../helpers/api-server';
import type { AllProcessesResponse } from '../../schemas/model/api/processes';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await adminAreaLoaders.dataMappings();
  await adminAreaLoaders.userLists();
});

const CSV = [
  'Email,First name,Last name,City,Skills',
  'new.member@example.org,Noor,Haddad,Leeds,weaving',
  'broken,Bad,Row,York,',
  'maya@example.org,Maya,Maker,London,woodwork',
].join('\r\n');

const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

/**
 * The real server's request function, sending a FormData body as the multipart body a browser
 * would (jsdom's FormData cannot go through Node's fetch).
 */
function requestWithUploads(api: ApiServer, token: string): AdminRequest {
  const plain = requestAs(api, token);
  return async <T,>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    if (!(body instanceof FormData)) return plain<T>(method, path, body);
    const file = body.get('file') as File;
    const text = await readText(file);
    const rawBody = `--b\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n${text}\r\n--b--\r\n`;
    const res = await api.call<T>(method, path, { token, rawBody, contentType: 'multipart/form-data; boundary=b' });
    if (res.status >= 400) throw res.body;
    return res.body;
  };
}

describeBackends('the data mappings area', (api) => {
  let admin: string;

  beforeAll(async () => {
    admin = await api.signIn('admin');
    for (let i = 0; i < 11; i++)
      await api.call('PUT', 'dataMappings', {
        token: admin,
        body: {
          title: `Sheet ${String(i).padStart(2, '0')}`,
          data: { source: 'csv', match: { column: 'Email', profileField: 'email' }, fields: [{ column: 'Email', profileField: 'email' }] },
        },
      });
  });

  it('lists mappings 10 a page, searches and deletes one after a confirmation', async () => {
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/dataMappings');
    const table = await screen.findByRole('table', { name: /Data mappings \(12\)/ });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('link', { name: 'Members spreadsheet' })).toHaveAttribute('href', '/admin/dataMappings/dm-members-spreadsheet');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));

    fireEvent.change(screen.getByLabelText('Search mappings'), { target: { value: 'sheet 1' } });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Data mappings (1)' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sheet 10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sheet 10?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(toasts).toEqual([{ type: 'positive', message: 'Sheet 10 is deleted.' }]));
    await waitFor(() => expect(screen.getByText('No data mapping matches.')).toBeInTheDocument());
    const left = (await api.call<DataMappingSearchResponse>('GET', 'dataMappings/search?q=sheet%2010', { token: admin })).body;
    expect(left.total).toBe(0);
    view.unmount();
  }, 60_000);

  it('edits a new mapping with its problems shown while editing, then saves and opens it', async () => {
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/dataMappings/new');
    expect(await screen.findByRole('heading', { name: 'New data mapping' })).toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Workshop sign-ups' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a column' }));
    fireEvent.change(screen.getByLabelText('Column 2 name'), { target: { value: 'email' } });
    expect(await screen.findByText('Column "email" is mapped twice (rows 1 and 2).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save mapping' })).toBeDisabled();
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Column 2 name'), { target: { value: 'Town' } });
    fireEvent.change(screen.getByLabelText('Profile field of column 2'), { target: { value: 'city' } });
    fireEvent.change(screen.getByLabelText('Transform of column 2'), { target: { value: 'trim' } });
    fireEvent.click(screen.getByLabelText('Volunteers'));
    await waitFor(() => expect(screen.queryByText('Fix these before saving:')).toBeNull());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save mapping' })));
    await waitFor(() => expect(toasts).toEqual([{ type: 'positive', message: 'Workshop sign-ups is created.' }]));
    await waitFor(() => expect(view.location.history?.at(-1)).toMatch(/^\/admin\/dataMappings\/dm-/));
    const id = view.location.history!.at(-1)!.split('/').at(-1)!;
    const stored = await api.call('GET', `dataMappings/${id}`, { token: admin });
    expect(stored.body).toMatchObject({
      title: 'Workshop sign-ups',
      data: {
        match: { column: 'Email', profileField: 'email' },
        fields: [
          { column: 'Email', profileField: 'email', required: true },
          { column: 'Town', profileField: 'city', transform: 'trim' },
        ],
        lists: ['volunteers'],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data mapping Workshop sign-ups' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Workshop sign-ups')).toBeInTheDocument();
    view.unmount();
  }, 60_000);

  it('checks a members file with a mapping, showing the dry run of its first rows, and starts the import', async () => {
    const services = await adminFrameServices(api, admin, [], requestWithUploads(api, admin));
    const view = renderAdminFrame(services, '/admin/dataMappings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Import members' }));
    const mapping = await screen.findByLabelText('Data mapping');
    fireEvent.change(mapping, { target: { value: 'dm-members-spreadsheet' } });
    fireEvent.change(screen.getByLabelText('Members file (CSV)'), { target: { files: [new File([CSV], 'people.csv', { type: 'text/csv' })] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check the file' })));
    const rows = await screen.findByRole('table', { name: 'First rows of the file and their problems' });
    expect(screen.getByRole('heading', { name: 'Dry run of people.csv' })).toBeInTheDocument();
    expect(screen.getByText('3 rows in the file. The first 3 checked: new members 1, updates 1, rows with problems 1.')).toBeInTheDocument();
    const [, first, second, third] = within(rows).getAllByRole('row');
    expect(first).toHaveTextContent('Ready');
    expect(second).toHaveTextContent('"broken" is no email address');
    expect(third).toHaveTextContent('Ready');
    expect(await seriousAxeViolations()).toEqual([]);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start import (3 rows)' })));
    expect(await screen.findByText('The members import has started.')).toBeInTheDocument();
    const started = (await api.call<AllProcessesResponse>('GET', 'admin/process/allProcesses?type=importMembers', { token: admin })).body.items[0];
    expect(started.payload).toEqual({ uploadId: expect.stringMatching(/^imp-/), mappingId: 'dm-members-spreadsheet', dryRun: false });
    view.unmount();
  }, 60_000);

  it('creates and deletes a rule set, and shows the event definitions read-only', async () => {
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/dataMappings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Rule sets' }));
    const table = await screen.findByRole('table', { name: /Rule sets/ });
    expect(within(table).getByRole('rowheader', { name: 'Londoners' }).closest('tr')).toHaveTextContent('1 condition');
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'New rule set' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule set' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Everyone' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'No condition' } });
    expect(await seriousAxeViolations()).toEqual([]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule set' })));
    await waitFor(() => expect(toasts).toEqual([{ type: 'positive', message: 'Everyone is saved.' }]));
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'Everyone' })).toBeInTheDocument());
    const stored = (await api.call<RuleSetListResponse>('GET', 'ruleSet?q=everyone', { token: admin })).body.items;
    expect(stored).toMatchObject([{ title: 'Everyone', description: 'No condition', query: { logicalOperator: 'all', rules: [] } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Everyone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Everyone?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'Everyone is deleted.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Everyone' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Londoners' })).toBeInTheDocument();

    // A dynamic list made to follow Londoners takes its rule; the set can then not be deleted.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Londoners' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Londoners' });
    fireEvent.click(await within(edit).findByRole('checkbox', { name: 'Riverside members' }));
    await act(async () => fireEvent.click(within(edit).getByRole('button', { name: 'Save rule set' })));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'Londoners is saved.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'Londoners' }).closest('tr')).toHaveTextContent('1 list'));
    const riverside = (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body.find((l) => l.id === 'riverside');
    expect(riverside?.rule).toEqual({ logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: 'London' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Londoners' }));
    const refused = await screen.findByRole('dialog', { name: 'Delete Londoners?' });
    await act(async () => fireEvent.click(within(refused).getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'negative',
        message: expect.stringMatching(/^The rule set was not deleted\. .*followed by the dynamic list "Riverside members"/),
      }),
    );
    fireEvent.click(within(refused).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Event definitions' }));
    const events = await screen.findByRole('table', { name: /Event definitions/ });
    expect(within(events).getByRole('rowheader', { name: 'process.importMembers' }).closest('tr')).toHaveTextContent('uploadId, mappingId, dryRun');
    expect(within(events).getByRole('rowheader', { name: 'notification.newMessage' }).closest('tr')).toHaveTextContent('Notification');
    expect(within(events).queryByRole('button')).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  }, 60_000);
  it("copies a rule set into a dynamic list's rule from the list form", async () => {
    const list = (await api.call<UserListView>('PUT', 'userLists', { token: admin, body: { userList: { label: 'Copied rule list' } } })).body;
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, admin, toasts), `/admin/userLists/${list.id}/edit`);
    fireEvent.click(await screen.findByRole('switch', { name: 'Members come from a rule' }));
    fireEvent.change(await screen.findByLabelText('Copy a rule set'), { target: { value: 'rs-londoners' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy its rules' }));
    expect(await screen.findByText(/One condition\./)).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(async () =>
      expect((await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body.find((l) => l.id === list.id)).toMatchObject({
        dynamic: true,
        rule: { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: 'London' }] },
      }),
    );
    view.unmount();
  }, 60_000);
});
