/**
 * The languages and translations tabs of the settings area (issue 34, Deliver 2): the settings
 * screen (../index.tsx) shows them. Server: server/i18n/admin-routes.ts; rules:
 * engine/core/i18n/languages.ts.
 */
export { LanguagesTab } from './LanguagesTab';
export { TranslationsTab } from './TranslationsTab';
