/**
 * Email over real SMTP, on SQLite and PostgreSQL: an in-process SMTP server (smtp-server, parsed
 * with mailparser) and the API server started with SMTP_URL pointing at it. An email to a demo
 * account whose language is not the site's default arrives in that language with the legal footer
 * and one-click unsubscribe headers; a key sends once however often it is asked; an SMTP server
 * that refuses leaves the outbox row failed with its error and the job due again, and the retry
 * delivers it.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailOutboxMessage, EmailOutboxResponse } from '../../schemas/model/api/email';
import type { AdminJobsResponse } from '../../schemas/model/api/jobs';
import { deliverEmail } from '../../server/email/deliver';
import { sendEmail } from '../../server/email/send';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { until } from '../helpers/until';

interface Inbox {
  server: SMTPServer;
  port: number;
  received: ParsedMail[];
  /** While set, every message is refused with this transient SMTP reply. */
  refuse: string | undefined;
}

async function startInbox(): Promise<Inbox> {
  const inbox: Inbox = { server: undefined as never, port: 0, received: [], refuse: undefined };
  inbox.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (inbox.refuse) return callback(Object.assign(new Error(inbox.refuse), { responseCode: 451 }));
          inbox.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => inbox.server.listen(0, '127.0.0.1', resolve));
  inbox.port = (inbox.server.server.address() as AddressInfo).port;
  return inbox;
}

describe.each(BACKENDS)('email over SMTP on %s', (backend) => {
  let inbox: Inbox;
  let api: ApiServer;
  let admin: string;
  const ctx = () => api.server.ctx;
  const outbox = async (query = '') => (await api.call<EmailOutboxResponse>('GET', `admin/email/outbox?limit=100${query}`, { token: admin })).body.items;
  const to = (address: string) => inbox.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address));

  beforeAll(async () => {
    inbox = await startInbox();
    api = await startApiServer(backend, { JOBS_POLL_MS: '50', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, EMAIL_FROM: 'community@example.org' });
    admin = await api.signIn('admin');
    // The demo's welcome emails go out first (one per account), before any test changes a language.
    const accounts = (await ctx().store.list('account')).length;
    await until(
      'the demo welcome emails to be sent',
      () => outbox(),
      (items) => items.filter((m) => m.templateId === 'welcome' && m.state === 'sent').length === accounts,
      // Generous: the first email loads mjml, seconds on a busy machine.
      90_000,
    );
  });
  afterAll(async () => {
    await api?.close();
    await new Promise<void>((resolve) => inbox.server.close(() => resolve()));
  });

  it('sent the demo welcome emails over SMTP, in the outbox as smtp', async () => {
    const welcome = (await outbox()).filter((m) => m.templateId === 'welcome');
    expect(welcome.length).toBeGreaterThan(2);
    expect(welcome.every((m) => m.transport === 'smtp' && m.sentAt !== null)).toBe(true);
    // One welcome each (the demo's broadcast may be on its way to her too).
    expect(to('ada@example.org').filter((m) => m.subject === 'Welcome to Riverside Makers')).toHaveLength(1);
  });

  it('delivers in the account profile language, with the legal footer and one-click unsubscribe', async () => {
    const maya = await api.signIn('maya');
    const chosen = await api.call('POST', 'profile/meta/upsert', { token: maya, body: { path: 'language', data: 'fr' } });
    expect(chosen.status).toBe(200);
    await sendEmail(ctx(), {
      accountId: 'maya',
      templateId: 'welcome',
      params: { link: 'https://makers.example.org/' },
      unsubscribeUrl: 'https://makers.example.org/email/unsubscribe?token=abc',
      key: 'smtp-test:maya-fr',
    });
    const [mail] = await until(
      'the French email to reach the SMTP server',
      // This email's own unsubscribe link tells it from the demo's welcome and broadcast emails.
      async () => to('maya@example.org').filter((m) => (m.text ?? '').includes('email/unsubscribe?token=abc')),
      (mails) => mails.length === 1,
    );
    expect(mail.subject).toBe('Bienvenue sur Riverside Makers');
    expect(mail.from?.value[0]).toEqual({ address: 'community@example.org', name: 'Riverside Makers' });
    expect(mail.text).toContain('Bonjour Maya,');
    expect(mail.text).toContain('Votre compte sur Riverside Makers est prêt.');
    expect(mail.html).toContain('Bonjour Maya,');
    // The legal footer: who sent it, why, and the unsubscribe link (in the HTML and the text).
    expect(mail.html).toContain('Cet e-mail vous a été envoyé par Riverside Makers.');
    expect(mail.text).toContain('Vous le recevez parce que vous avez un compte sur Riverside Makers');
    expect(mail.html).toContain('href="https://makers.example.org/email/unsubscribe?token=abc"');
    expect(mail.html).toContain('Se désabonner de ces e-mails');
    const header = (name: string) => mail.headerLines.filter((h) => h.key === name).map((h) => h.line);
    expect(header('list-unsubscribe')).toEqual(['List-Unsubscribe: <https://makers.example.org/email/unsubscribe?token=abc>']);
    expect(header('list-unsubscribe-post')).toEqual(['List-Unsubscribe-Post: List-Unsubscribe=One-Click']);
    const row = (await outbox()).find((m) => m.to === 'maya@example.org' && m.language === 'fr');
    expect(row).toMatchObject({ state: 'sent', transport: 'smtp', templateId: 'welcome', subject: 'Bienvenue sur Riverside Makers', accountId: 'maya' });
  });

  it('sends one email for one key, however often and however concurrently it is asked', async () => {
    const email = {
      accountId: 'victor',
      templateId: 'notification.mention',
      params: { title: 'You were mentioned', message: 'Ada mentioned you' },
      key: 'smtp-test:once',
    };
    await Promise.all([sendEmail(ctx(), email), sendEmail(ctx(), email)]);
    const mentioned = () => to('victor@example.org').filter((m) => m.subject === 'You were mentioned');
    await until(
      'the first send',
      async () => mentioned(),
      (m) => m.length === 1,
    );
    // Asked again once the first job finished: the outbox row says it was sent, nothing goes out.
    await sendEmail(ctx(), email);
    await until(
      'the second job to finish',
      async () => (await api.call<AdminJobsResponse>('GET', 'admin/jobs?limit=100', { token: admin })).body,
      (jobs) => jobs.items.filter((j) => j.name === 'email.send').every((j) => j.state === 'complete'),
    );
    expect(mentioned()).toHaveLength(1);
    expect((await outbox()).filter((m) => m.subject === 'You were mentioned')).toHaveLength(1);
  });

  it('sends one email when two workers run the same key at once (two jobs, as two processes would)', async () => {
    const email = { accountId: 'victor', templateId: 'notification.mention', params: { title: 'Raced', message: 'Twice at once' }, key: 'smtp-test:raced' };
    const outcomes = await Promise.allSettled([deliverEmail(ctx(), email, { id: 900_000_001 }), deliverEmail(ctx(), email, { id: 900_000_002 })]);
    // One sends; the other finds it sent or being sent (and its job would retry, then find it sent).
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value.state === 'sent' && !o.value.already)).toHaveLength(1);
    expect(await deliverEmail(ctx(), email, { id: 900_000_003 })).toMatchObject({ state: 'sent', already: true });
    await until(
      'the raced email',
      async () => to('victor@example.org').filter((m) => m.subject === 'Raced'),
      (m) => m.length === 1,
    );
    expect((await outbox()).filter((m) => m.subject === 'Raced')).toHaveLength(1);
  });

  it('keeps a refused email failed with its error, retries the job, and sends it on the retry', async () => {
    inbox.refuse = 'Mailbox busy, try again later';
    await sendEmail(ctx(), {
      accountId: 'victor',
      templateId: 'notification.newMessage',
      params: { title: 'A new message', message: 'Hello Victor' },
      key: 'smtp-test:refused',
    });
    const failed = await until(
      'the outbox row to fail',
      () => outbox('&state=failed'),
      (items) => items.some((m) => m.subject === 'A new message'),
    );
    const row = failed.find((m) => m.subject === 'A new message')!;
    expect(row.lastError).toContain('Mailbox busy, try again later');
    expect(row.sentAt).toBeNull();
    // The job is not dead: it failed once and is due again after its backoff.
    // (The row fails before the runner records the attempt: wait for the job's state too.)
    const job = await until(
      'the job to record its failed attempt',
      async () =>
        (await api.call<AdminJobsResponse>('GET', 'admin/jobs?state=failed&limit=100', { token: admin })).body.items.find((j) => j.name === 'email.send'),
      (j) => j !== undefined,
    );
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job!.runAt).toBeGreaterThan(Date.now());
    expect(to('victor@example.org').filter((m) => m.subject === 'A new message')).toHaveLength(0);

    inbox.refuse = undefined;
    // Due now rather than after the 30 s backoff: the admin's retry of the jobs view.
    expect((await api.call('POST', `admin/jobs/${job!.id}/retry`, { token: admin })).status).toBe(200);
    await until(
      'the retried email to arrive',
      async () => to('victor@example.org').filter((m) => m.subject === 'A new message'),
      (m) => m.length === 1,
    );
    const sent = await until(
      'the outbox row to be sent',
      async () => (await api.call<EmailOutboxMessage>('GET', `admin/email/outbox/${row.id}`, { token: admin })).body,
      (m) => m.state === 'sent',
    );
    expect(sent.lastError).toBeNull();
    expect(sent.sentAt).not.toBeNull();
    expect(sent.text).toContain('Hello Victor');
  });
});
