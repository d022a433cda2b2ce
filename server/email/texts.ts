/**
 * The words the email chrome needs (greeting, link, legal footer, the welcome email), per language,
 * through the one translator (engine/core/i18n): English is the fallback. Templates read them as
 * `{{text.<key>}}`, already filled with siteName and recipientName, so one built-in template
 * serves every language and an admin's per-language template may still use them.
 */
import { createTranslator, type MessageCatalog } from '../../engine/core/i18n';

const CATALOG: MessageCatalog = {
  en: {
    email: {
      greeting: 'Hello {recipientName},',
      greetingNoName: 'Hello,',
      open: 'Open it on {siteName}',
      sentBy: 'This email was sent to you by {siteName}.',
      why: 'You receive it because you have an account on {siteName}.',
      unsubscribe: 'Unsubscribe from these emails',
      welcomeSubject: 'Welcome to {siteName}',
      welcomeBody: 'Your account on {siteName} is ready. Sign in to see what is new, complete your profile and meet the community.',
    },
  },
  fr: {
    email: {
      greeting: 'Bonjour {recipientName},',
      greetingNoName: 'Bonjour,',
      open: 'Voir sur {siteName}',
      sentBy: 'Cet e-mail vous a été envoyé par {siteName}.',
      why: 'Vous le recevez parce que vous avez un compte sur {siteName}.',
      unsubscribe: 'Se désabonner de ces e-mails',
      welcomeSubject: 'Bienvenue sur {siteName}',
      welcomeBody: 'Votre compte sur {siteName} est prêt. Connectez-vous pour découvrir les nouveautés, compléter votre profil et rencontrer la communauté.',
    },
  },
};

const KEYS = Object.keys(CATALOG.en.email);

/** Every text of the email namespace in `language` (English where it has none), filled with `params`. */
export function emailTexts(language: string, params: { siteName: string; recipientName: string }): Record<string, string> {
  const base = language.split('-')[0];
  const locale = Object.hasOwn(CATALOG, language) ? language : Object.hasOwn(CATALOG, base) ? base : 'en';
  const t = createTranslator(CATALOG, locale);
  return Object.fromEntries(KEYS.map((key) => [key, t.t(`email.${key}`, params)]));
}
