/**
 * What the product ships as data (seeded at every start, only what is missing, so an admin's edit
 * is kept): a template `notification.<event>` for every notification event
 * (engine/core/notifications.ts), the demo's `welcome`, the master MJML layout and the legal footer.
 */
import { NOTIFICATION_EVENTS } from '../../engine/core/notifications';
import type { AppContext } from '../context';
import { emailDb, type EmailLayoutKind } from './tables';

/** The parameters every notification email gets (server/notifications fills them). */
export const NOTIFICATION_PARAMS = ['title', 'message', 'link', 'recipientName', 'siteName', 'fromName'] as const;

export const notificationTemplateId = (event: string) => `notification.${event}`;
export const WELCOME_TEMPLATE = 'welcome';

const NOTIFICATION_HTML = [
  '<p>{{#if recipientName}}{{text.greeting}}{{else}}{{text.greetingNoName}}{{/if}}</p>',
  '{{#if title}}<h2>{{title}}</h2>{{/if}}',
  '<p>{{message}}</p>',
  '{{#if link}}<p><a href="{{link}}">{{text.open}}</a></p>{{/if}}',
].join('\n');

interface BuiltInTemplate {
  templateId: string;
  subject: string;
  html: string;
  parameterList: readonly string[];
}

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  ...NOTIFICATION_EVENTS.map((event) => ({
    templateId: notificationTemplateId(event),
    subject: '{{#if title}}{{title}}{{else}}{{siteName}}{{/if}}',
    html: NOTIFICATION_HTML,
    parameterList: NOTIFICATION_PARAMS,
  })),
  {
    templateId: WELCOME_TEMPLATE,
    subject: '{{text.welcomeSubject}}',
    html: '<p>{{#if recipientName}}{{text.greeting}}{{else}}{{text.greetingNoName}}{{/if}}</p>\n<p>{{text.welcomeBody}}</p>\n{{#if link}}<p><a href="{{link}}">{{text.open}}</a></p>{{/if}}',
    parameterList: ['recipientName', 'siteName', 'link'],
  },
];

/**
 * The master template: MJML around every email. `body` and `footer` are HTML already rendered and
 * sanitised (so raw, `{{{ }}}`); everything else is escaped.
 */
export const MASTER_MJML = `<mjml>
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>{{subject}}</mj-preview>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.5" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" align="center">{{siteName}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
        <mj-text>{{{body}}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#52606d" align="center">{{{footer}}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/** The legal footer: who sent it, why the reader gets it, and how to stop (when there is a way). */
export const LEGAL_FOOTER = `<p>{{text.sentBy}}</p>
<p>{{text.why}}</p>
{{#if unsubscribeUrl}}<p><a href="{{unsubscribeUrl}}">{{text.unsubscribe}}</a></p>{{/if}}`;

/**
 * A plainer master for templates that want no header band (a reply-like message): white, left
 * aligned. No Roboto in its font stack: MJML links Google Fonts for it, which a reader's mail
 * client would fetch from elsewhere.
 */
export const PLAIN_MASTER_MJML = `<mjml>
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>{{subject}}</mj-preview>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.5" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#ffffff" css-class="plain-master">
    <mj-section padding="16px 8px">
      <mj-column>
        <mj-text>{{{body}}}</mj-text>
        <mj-divider border-width="1px" border-color="#d9dee3" />
        <mj-text font-size="12px" color="#52606d">{{{footer}}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/** A shorter legal footer: who sent it and how to stop, without the reason. */
export const SHORT_LEGAL_FOOTER = `<p class="short-footer">{{text.sentBy}}</p>
{{#if unsubscribeUrl}}<p><a href="{{unsubscribeUrl}}">{{text.unsubscribe}}</a></p>{{/if}}`;

const BUILT_IN_LAYOUTS: readonly { kind: EmailLayoutKind; id: string; name: string; source: string }[] = [
  { kind: 'master', id: 'default', name: 'Default master template', source: MASTER_MJML },
  { kind: 'master', id: 'plain', name: 'Plain master template', source: PLAIN_MASTER_MJML },
  { kind: 'footer', id: 'default', name: 'Default legal footer', source: LEGAL_FOOTER },
  { kind: 'footer', id: 'short', name: 'Short legal footer', source: SHORT_LEGAL_FOOTER },
];

/** Adds the built-in templates and layouts the database lacks (safe from several processes at once). */
export async function seedBuiltIns(ctx: AppContext): Promise<void> {
  const db = emailDb(ctx.store.kysely);
  const now = Date.now();
  const have = new Set(
    (await db.selectFrom('email_templates').select('template_id').where('language', '=', '').where('built_in', '=', 1).execute()).map((r) => r.template_id),
  );
  const missing = BUILT_IN_TEMPLATES.filter((t) => !have.has(t.templateId));
  if (missing.length)
    await db
      .insertInto('email_templates')
      .values(
        missing.map((t) => ({
          template_id: t.templateId,
          language: '',
          subject: t.subject,
          html: t.html,
          parameter_list: JSON.stringify(t.parameterList),
          built_in: 1,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['template_id', 'language']).doNothing())
      .execute();
  for (const layout of BUILT_IN_LAYOUTS) {
    // Active only when its kind has no active layout yet (a fresh database).
    const active = await db.selectFrom('email_layouts').select('id').where('kind', '=', layout.kind).where('active', '=', 1).executeTakeFirst();
    await db
      .insertInto('email_layouts')
      .values({ ...layout, active: active ? 0 : 1, built_in: 1, updated_at: now })
      .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
      .execute();
  }
}
