/**
 * The email domain (community §3 Email template, §7 the email template calls): templates as data
 * per language (`email_templates`), the master MJML layout and legal footer (`email_layouts`), job
 * `email.send` that renders and sends each email, and the outbox (`email_outbox`) where every email
 * is kept, sent over SMTP when SMTP_URL is set. Other domains send through ./send.ts (`sendEmail`).
 */
import type { Account } from '../model';
import { defineDomain } from '../domain';
import { seedBuiltIns, WELCOME_TEMPLATE } from './built-in';
import { deliverEmail } from './deliver';
import { outboxRoutes } from './outbox-routes';
import { SEND_JOB, sendEmail, type EmailToSend } from './send';
import { outboxMigration, templateLayoutsMigration, templatesMigration } from './tables';
import { builderRoutes } from './builder-routes';
import { templateRoutes } from './template-routes';
import { closeSmtp } from './transport';

/** Retries of an email whose SMTP server is away: 30 s, then doubling, over about two hours in all. */
export const SEND_ATTEMPTS = 8;
export const SEND_BACKOFF_MS = 30_000;

export default defineDomain({
  name: 'email',
  migrations: (engine) => ({
    '20261129T1300_email_templates': templatesMigration(),
    '20261129T1301_email_outbox': outboxMigration(engine),
    '20261203T0500_email_template_layouts': templateLayoutsMigration(),
  }),
  // Built-in templates and layouts are the product's, not the demo's: every database gets the missing ones.
  open: (ctx) => seedBuiltIns(ctx),
  routes(api, ctx) {
    templateRoutes(api, ctx);
    builderRoutes(api, ctx);
    outboxRoutes(api, ctx);
  },
  jobs: [
    {
      name: SEND_JOB,
      maxAttempts: SEND_ATTEMPTS,
      backoffMs: SEND_BACKOFF_MS,
      run: (ctx, payload: EmailToSend, job) => deliverEmail(ctx, payload, job),
    },
  ],
  seed: {
    // The living demo's outbox: a welcome email for every demo account (kept, or sent when SMTP_URL is set).
    async run(ctx) {
      for (const account of await ctx.store.list<Account>('account'))
        await sendEmail(ctx, { accountId: account.id, templateId: WELCOME_TEMPLATE, params: {}, key: `welcome:${account.id}` });
    },
  },
  close: (ctx) => closeSmtp(ctx),
});
