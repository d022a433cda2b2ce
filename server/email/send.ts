/**
 * The email domain's one entry point for other domains (notifications -> email, never back):
 * `sendEmail` queues job `email.send`, which renders the template in the recipient's language and
 * sends it (or keeps it in the outbox when no SMTP_URL is set). With `tx` the job is queued by the
 * caller's transaction, so an email exists exactly when the write that caused it commits.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import { enqueue } from '../jobs';
import type { DB } from '../storage/database';
import type { DocumentTx } from '../storage/documents';

export interface EmailToSend {
  /** The recipient's account; its address and language are read from it when `to`/`language` are absent. */
  accountId: string | null;
  /** An address given by server code (never from a request): the only way to mail an address outside an account. */
  to?: string;
  /** BCP 47; the account profile's language, else the site default, when absent. */
  language?: string;
  templateId: string;
  params: Record<string, unknown>;
  /** Where one click unsubscribes (List-Unsubscribe, and the footer's link). */
  unsubscribeUrl?: string;
  /** Idempotency: a second sendEmail with the same key sends nothing. */
  key?: string;
}

export const SEND_JOB = 'email.send';

const TEMPLATE_ID = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;
/** The job key is `email:<key>`, at most 200 characters: a longer key would be cut and could meet another. */
const MAX_KEY_CHARS = 190;

/** Queues one email; with `opts.tx` inside the caller's transaction. A call that could never send (server code's mistake) throws. */
export async function sendEmail(ctx: AppContext, email: EmailToSend, opts: { tx?: Transaction<DB> | DocumentTx } = {}): Promise<void> {
  if (!TEMPLATE_ID.test(email.templateId)) throw new Error(`sendEmail: "${email.templateId}" is not a template id`);
  if (!email.accountId && !email.to) throw new Error('sendEmail: an accountId or a to address is required');
  if (email.language !== undefined && !LANGUAGE.test(email.language)) throw new Error(`sendEmail: "${email.language}" is not a language tag`);
  if (email.key !== undefined && (!email.key || email.key.length > MAX_KEY_CHARS)) throw new Error(`sendEmail: a key is 1 to ${MAX_KEY_CHARS} characters`);
  await enqueue(ctx, SEND_JOB, email, { tx: opts.tx, ...(email.key ? { key: `email:${email.key}` } : {}) });
}
