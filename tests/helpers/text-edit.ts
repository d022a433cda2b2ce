/**
 * An admin translating the demo FAQ's first answer in place, in text-edit mode (alt+shift+j), for
 * the language she reads (French from her next load): the label dialog saves it, the page shows
 * it, and `i18n/fr` holds it. Shared by the French content suite and the back office journey.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callAt } from './api-server';

export const FAQ_FRENCH = 'Puis-je apporter mes propres outils ? Oui, marquez-les à votre nom.';
export const FAQ_FRENCH_EDITED = 'Puis-je venir avec mes outils ? Oui, avec votre nom dessus.';

export async function translateFaqInPlace(page: Page, url: string, adminToken: string): Promise<void> {
  await callAt(url, adminToken, 'POST', 'profile/meta/upsert', { path: 'language', data: 'fr' });
  await page.goto(`${url}/app/resources/faq`);
  const faq = page.getByRole('main').getByText(FAQ_FRENCH, { exact: true });
  await faq.waitFor();
  await page.keyboard.press('Alt+Shift+KeyJ');
  await expect.poll(() => faq.evaluate((el) => el.closest('[data-text-label]') !== null)).toBe(true);
  await faq.click();
  const input = page.getByRole('dialog').getByRole('textbox', { name: /content\.block\.faq-1\.text/ });
  await input.fill(FAQ_FRENCH_EDITED);
  await input.press('Enter');
  await page.getByRole('main').getByText(FAQ_FRENCH_EDITED, { exact: true }).waitFor();
  const fr = await callAt<Record<string, string>>(url, adminToken, 'GET', 'i18n/fr');
  expect(fr['content.block.faq-1.text']).toBe(FAQ_FRENCH_EDITED);
}
