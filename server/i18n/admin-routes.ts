/** The languages and translations admin's calls (community §7 "Translations"): the settings area's, every write needs update on settings. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BulkLanguageUploadRequest, ClearLanguageOverridesRequest, ToggleLanguagePublishedRequest } from '../../schemas/model/api/i18n-admin';
import { requireAdminArea } from '../admin-area';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, forbidden } from '../errors';
import { bulkUpload, clearLanguage, deleteOverride, i18nAll, languagesHistory, languagesSettings, toggleLanguage, translateProgress } from './admin';
import { mayManageTranslations } from './overrides';

const KEY = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)+$/;

export function i18nAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const reader = (req: FastifyRequest) => requireAdminArea(ctx, req, 'settings');
  async function writer(req: FastifyRequest): Promise<SignedInUser> {
    const user = await reader(req);
    if (!mayManageTranslations(user)) throw forbidden('You may not change languages or translations: it needs update on settings');
    return user;
  }

  app.get<{ Querystring: { q?: string; page?: string; untranslated?: string } }>('/i18n/all', async (req) => {
    await reader(req);
    return i18nAll(ctx, req.query);
  });
  app.get('/i18n/languagesSettings', async (req) => {
    await reader(req);
    return languagesSettings(ctx);
  });
  app.get('/i18n/languagesSettingsHistory', async (req) => {
    await reader(req);
    return { items: await languagesHistory(ctx) };
  });
  app.get('/i18n/getTranslateProgressPerLocale', async (req) => {
    await reader(req);
    return translateProgress(ctx);
  });

  app.post('/i18n/toggleLanguagePublishedState', async (req) => {
    const user = await writer(req);
    const body = v.body<ToggleLanguagePublishedRequest>('toggle-language-published-request', req.body);
    return toggleLanguage(ctx, user, body.language, body.published);
  });
  app.post('/i18n/bulkLanguageUpload', async (req) => {
    const user = await writer(req);
    return bulkUpload(ctx, user, v.body<BulkLanguageUploadRequest>('bulk-language-upload-request', req.body));
  });
  app.post('/i18n/clearLanguageOverrides', async (req) => {
    const user = await writer(req);
    const { language } = v.body<ClearLanguageOverridesRequest>('clear-language-overrides-request', req.body);
    return { language, removed: await clearLanguage(ctx, user, language) };
  });
  app.delete<{ Params: { key: string }; Querystring: { locale?: string } }>('/i18n/:key', async (req) => {
    const user = await writer(req);
    if (!KEY.test(req.params.key) || req.params.key.length > 300) throw badRequest(`"${req.params.key.slice(0, 80)}" is not a translation key`);
    if (!req.query.locale) throw badRequest('the locale query parameter is missing: DELETE i18n/<key>?locale=<iso>');
    return deleteOverride(ctx, user, req.params.key, req.query.locale);
  });
}
