/**
 * The demo's applications: "Join the volunteers" (the Volunteers list: why, when, and consent to
 * the code of conduct) and "Join the makers", open; and requests to the volunteers as members and
 * Ada made them, through the same moves as the API (memberships, history, notifications): Grace's
 * waiting for Ada, Elif's returned with a question, Chloé's accepted. Idempotent: fixed ids, and
 * an application already there is left as it is.
 */
import type { Field, JsonValue } from '../../schemas/model';
import type { AppContext } from '../context';
import type { Account } from '../model';
import { listById } from '../lists';
import { applicationsDb } from './applications-table';
import { checkAnswers } from './answers';
import { applicationById } from './applications';
import { moveRequest } from './moves';

const VOLUNTEER_FIELDS: Field[] = [
  { id: 'why', type: 'textarea', label: 'Why do you want to volunteer?', validation: { required: true, max: 1000 } },
  {
    id: 'availability',
    type: 'radio',
    label: 'When are you available?',
    options: [
      { value: 'weekdays', label: 'Weekdays' },
      { value: 'evenings', label: 'Evenings' },
      { value: 'weekends', label: 'Weekends' },
    ],
    validation: { required: true },
  },
  {
    id: 'consent',
    type: 'checkbox',
    label: 'Code of conduct',
    options: [{ value: 'agree', label: 'I agree to the volunteers’ code of conduct' }],
    validation: { required: true },
  },
];

const MAKER_FIELDS: Field[] = [{ id: 'makes', type: 'textarea', label: 'What do you like to make?', validation: { required: true, max: 1000 } }];

/** The demo applications (their titles and fields are translated in server/demo/i18n.json). */
export const APPLICATIONS = [
  { id: 'app-volunteers', label: 'Join the volunteers', listId: 'volunteers', fields: VOLUNTEER_FIELDS, landingPage: '/home' },
  { id: 'app-makers', label: 'Join the makers', listId: 'makers', fields: MAKER_FIELDS },
] as const;

interface SeedRequest {
  accountId: string;
  answers: Record<string, JsonValue>;
  decision?: { to: 'returned' | 'accepted'; message: string };
}

const REQUESTS: SeedRequest[] = [
  {
    accountId: 'elif',
    answers: { why: 'To meet people.', availability: 'evenings', consent: ['agree'] },
    decision: { to: 'returned', message: 'Thanks, Elif! Could you tell us a little more about what you would like to help with?' },
  },
  {
    accountId: 'chloe',
    answers: { why: 'I helped at the spring clean-up and want to do more.', availability: 'weekdays', consent: ['agree'] },
    decision: { to: 'accepted', message: 'Welcome aboard, Chloé!' },
  },
  // Last: the admins' "new application" notification of a list is the latest one, Grace's.
  { accountId: 'grace', answers: { why: 'I would love to help run the repair café.', availability: 'weekends', consent: ['agree'] } },
];

export async function seedApplications(ctx: AppContext): Promise<void> {
  const db = ctx.store.kysely;
  const now = Date.now();
  for (const app of APPLICATIONS) {
    if (!(await listById(db, app.listId)) || (await applicationById(db, app.id, { deleted: true }))) continue;
    const inserted = await applicationsDb(db)
      .insertInto('applications')
      .values({
        id: app.id,
        label: app.label,
        state: 'open',
        list_id: app.listId,
        fields: JSON.stringify(app.fields),
        email_template_id: null,
        landing_page: 'landingPage' in app ? app.landingPage : null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      // Two processes seeding at once: one inserts, and only that one makes the requests.
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (app.id !== 'app-volunteers' || !Number(inserted.numInsertedOrUpdatedRows)) continue;
    const record = (await applicationById(db, app.id))!;
    for (const r of REQUESTS) {
      if (!(await ctx.store.get<Account>('account', r.accountId))?.data?.demo) continue;
      const answers = checkAnswers(ctx, record.fields, r.answers);
      const { request } = await moveRequest(ctx, {
        application: record,
        accountId: r.accountId,
        to: 'applied',
        actor: 'member',
        by: r.accountId,
        answers,
        notify: true,
      });
      if (r.decision)
        await moveRequest(ctx, {
          application: record,
          requestId: request.id,
          accountId: r.accountId,
          to: r.decision.to,
          actor: 'admin',
          by: 'admin',
          message: r.decision.message,
          notify: true,
        });
    }
  }
}
