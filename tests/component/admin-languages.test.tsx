/**
 * The languages and translations tabs (admin/areas/settings/languages) under jsdom, rendered in the
 * admin frame's context against the real server on SQLite and PostgreSQL: the nine languages with
 * their progress, publishing German and its history line, a translation edited inline and its
 * override removed, a bulk CSV upload and its refusal; axe clean (serious and critical).
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { LanguagesTab, TranslationsTab } from '../../admin/areas/settings/languages';
import { AdminFrameContext } from '../../admin/frame/frame-context';
import type { AdminFrameServices, AdminToast } from '../../admin/frame/types';
import { createTranslator, messages } from '../../engine/core/i18n';
import type { LanguagesSettingsResponse } from '../../schemas/model/api/i18n-admin';
import { patchTextEncoderForJsdom, requestAs } from '../helpers/admin-server';
import { seriousAxeViolations } from '../helpers/admin-render';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000, testTimeout: 60_000 });
patchTextEncoderForJsdom();
afterEach(() => vi.restoreAllMocks());

const t = createTranslator(messages, 'en').t;

function renderTab(services: AdminFrameServices, tab: 'languages' | 'translations') {
  return render(
    <AdminFrameContext.Provider value={{ services, t }}>{tab === 'languages' ? <LanguagesTab /> : <TranslationsTab />}</AdminFrameContext.Provider>,
  );
}

describeBackends('the languages and translations tabs', (api) => {
  let admin: string;
  let toasts: AdminToast[];
  const services = (): AdminFrameServices => ({
    request: requestAs(api, admin),
    holder: undefined,
    locale: 'en',
    files: {} as AdminFrameServices['files'],
    imageUrl: () => undefined,
    navExpanded: undefined,
    saveNavExpanded: async () => undefined,
    toast: (toast) => void toasts.push(toast),
    Refused: () => <p role="alert">refused</p>,
  });
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('lists the nine languages with progress, publishes German and shows it in the history', async () => {
    toasts = [];
    const view = renderTab(services(), 'languages');
    const table = await screen.findByRole('table', { name: 'Supported languages' });
    expect(within(table).getAllByRole('row')).toHaveLength(10);
    expect(within(table).getByText('Default, always published').closest('tr')).toHaveTextContent('English');
    expect(within(table).queryByRole('switch', { name: /English/ })).toBeNull();
    expect((within(table).getByRole('progressbar', { name: 'Français translated' }) as HTMLProgressElement).value).toBeGreaterThan(90);
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(within(table).getByRole('switch', { name: 'Publish Deutsch' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'Deutsch is published' }));
    expect(await screen.findByText(/^Deutsch published by admin on /)).toBeVisible();
    expect((within(table).getByRole('switch', { name: 'Unpublish Deutsch' }) as HTMLInputElement).checked).toBe(true);
    const settings = (await api.call<LanguagesSettingsResponse>('GET', 'i18n/languagesSettings', { token: admin })).body;
    expect(settings.published).toEqual(['en', 'fr', 'de']);
    view.unmount();
  });

  it('edits a translation inline, removes its override, uploads a file and shows a refusal', async () => {
    toasts = [];
    renderTab(services(), 'translations');
    // A text query: role queries over the first page's 600 rows are slow under jsdom.
    await screen.findByText(/texts, page 1 of/);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search keys and texts' }), { target: { value: 'common.actions.save' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 texts, page 1 of 1');
    const field = screen.getByRole('textbox', { name: 'Translation of common.actions.save' });
    expect(screen.getByRole('table', { name: 'Texts of Français' })).toContainElement(field);
    expect(screen.getByText('Built in: Enregistrer').closest('tr')).toContainElement(field);
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.change(field, { target: { value: 'Sauvegarder' } });
    const row = field.closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'Translation saved' }));
    expect((await api.call<Record<string, string>>('GET', 'i18n/fr', { token: admin })).body['common.actions.save']).toBe('Sauvegarder');

    fireEvent.click(await screen.findByRole('button', { name: 'Remove the override of common.actions.save' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'Override removed' }));
    expect((await api.call<Record<string, string>>('GET', 'i18n/fr', { token: admin })).body['common.actions.save']).toBeUndefined();

    const input = screen.getByLabelText('Upload a file of translations (JSON or CSV: key,value)');
    fireEvent.change(input, { target: { files: [new File(['common.actions.save,Garder\n'], 'fr.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: '1 translations stored' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Translation of common.actions.save' }) as HTMLTextAreaElement).value).toBe('Garder'));

    fireEvent.change(input, { target: { files: [new File(['no.such.key,x\n'], 'fr.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(toasts.some((x) => x.type === 'negative' && x.message.includes('"no.such.key" is not a key of the app'))).toBe(true));
    expect((await api.call<Record<string, string>>('GET', 'i18n/fr', { token: admin })).body['common.actions.save']).toBe('Garder');
  });
});
