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

/** Queues one email; with `opts.tx` inside the caller's transaction. */
export async function sendEmail(ctx: AppContext, email: EmailToSend, opts: { tx?: Transaction<DB> | DocumentTx } = {}): Promise<void> {
  if (!email.templateId) throw new Error('sendEmail: templateId is required');
  if (!email.accountId && !email.to) throw new Error('sendEmail: an accountId or a to address is required');
  await enqueue(ctx, SEND_JOB, email, { tx: opts.tx, ...(email.key ? { key: `email:${email.key}`.slice(0, 200) } : {}) });
}
