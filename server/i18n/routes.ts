/** i18n calls of spec 7.1: the inline text edit, in its two request forms. */
import type { FastifyInstance } from 'fastify';
import type { I18nBatchRequest, I18nOverrideRequest } from '../../schemas/model/api/i18n';
import { requireUser, type AppContext } from '../context';
import { badRequest } from '../errors';
import { readI18nOverrides, saveI18nOverrides } from './overrides';

export function i18nRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  // The overrides of a published locale (a language switch loads them: content translations among them).
  app.get<{ Params: { locale: string } }>('/i18n/:locale', async (req) => {
    await requireUser(ctx, req);
    return readI18nOverrides(ctx, req.params.locale);
  });

  // Two forms of the inline text edit: POST i18n/{locale} {key, value} and the spec's
  // POST i18n?iso={locale} [{key, data}]. Both answer the locale's overrides.
  app.post<{ Params: { locale: string } }>('/i18n/:locale', async (req) => {
    const user = await requireUser(ctx, req);
    const { key, value } = v.body<I18nOverrideRequest>('i18n-override-request', req.body);
    return saveI18nOverrides(ctx, user, req.params.locale, [{ key, data: value }]);
  });

  app.post<{ Querystring: { iso?: string } }>('/i18n', async (req) => {
    const user = await requireUser(ctx, req);
    const items = v.body<I18nBatchRequest>('i18n-batch-request', req.body);
    if (!req.query.iso) throw badRequest('the iso query parameter is missing: POST i18n?iso=<locale>');
    return saveI18nOverrides(ctx, user, req.query.iso, items);
  });
}
