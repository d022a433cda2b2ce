/**
 * The email template builder (admin/areas/emailTemplateBuilder) under jsdom in the real /admin
 * frame, against the real server on SQLite and PostgreSQL: the list (built-in and custom, search,
 * an add refused by the server showing its §8 description, a custom template deleted after a
 * confirmation), and the editor (a tab per language version, live rule messages with save held
 * back, a placeholder inserted from the parameter list, the preview in a sandboxed frame in each
 * enabled language, saving, a test send shown with its outbox email, and the template's master
 * template and legal footer chosen in two labelled selects, followed by the preview and saved). axe clean throughout.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AdminToast } from '../../admin/frame/types';
import type { EmailTemplateDetailResponse, EmailTemplatesResponse } from '../../schemas/model/api/email';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await adminAreaLoaders.emailTemplateBuilder();
});

describeBackends('the email template builder', (api) => {
  let admin: string;
  const templateIds = async () =>
    new Set(
      (await api.call<EmailTemplatesResponse>('GET', 'service/coreAPI/getServiceEmailTemplates', { token: admin })).body.templates.map((t) => t.templateId),
    );

  beforeAll(async () => {
    admin = await api.signIn('admin');
    for (const templateId of ['cmp.event', 'cmp.gone'])
      await api.call('POST', 'service/coreAPI/addEmailTemplate', {
        token: admin,
        body: { templateId, subject: 'About {{eventName}}', html: '<p>Come to {{eventName}}</p>', parameterList: ['eventName'] },
      });
  });

  it('lists, searches, refuses an add with the server description, and deletes a custom template after confirming', async () => {
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/emailTemplateBuilder');
    const table = await screen.findByRole('table', { name: /Email templates/ });
    expect(within(table).getByRole('link', { name: 'welcome' })).toHaveAttribute('href', '/admin/emailTemplateBuilder/welcome');
    expect(within(table).getByRole('link', { name: 'welcome' }).closest('tr')).toHaveTextContent('Built-in');
    expect(within(table).queryByRole('button', { name: 'Delete welcome' })).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Search templates'), { target: { value: 'cmp.' } });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));

    // Community §8: a refused add shows the server's description.
    fireEvent.change(screen.getByLabelText('New template id'), { target: { value: '9 not an id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The template was not added: .*templateId/);
    expect((await templateIds()).has('9 not an id')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete cmp.gone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the template cmp.gone?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    // The table is hidden from the accessibility tree while the dialog is open: wait for the answer first.
    await waitFor(() => expect(toasts).toEqual([{ type: 'positive', message: 'The template cmp.gone is deleted.' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'cmp.gone' })).toBeNull());
    expect((await templateIds()).has('cmp.gone')).toBe(false);
    view.unmount();
  }, 60_000);

  it('edits a template per language with live rules, a placeholder inserted, the preview in each language and a test send', async () => {
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/emailTemplateBuilder/cmp.event');
    expect(await screen.findByRole('heading', { level: 2, name: 'Email template cmp.event' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Language versions' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All languages', 'en', 'fr']);

    // The preview of the stored version, sandboxed, with sample values.
    const frame = await screen.findByTitle('The email in en, with sample values');
    expect(frame).toHaveAttribute('sandbox', '');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('Come to [eventName]'));
    expect(await seriousAxeViolations()).toEqual([]);

    // A placeholder outside the parameter list: named at once, and saving is held back.
    const html = screen.getByLabelText('HTML (handlebars)') as HTMLTextAreaElement;
    fireEvent.change(html, { target: { value: '<p>Hi {{nope}}</p>' } });
    expect(await screen.findByText('HTML: The placeholder "nope" is not in the parameter list.')).toBeInTheDocument();
    expect(html).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save this version' })).toBeDisabled();
    expect(await seriousAxeViolations()).toEqual([]);

    // Fixed from the parameter list: the placeholder goes in where the caret is.
    fireEvent.change(html, { target: { value: '<p>See you at </p>' } });
    html.focus();
    html.setSelectionRange(14, 14);
    fireEvent.click(screen.getByRole('button', { name: 'Insert the placeholder eventName' }));
    await waitFor(() => expect(html.value).toBe('<p>See you at {{eventName}}</p>'));
    expect(screen.getByText('The template follows every rule.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTitle('The email in en, with sample values').getAttribute('srcdoc')).toContain('See you at [eventName]'));

    // Every enabled language can be previewed: French words in the footer.
    fireEvent.change(screen.getByLabelText('Preview language'), { target: { value: 'fr' } });
    await waitFor(() => expect(screen.getByTitle('The email in fr, with sample values').getAttribute('srcdoc')).toContain('Cet e-mail vous a été envoyé'));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save this version' })));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'The template is saved.' }));
    const stored = (await api.call<EmailTemplateDetailResponse>('GET', 'emailTemplates/template/cmp.event', { token: admin })).body;
    expect(stored.versions.find((v) => v.language === '')?.html).toBe('<p>See you at {{eventName}}</p>');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' })));
    await waitFor(() => expect(screen.getByText(/^Test sent to .+@.+ \(kept in the outbox, outbox email \d+\)\.$/)).toBeInTheDocument());

    // The template's master template and legal footer: two labelled selects, the active ones first.
    const master = screen.getByRole('combobox', { name: 'Master template' });
    const footer = screen.getByRole('combobox', { name: 'Legal footer' });
    expect(master).toHaveValue('');
    expect([...(master as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'The active one (Default master template)',
      'Default master template',
      'Plain master template',
    ]);
    fireEvent.change(footer, { target: { value: 'short' } });
    // The preview follows at once: the short footer has no reason line.
    await waitFor(() => expect(screen.getByTitle('The email in fr, with sample values').getAttribute('srcdoc')).not.toContain('Vous le recevez parce que'));
    fireEvent.change(master, { target: { value: 'plain' } });
    expect(screen.getByText(/Master template: Plain master template; legal footer: Short legal footer/)).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save this version' })));
    await waitFor(async () =>
      expect(
        (await api.call<EmailTemplateDetailResponse>('GET', 'emailTemplates/template/cmp.event', { token: admin })).body.versions.map((v) => [
          v.masterTemplateId,
          v.legalFooterId,
        ]),
      ).toEqual([['plain', 'short']]),
    );

    // The French tab: no version of its own yet, so it starts from the fallback.
    fireEvent.click(within(tabs).getByRole('tab', { name: 'fr' }));
    expect(await screen.findByText(/This language has no version of its own yet/)).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  }, 90_000);
});
