/**
 * The notification admin areas (admin/areas/notifications, broadcasts, notificationHistory) under
 * jsdom in the real /admin frame, against the real server on SQLite and PostgreSQL: the admin's
 * admin notifications (seen on open, read), the admin preferences (saved per switch; a refused save
 * toasts the server's message and shows what the server holds), the broadcast form (inline
 * problems, the recipient count, the preview, the confirmation naming the count, the toast leading
 * to the history, a refusal in words), the history table and the outbox with an email's HTML in a
 * sandboxed frame.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AdminToast } from '../../admin/frame/types';
import type { NotificationCountResponse, NotificationPageResponse, NotificationPreferencesResponse } from '../../schemas/model/api/notifications';
import type { EmailOutboxResponse } from '../../schemas/model/api/email';
import { notify } from '../../server/notifications/notify';
import { patchTextEncoderForJsdom, requestAs } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

// Real server calls and jobs on a machine that may be busy: generous waits (a ceiling, not a speed check).
configure({ asyncUtilTimeout: 15_000 });
// Two real servers start in this file (SQLite, then PostgreSQL with its migrations).
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  // The three areas' chunks loaded once, so the frame's lazy imports resolve at once.
  for (const area of ['notifications', 'broadcasts', 'notificationHistory'] as const) await adminAreaLoaders[area]();
});
afterEach(() => vi.restoreAllMocks());

describeBackends('the notification admin areas', (api) => {
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('lists the admin notifications, marks them seen on open and one read', async () => {
    const title = `Kemi applied to Makers (${api.backend})`;
    await notify(
      api.server.ctx,
      'newApplication',
      { accounts: ['admin'] },
      { title, message: 'A new application waits for a decision.', data: { url: '/admin/applications' } },
    );
    const toasts: AdminToast[] = [];
    renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Admin notifications' });
    const item = within(list).getByText(title).closest('li')!;
    expect(item).toHaveTextContent('New');
    expect(item).toHaveTextContent('Unread');
    expect(within(item).getByRole('link', { name: `Open: ${title}` })).toHaveAttribute('href', '/admin/applications');
    // Seen on open: the admin badge's count is 0 on the server.
    await waitFor(async () =>
      expect((await api.call<NotificationCountResponse>('GET', 'profile/notifications/count/admin', { token: admin })).body.count).toBe(0),
    );

    fireEvent.click(within(item).getByRole('button', { name: `Mark “${title}” read` }));
    await waitFor(() => expect(item).not.toHaveTextContent('Unread'));
    const stored = (await api.call<NotificationPageResponse>('GET', 'profile/notifications/admin/0', { token: admin })).body.items.find(
      (n) => n.title === title,
    );
    expect(stored).toMatchObject({ seen: true, read: true });
    expect(toasts).toEqual([]);
  }, 60_000);

  it('saves an admin preference per switch; a refused save logs, toasts the message and shows what the server holds', async () => {
    const toasts: AdminToast[] = [];
    const first = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/notifications');
    fireEvent.click(await screen.findByRole('tab', { name: 'Preferences' }));
    const email = await screen.findByRole('switch', { name: 'Email for A new application' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(email);
    await screen.findByText('Saved: A new application, Email off.');
    const prefs = async (token: string) => (await api.call<NotificationPreferencesResponse>('GET', 'profile/notifications/adminPreferences', { token })).body;
    expect((await prefs(admin)).preferences.find((p) => p.event === 'newApplication')?.channels).toEqual({ inApp: true, email: false });
    expect(email).toHaveAttribute('aria-checked', 'false');

    // A session that ends after the screen loaded: the save is refused with the server's words.
    first.unmount();
    const ended = await api.signIn('admin');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdminFrame(await adminFrameServices(api, ended, toasts), '/admin/notifications');
    fireEvent.click(await screen.findByRole('tab', { name: 'Preferences' }));
    const second = await screen.findByRole('switch', { name: 'In the app for A new application' });
    expect(second).toHaveAttribute('aria-checked', 'true');
    await api.call('GET', 'logout', { token: ended });
    fireEvent.click(second);
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ type: 'negative' });
    expect(toasts[0].message).toMatch(/^Your preference could not be saved: \S/);
    expect(errors).toHaveBeenCalled();
    await waitFor(() => expect(second).toHaveAttribute('aria-checked', 'true'));
    expect((await prefs(admin)).preferences.find((p) => p.event === 'newApplication')?.channels.inApp).toBe(true);
  }, 60_000);

  it('broadcasts to a list: problems inline, the count, the preview, a confirmation naming the count, a toast to the history', async () => {
    const toasts: AdminToast[] = [];
    const { location } = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/broadcasts');
    const form = await screen.findByRole('form', { name: 'Broadcasts' });
    await within(form).findByRole('checkbox', { name: 'Makers' });

    fireEvent.click(within(form).getByRole('button', { name: 'Send…' }));
    expect(await within(form).findByText('Choose at least one list.')).toBeInTheDocument();
    expect(within(form).getByText('Write a title.')).toBeInTheDocument();
    expect(within(form).getByText('Write a message.')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(form).getByRole('group', { name: 'Lists' }));
    const link = within(form).getByRole('textbox', { name: 'Link (optional)' });
    fireEvent.change(link, { target: { value: '//evil.example/path' } });
    fireEvent.blur(link);
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(expect.stringContaining('The link must be a page of this site'));

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Makers' }));
    const expected = (await api.call<{ recipients: number }>('POST', 'admin/broadcasts/preview', { token: admin, body: { lists: ['makers'] } })).body
      .recipients;
    expect(expected).toBeGreaterThan(1);
    expect(await within(form).findByText(`Reaches ${expected} people.`)).toBeInTheDocument();

    const title = `Open workshop (${api.backend})`;
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), { target: { value: title } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), { target: { value: 'The lathe room is open on Saturday.' } });
    fireEvent.change(link, { target: { value: '/events' } });
    expect(link).not.toHaveAttribute('aria-invalid');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent(title);
    expect(preview).toHaveTextContent('The lathe room is open on Saturday.');
    expect(preview).toHaveTextContent('Opens /events');

    fireEvent.click(within(form).getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this broadcast?' });
    expect(dialog).toHaveAccessibleDescription(`“${title}” goes to ${expected} people in Makers, in the app and by email.`);
    fireEvent.click(within(dialog).getByRole('button', { name: `Send to ${expected}` }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ type: 'positive', message: `Broadcast “${title}” is on its way to ${expected} people.` });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('');

    act(() => toasts[0].action!.onClick());
    expect(location.history.at(-1)).toBe('/admin/notificationHistory');
    const table = await screen.findByRole('table', { name: 'Notifications sent' });
    const row = (await within(table).findByRole('rowheader', { name: title })).closest('tr')!;
    expect(row).toHaveTextContent('Broadcast');
    expect(row).toHaveTextContent('Makers');
    expect(row).toHaveTextContent('In the app, Email');
    expect(row).toHaveTextContent('Ada');
    // A sending broadcast's figures update by themselves until it is sent.
    await waitFor(() => expect(within(row).getByText('Sent')).toBeInTheDocument());
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(String(expected));
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent(String(expected));

    // The outbox: Maya's email, newest first, opened in a panel with its HTML sandboxed and its text part.
    fireEvent.click(screen.getByRole('tab', { name: 'Outbox' }));
    await waitFor(
      async () =>
        expect(
          (await api.call<EmailOutboxResponse>('GET', 'admin/email/outbox', { token: admin })).body.items.some(
            (m) => m.to === 'maya@example.org' && m.subject.includes(title),
          ),
        ).toBe(true),
      { timeout: 30_000 },
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'queued' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: '' } });
    const emails = await screen.findByRole('table', { name: 'Emails' });
    const open = await within(emails).findByRole('button', { name: new RegExp(`^View “.*${title.replace(/[()]/g, '\\$&')}.*” to maya@example.org$`) });
    fireEvent.click(open);
    const panel = await screen.findByRole('dialog', { name: /^Email “/ });
    const frame = await within(panel).findByTitle("The email's HTML part");
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('The lathe room is open on Saturday.');
    expect(panel).toHaveTextContent('maya@example.org');
    expect(within(panel).getByText(/The lathe room is open on Saturday\./, { selector: 'pre' })).toBeInTheDocument();
  }, 120_000);

  it('shows a refusal in words: staff without the broadcast grant cannot count or send', async () => {
    const toasts: AdminToast[] = [];
    const elena = await api.signIn('elena');
    // Elena's own grants would not open the area: the frame gets an admin's holder, the calls go out as her.
    const services = { ...(await adminFrameServices(api, admin, toasts)), request: requestAs(api, elena) };
    renderAdminFrame(services, '/admin/broadcasts');
    const form = await screen.findByRole('form', { name: 'Broadcasts' });
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Makers' }));
    expect(await within(form).findByText(/^The recipients could not be counted: \S/)).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), { target: { value: 'Not allowed' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), { target: { value: 'Nobody receives this.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send…' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^The broadcast was not sent: \S/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts).toEqual([]);
  }, 60_000);
});
