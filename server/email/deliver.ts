/**
 * Job `email.send`: one email from `sendEmail` to its outbox row and out. Safe to repeat, as every
 * job must be: the row is found by its idempotency key (the caller's `key`, else the job's id), so a
 * retried or duplicated job renders nothing twice and never sends a row already sent; a send over
 * SMTP first claims the row for a while, so two workers never send one row at the same time.
 * Problems retrying cannot fix (no address, no template, too big, an SMTP 5xx) fail the row at once;
 * others (SMTP down, 4xx) throw, so the job retries with backoff.
 */
import { accountLocale } from '../../engine/core/i18n/languages';
import type { Profile, Settings } from '../../schemas/model';
import type { AppContext } from '../context';
import type { RunningJob } from '../jobs';
import type { Account } from '../model';
import { PermanentEmailError, renderEmail } from './render';
import type { EmailToSend } from './send';
import { emailDb, type EmailOutboxTable } from './tables';
import { isPermanentSmtpError, smtpOf } from './transport';

/** How long a worker holds a row while it talks to the SMTP server. */
const SEND_CLAIM_MS = 120_000;
const MAX_ERROR_CHARS = 2000;
/** An address as SMTP takes it: one @, no spaces or angle brackets. */
const ADDRESS = /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,255}$/;

export const outboxKey = (email: EmailToSend, jobId: number) => (email.key ? `k:${email.key}`.slice(0, 220) : `job:${jobId}`);

interface Recipient {
  to: string;
  language: string;
  name: string;
}

/** Where and in which language: `to` only ever from server code, else the account's own address. */
async function recipientOf(ctx: AppContext, email: EmailToSend, settings: Settings): Promise<Recipient> {
  const account = email.accountId ? (await ctx.store.get<Account>('account', email.accountId))?.data : undefined;
  if (email.accountId && !account && !email.to) throw new PermanentEmailError(`there is no account "${email.accountId}" to send to`);
  const profile = account ? (await ctx.store.get<Profile>('profile', account.accountId))?.data : undefined;
  const to = (email.to ?? account?.email ?? '').trim();
  if (!ADDRESS.test(to)) throw new PermanentEmailError(to ? `"${to}" is not an email address` : `account "${email.accountId}" has no email address`);
  const language = email.language || accountLocale(settings, profile?.data?.meta?.language);
  const fromProfile = profile?.data?.profile?.firstName;
  const name = typeof fromProfile === 'string' && fromProfile ? fromProfile : (account?.firstName ?? '');
  return { to, language, name };
}

/** An absolute http(s) address, or nothing: a List-Unsubscribe header and footer link must work from a mail client. */
function unsubscribeUrlOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && url.length <= 2048 ? parsed.href : null;
  } catch {
    return null;
  }
}

const errorText = (error: unknown) => {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
};

/** The row of this email: found by key, or rendered and inserted (a failed one when it cannot be rendered). */
async function outboxRow(ctx: AppContext, email: EmailToSend, key: string): Promise<EmailOutboxTable> {
  const db = emailDb(ctx.store.kysely);
  const existing = await db.selectFrom('email_outbox').selectAll().where('idem_key', '=', key).executeTakeFirst();
  if (existing) return existing;
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
  const siteName = typeof settings.siteName === 'string' && settings.siteName ? settings.siteName : 'Tessera';
  const now = Date.now();
  const unsubscribeUrl = unsubscribeUrlOf(email.unsubscribeUrl);
  const row: Omit<EmailOutboxTable, 'id'> = {
    idem_key: key,
    to_address: email.to ?? '',
    account_id: email.accountId,
    template_id: email.templateId.slice(0, 100),
    language: (email.language ?? '').slice(0, 20),
    subject: '',
    html: '',
    text: '',
    unsubscribe_url: unsubscribeUrl,
    from_name: siteName.slice(0, 200),
    state: 'queued',
    transport: ctx.config.smtpUrl ? 'smtp' : 'outbox',
    attempts: 0,
    last_error: null,
    claimed_until: null,
    created_at: now,
    sent_at: null,
    updated_at: now,
  };
  try {
    const recipient = await recipientOf(ctx, email, settings);
    Object.assign(row, { to_address: recipient.to, language: recipient.language.slice(0, 20) });
    const params = email.params && typeof email.params === 'object' ? email.params : {};
    const rendered = await renderEmail(ctx.store.kysely, {
      templateId: email.templateId,
      language: recipient.language,
      params,
      siteName,
      recipientName: recipient.name,
      unsubscribeUrl: unsubscribeUrl ?? undefined,
    });
    // The site sends every email, whoever caused it (`fromName` is for the template's words): a
    // person's name as the sender would read as mail from them.
    const sender = typeof params.siteName === 'string' && params.siteName.trim() ? params.siteName.trim() : siteName;
    Object.assign(row, { subject: rendered.subject, html: rendered.html, text: rendered.text, from_name: sender.replace(/[\r\n]+/g, ' ').slice(0, 200) });
  } catch (error) {
    if (!(error instanceof PermanentEmailError)) throw error;
    Object.assign(row, { state: 'failed', last_error: errorText(error) });
  }
  await db
    .insertInto('email_outbox')
    .values(row as EmailOutboxTable)
    .onConflict((oc) => oc.column('idem_key').doNothing())
    .execute();
  // Ours, or the one another worker inserted a moment before under the same key.
  return (await db.selectFrom('email_outbox').selectAll().where('idem_key', '=', key).executeTakeFirstOrThrow())!;
}

export interface DeliveryResult {
  outboxId: number;
  state: EmailOutboxTable['state'];
  /** True when the email had been sent before (a second send with its key). */
  already?: boolean;
}

export async function deliverEmail(ctx: AppContext, email: EmailToSend, job: Pick<RunningJob, 'id'>): Promise<DeliveryResult> {
  const db = emailDb(ctx.store.kysely);
  const row = await outboxRow(ctx, email, outboxKey(email, job.id));
  const id = Number(row.id);
  if (row.state === 'sent') return { outboxId: id, state: 'sent', already: true };
  // Never sendable (no address, no template): kept failed for the admin to read.
  if (row.state === 'failed' && !row.html) return { outboxId: id, state: 'failed' };
  const smtp = await smtpOf(ctx);
  const now = Date.now();
  if (!smtp || row.transport === 'outbox') {
    await db
      .updateTable('email_outbox')
      .set({ state: 'sent', transport: 'outbox', sent_at: now, updated_at: now, last_error: null })
      .where('id', '=', row.id)
      .where('state', '<>', 'sent')
      .execute();
    return { outboxId: id, state: 'sent' };
  }
  const claimed = await db
    .updateTable('email_outbox')
    .set((eb) => ({ claimed_until: now + SEND_CLAIM_MS, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', row.id)
    .where('state', '<>', 'sent')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const current = await db.selectFrom('email_outbox').select('state').where('id', '=', row.id).executeTakeFirstOrThrow();
    if (current.state === 'sent') return { outboxId: id, state: 'sent', already: true };
    throw new Error(`email ${id} is being sent by another worker; trying again later`);
  }
  try {
    await smtp.sendMail({
      from: { name: row.from_name, address: ctx.config.emailFrom },
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.unsubscribe_url ? { 'List-Unsubscribe': `<${row.unsubscribe_url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
    });
  } catch (error) {
    const at = Date.now();
    await db
      .updateTable('email_outbox')
      .set({ state: 'failed', last_error: errorText(error), claimed_until: null, updated_at: at })
      .where('id', '=', row.id)
      .execute();
    if (isPermanentSmtpError(error)) return { outboxId: id, state: 'failed' };
    throw error;
  }
  const at = Date.now();
  await db
    .updateTable('email_outbox')
    .set({ state: 'sent', sent_at: at, last_error: null, claimed_until: null, updated_at: at })
    .where('id', '=', row.id)
    .execute();
  return { outboxId: id, state: 'sent' };
}
