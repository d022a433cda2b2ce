/**
 * The escalation matrix, on SQLite and PostgreSQL: a member (Maya), an elevated editor (Elena:
 * edit mode, page settings and children, block settings and visibility) and an admin, each on a
 * fresh demo, send a valid request to every write route the server registers (the table must
 * name exactly the enumerated routes, so a new route cannot be left out) and get the answer their
 * permissions give; a refused request leaves the database as it was. Then every realtime room: each
 * account may subscribe to exactly the modules and pages it may view, and hears a change on every
 * page it subscribed to and nothing at all of the others. Then the writes that put an earlier state
 * back or name other items (revert, the composer's undo, paste, clone, the captured blocks' move):
 * Elena acts on what she could see, the admin restricts or changes it meanwhile, and her request is
 * refused, changes nothing, and leaves Maya unable to read what the admin hid (issue 36, findings 2, 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../../schemas/model';
import type { PageResponse, StructureResponse } from '../../schemas/model/api/structure';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { databaseSnapshot, snapshotDifference, watchDatabase } from '../helpers/db-snapshot';
import { emitAck, recordEvents, settle, socketFor } from '../helpers/sockets';
import { until } from '../helpers/until';
import { testJpeg, testPng, upload, type UploadPart } from '../helpers/uploads';

type Role = 'member' | 'elevated' | 'admin';
const ACCOUNT: Record<Role, string> = { member: 'maya', elevated: 'elena', admin: 'admin' };
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** What a request may need from earlier answers of the same run. */
interface RunContext {
  api: ApiServer;
  adminToken: string;
  token: string;
  revertToken?: string;
  commentId?: string;
  /** A file the account uploaded, and an asset the admin added. */
  fileId?: string;
  assetId?: string;
  /** A user list the admin created. */
  listId?: string;
  /** A membership request the admin made for Maya (applications). */
  requestId?: string;
  /** The account's chat with Victor and its message (chat). */
  chatId?: string;
  chatMessageId?: string;
  /** A post the account wrote on the demo's discussion board (communications). */
  postId?: string;
  /** An entity definition and an entity of it the admin made for the entity rows, and a definition the account made. */
  definitionId?: string;
  entityId?: string;
  newDefinitionId?: string;
}

interface Entry {
  /** `${method} ${route}` exactly as registered. */
  route: string;
  path: string | ((c: RunContext) => string);
  body?: unknown | ((c: RunContext) => Promise<unknown> | unknown);
  form?: string;
  /** Sent as multipart/form-data instead of JSON. */
  upload?: () => Promise<UploadPart>;
  /** Expected status for member, elevated, admin. */
  expect: [number, number, number];
  /** Keeps something from the answer for later entries. */
  keep?: (c: RunContext, body: Record<string, unknown>) => void;
  /** Sends with a session of its own (logout ends the session it is sent with). */
  ownSession?: boolean;
}

const current = async (c: RunContext, id: string) => (await c.api.call<Block>('GET', `structure/block/${id}`, { token: c.adminToken })).body;
const moduleOrder = async (c: RunContext) => (await c.api.call<StructureResponse>('GET', 'structure', { token: c.adminToken })).body.order;
const pagesOf = async (c: RunContext, moduleId: string) =>
  (await c.api.call<StructureResponse>('GET', 'structure', { token: c.token })).body.modules.find((m) => m.id === moduleId)!.pages.map((p) => p.id);

/** In run order: every accepted write leaves the demo usable for the entries after it. */
let pasted = 0;

const MATRIX: Entry[] = [
  { route: 'POST /api/v1/auth/tradeSecret', path: 'auth/tradeSecret', body: { secret: 'never-issued', serviceId: 'tessera' }, expect: [401, 401, 401] },
  { route: 'POST /api/v1/auth/refresh', path: 'auth/refresh', body: (c: RunContext) => ({ jwt: c.token }), expect: [200, 200, 200] },
  { route: 'POST /login', path: '/login', form: 'accountId=maya', expect: [303, 303, 303] },
  { route: 'POST /api/v1/user/deviceKeepalive', path: 'user/deviceKeepalive', body: { deviceId: 'matrix-device' }, expect: [200, 200, 200] },
  { route: 'POST /api/v1/user/setNotifications', path: 'user/setNotifications', body: { enabled: true }, expect: [200, 200, 200] },
  { route: 'POST /api/v1/user/viewAs', path: 'user/viewAs', body: { userListIds: [] }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/admin/viewAs', path: 'admin/viewAs', body: { listIds: ['makers'] }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/admin/reset', path: 'admin/reset', expect: [403, 403, 200] },
  // Reads only, but a POST: who a rule lets in is for admins.
  // Search management (server/search/admin-routes.ts): update on searchManagement.
  {
    route: 'POST /api/v1/admin/searchManagement',
    path: 'admin/searchManagement',
    body: { profileFields: [{ key: 'phone', searchable: false }] },
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/admin/rules/preview', path: 'admin/rules/preview', body: { query: { logicalOperator: 'all', rules: [] } }, expect: [403, 403, 200] },
  // Elena is elevated without a grant on tools; no job has this id, so the admin is answered 404.
  { route: 'POST /api/v1/admin/jobs/:id/retry', path: 'admin/jobs/999999999/retry', expect: [403, 403, 404] },
  // Processes (the tools area, read on tools, and each type's grant): the admin starts a members export; no process has this id.
  {
    route: 'POST /api/v1/admin/process/:type/start',
    path: 'admin/process/exportMembers/start',
    body: { payload: { format: 'csv' } },
    expect: [403, 403, 201],
  },
  { route: 'POST /api/v1/admin/process/:processId/reportRead', path: 'admin/process/matrix-no-process/reportRead', expect: [403, 403, 404] },
  // Email templates are the emailTemplateBuilder area's (read and update on templates); no template has this id.
  {
    route: 'POST /api/v1/service/coreAPI/addEmailTemplate',
    path: 'service/coreAPI/addEmailTemplate',
    body: { templateId: 'matrix.note', subject: 'Note', html: '<p>{{message}}</p>', parameterList: ['message'] },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/service/coreAPI/deleteEmailTemplate',
    path: 'service/coreAPI/deleteEmailTemplate',
    body: { templateId: 'matrix.none' },
    expect: [403, 403, 404],
  },
  // The template builder: reads of a draft (check, preview) are POSTs, and a test send goes to the admin's own address.
  {
    route: 'POST /api/v1/emailTemplates/check',
    path: 'emailTemplates/check',
    body: { language: '', subject: 'Note', html: '<p>{{message}}</p>', parameterList: ['message'] },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/emailTemplates/preview',
    path: 'emailTemplates/preview',
    body: { language: '', subject: 'Note', html: '<p>{{message}}</p>', parameterList: ['message'], previewLanguage: 'en' },
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/emailTemplates/testSend', path: 'emailTemplates/testSend', body: { templateId: 'welcome', language: 'en' }, expect: [403, 403, 200] },
  // Applications: the admin area applications (read and update on applications); members apply, withdraw and re-apply their own.
  { route: 'PUT /api/v1/applications', path: 'applications', body: { label: 'Matrix application', listId: 'makers' }, expect: [403, 403, 201] },
  { route: 'PUT /api/v1/applications/:id', path: 'applications/app-makers', body: { changes: { label: 'Join us' } }, expect: [403, 403, 200] },
  {
    route: 'PUT /api/v1/applications/:id/field/:fieldId',
    path: 'applications/app-makers/field/matrix-field',
    body: { field: { id: 'matrix-field', type: 'text', label: 'Matrix' } },
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/applications/:id/field/:fieldId', path: 'applications/app-makers/field/matrix-field', expect: [403, 403, 200] },
  // Maya applies for herself; Elena may not apply for Maya; the admin may (and Ada's own request is not needed).
  {
    route: 'PUT /api/v1/applications/:id/request/:accountId/:entityId',
    path: 'applications/app-volunteers/request/maya/-',
    body: { answers: { why: 'To help.', availability: 'weekends', consent: ['agree'] } },
    expect: [200, 403, 200],
    keep: (c, body) => void (c.requestId = (body.request as { id: string }).id),
  },
  // Maya withdraws her request and Ada leaves the Volunteers (accepted there); Elena has no membership there (a refused move).
  { route: 'POST /api/v1/applications/:id/request/me/:state/:entityId', path: 'applications/app-volunteers/request/me/withdrawn/-', expect: [200, 409, 200] },
  {
    route: 'POST /api/v1/applications/membershipRequests/admin/:id/:state',
    path: (c) => `applications/membershipRequests/admin/${c.requestId ?? 'mr-none'}/accepted`,
    body: { message: 'Welcome' },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/applications/:id/archive/:requestId',
    path: (c) => `applications/app-volunteers/archive/${c.requestId ?? 'mr-none'}`,
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/applications/:id', path: 'applications/app-makers', expect: [403, 403, 204] },
  // Notifications: each member's own (ids not hers are ignored); broadcasts are the broadcasts area's (broadcast on notifications).
  { route: 'POST /api/v1/profile/notifications/seen/:type', path: 'profile/notifications/seen/system', expect: [200, 200, 200] },
  { route: 'POST /api/v1/profile/notifications/read', path: 'profile/notifications/read', body: { notificationIds: ['not-hers'] }, expect: [200, 200, 200] },
  {
    route: 'POST /api/v1/profile/notifications/updateUserPreferences',
    path: 'profile/notifications/updateUserPreferences',
    body: { event: 'mention', type: 'email', active: false },
    expect: [200, 200, 200],
  },
  { route: 'POST /api/v1/profile/notifications/getFollowedItems', path: 'profile/notifications/getFollowedItems', body: {}, expect: [200, 200, 200] },
  // Chat: every member's own chats (a participant only; the contract's 403 for the rest is tests/api/chat.test.ts').
  {
    route: 'PUT /api/v1/chat/private',
    path: 'chat/private',
    body: { to: 'victor' },
    expect: [201, 201, 201],
    keep: (c, body) => void (c.chatId = body.id as string),
  },
  {
    route: 'PUT /api/v1/chat/private/:id',
    path: (c) => `chat/private/${c.chatId ?? 'none'}`,
    body: { message: 'Hello <b>Victor</b>', clientId: 'matrix-send-1' },
    expect: [201, 201, 201],
    keep: (c, body) => void (c.chatMessageId = body.id as string),
  },
  {
    route: 'PATCH /api/v1/chat/private/:id/:messageId',
    path: (c) => `chat/private/${c.chatId ?? 'none'}/${c.chatMessageId ?? '0'}`,
    body: { message: 'Hello Victor' },
    expect: [200, 200, 200],
  },
  {
    route: 'POST /api/v1/communications/:id/:messageId/meta',
    path: (c) => `communications/${c.chatId ?? 'none'}/${c.chatMessageId ?? '0'}/meta`,
    body: { meta: { pinned: true } },
    expect: [200, 200, 200],
  },
  { route: 'POST /api/v1/communications/:id/markAsRead', path: (c) => `communications/${c.chatId ?? 'none'}/markAsRead`, body: {}, expect: [200, 200, 200] },
  // Her own message: nothing to report (400, nothing stored).
  {
    route: 'POST /api/v1/chat/private/:id/:messageId/report',
    path: (c) => `chat/private/${c.chatId ?? 'none'}/${c.chatMessageId ?? '0'}/report`,
    body: { reason: 'spam' },
    expect: [400, 400, 400],
  },
  // Abuse reports: every member reports what she can see; only moderators (abuseReports) work the queue.
  { route: 'POST /api/v1/reportAbuse', path: 'reportAbuse', body: { reportedType: 'profile', reportedId: 'hiro', category: 'spam' }, expect: [201, 201, 201] },
  {
    route: 'POST /api/v1/reportAbuse/commentCommunicationAdmin',
    path: 'reportAbuse/commentCommunicationAdmin',
    body: { id: 'demo-abuse-open', message: 'Looking at it.' },
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/reportAbuse/update', path: 'reportAbuse/update', body: { id: 'demo-abuse-open', status: 'inReview' }, expect: [403, 403, 200] },
  // The demo's open report names a comment of the demo feed: hidden, shown again, then deleted.
  {
    route: 'POST /api/v1/reportAbuse/hideCommunicationAdmin',
    path: 'reportAbuse/hideCommunicationAdmin',
    body: { id: 'demo-abuse-open' },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/reportAbuse/enableCommunicationAdmin',
    path: 'reportAbuse/enableCommunicationAdmin',
    body: { id: 'demo-abuse-open' },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/reportAbuse/deleteCommunicationAdmin',
    path: 'reportAbuse/deleteCommunicationAdmin',
    body: { id: 'demo-abuse-open', reason: 'Spam' },
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/chat/private/:id/:messageId', path: (c) => `chat/private/${c.chatId ?? 'none'}/${c.chatMessageId ?? '0'}`, expect: [200, 200, 200] },
  { route: 'DELETE /api/v1/chat/private/:id', path: (c) => `chat/private/${c.chatId ?? 'none'}`, expect: [204, 204, 204] },
  { route: 'PUT /api/v1/chat/blocks/:accountId', path: 'chat/blocks/victor', expect: [204, 204, 204] },
  { route: 'DELETE /api/v1/chat/blocks/:accountId', path: 'chat/blocks/victor', expect: [204, 204, 204] },
  { route: 'POST /api/v1/admin/broadcasts/preview', path: 'admin/broadcasts/preview', body: { lists: ['makers'] }, expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/admin/broadcasts',
    path: 'admin/broadcasts',
    body: { lists: ['makers'], title: 'Matrix', message: 'A broadcast of the matrix.', channels: { inApp: true, email: false } },
    expect: [403, 403, 202],
  },
  // Signed links only: a token nobody signed changes nothing, whoever sends it.
  { route: 'POST /email/unsubscribe', path: '/email/unsubscribe?token=not-signed', form: 'List-Unsubscribe=One-Click', expect: [400, 400, 400] },
  { route: 'POST /api/v1/i18n/:locale', path: 'i18n/en', body: { key: 'common.actions.save', value: 'Keep' }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/i18n', path: 'i18n?iso=en', body: [{ key: 'common.actions.save', data: null }], expect: [403, 403, 200] },
  // The languages and translations admin (server/i18n/admin-routes.ts): update on settings.
  {
    route: 'POST /api/v1/i18n/toggleLanguagePublishedState',
    path: 'i18n/toggleLanguagePublishedState',
    body: { language: 'de', published: true },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/i18n/bulkLanguageUpload',
    path: 'i18n/bulkLanguageUpload',
    body: { language: 'de', format: 'csv', content: 'common.actions.save,Speichern' },
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/i18n/clearLanguageOverrides', path: 'i18n/clearLanguageOverrides', body: { language: 'es' }, expect: [403, 403, 200] },
  { route: 'DELETE /api/v1/i18n/:key', path: 'i18n/content.page.lounge.name?locale=fr', expect: [403, 403, 200] },
  { route: 'PUT /api/v1/profile/favourites/add', path: 'profile/favourites/add', body: { type: 'pages', value: 'faq' }, expect: [200, 200, 200] },
  { route: 'DELETE /api/v1/profile/favourites', path: 'profile/favourites', body: { type: 'pages', targetId: 'faq' }, expect: [200, 200, 200] },
  // Only the caller's own link can go; nobody has one here (no provider is configured).
  { route: 'DELETE /api/v1/user/socialAccountLink/:externalId', path: 'user/socialAccountLink/g-maya', expect: [404, 404, 404] },
  {
    route: 'POST /api/v1/profile/meta/privacy/connectivity',
    path: 'profile/meta/privacy/connectivity',
    body: { isConnectivityPrivate: true },
    expect: [200, 200, 200],
  },
  { route: 'POST /api/v1/user/dataPrivacy', path: 'user/dataPrivacy', body: { dataSchemaId: 'city', state: 'private' }, expect: [200, 200, 200] },
  { route: 'POST /api/v1/profile/meta/upsert', path: 'profile/meta/upsert', body: { path: 'block.matrix', data: true }, expect: [200, 200, 200] },
  {
    route: 'POST /api/v1/profile/:id',
    path: 'profile/maya',
    body: { blockId: 'settings-preferences-form', changes: { skills: 'Joinery' } },
    expect: [200, 403, 200],
  },
  {
    route: 'POST /api/v1/settings/permission/getDefaultPagesViewPermission',
    path: 'settings/permission/getDefaultPagesViewPermission',
    body: { defaultPageNames: ['faq'] },
    expect: [200, 200, 200],
  },
  { route: 'POST /api/v1/audit/save', path: 'audit/save', body: [{ logType: 'pageView', subject: 'faq', actionTime: 1 }], expect: [200, 200, 200] },
  { route: 'POST /api/v1/settings/:name', path: 'settings/date', body: { changes: { timeFormat: 'HH:mm' }, merge: true }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/settings/searchSettings', path: 'settings/searchSettings', body: { changes: { fuzzy: true } }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/settings/secret/:name', path: 'settings/secret/matrix', body: { value: 'v' }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/service/brands', path: 'service/brands', body: { brandName: 'Matrix' }, expect: [403, 403, 200] },
  { route: 'PUT /api/v1/service/brands/:id/name', path: 'service/brands/1/name', body: { brandName: 'Renamed' }, expect: [403, 403, 200] },
  { route: 'PUT /api/v1/service/brands/:id/themeStyles', path: 'service/brands/1/themeStyles', body: { styles: [] }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/service/brands/:id/:kind', path: 'service/brands/1/logo', body: { changes: { image: PNG } }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/service/brands/:id/activate', path: 'service/brands/1/activate', expect: [403, 403, 200] },
  { route: 'PUT /api/v1/settings/general', path: 'settings/general', body: { themeModeEnabled: true }, expect: [403, 403, 200] },
  { route: 'PUT /api/v1/settings/globalCss', path: 'settings/globalCss', body: { css: 'body { margin: 0; }' }, expect: [403, 403, 200] },
  // The installable web app (server/settings/web-app-routes.ts): the apps area, update on settings.
  { route: 'PUT /api/v1/settings/webApp', path: 'settings/webApp', body: { name: 'Matrix app', themeColour: '#123456' }, expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/settings/webApp/icon/:size',
    path: 'settings/webApp/icon/192',
    body: async () => ({ image: `data:image/png;base64,${(await testPng(192, 192)).toString('base64')}` }),
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/settings/webApp/icon/:size', path: 'settings/webApp/icon/192', expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/structure/module/order',
    path: 'structure/module/order',
    body: async (c: RunContext) => ({ order: await moduleOrder(c) }),
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/structure/module/order/',
    path: 'structure/module/order/',
    body: async (c: RunContext) => ({ order: await moduleOrder(c) }),
    expect: [403, 403, 200],
  },
  {
    route: 'PUT /api/v1/structure/module',
    path: 'structure/module',
    body: { module: { id: 'matrix-module', slug: 'matrix-module', name: 'M' } },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/structure/module/:id',
    path: 'structure/module/resources',
    body: { module: { slug: 'resources', name: 'Resources' } },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/structure/module/:id/property',
    path: 'structure/module/resources/property',
    body: { key: 'name', value: 'Res' },
    expect: [403, 403, 200],
  },
  {
    route: 'PUT /api/v1/structure/page',
    path: 'structure/page',
    body: { moduleId: 'resources', page: { id: 'matrix-page', slug: 'matrix-page', name: 'P' } },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/structure/page/order',
    path: 'structure/page/order',
    body: async (c: RunContext) => ({ moduleId: 'resources', order: (await pagesOf(c, 'resources')).reverse() }),
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/structure/page/:id', path: 'structure/page/faq', body: { page: { slug: 'faq', name: 'Questions' } }, expect: [403, 200, 200] },
  { route: 'POST /api/v1/structure/page/:id/property', path: 'structure/page/faq/property', body: { key: 'name', value: 'FAQ' }, expect: [403, 200, 200] },
  { route: 'PUT /api/v1/structure/page/:pageId/addChild/:childId/:index', path: 'structure/page/faq/addChild/faq-2/0', expect: [403, 200, 200] },
  {
    route: 'POST /api/v1/structure/page/:pageId/addChildren/:index',
    path: 'structure/page/faq/addChildren/0',
    body: { childrenIds: ['faq-3'] },
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/module/:origin/moveChild/:child/target/:target',
    path: 'structure/module/resources/moveChild/tool-library/target/home',
    expect: [403, 403, 200],
  },
  {
    route: 'PUT /api/v1/structure/block',
    path: 'structure/block',
    body: { pageId: 'guides', block: { id: 'matrix-block', type: 'plainText', options: { text: 'New' } } },
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block/:id',
    path: 'structure/block/guides-3d',
    body: async (c: RunContext) => ({ block: { ...(await current(c, 'guides-3d')), options: { text: 'Printers moved.' } } }),
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block',
    path: 'structure/block',
    body: async (c: RunContext) => ({ blocks: [{ ...(await current(c, 'guides-laser')), options: { text: 'Laser rules.' } }] }),
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block/:id/property',
    path: 'structure/block/guides-induction/property',
    body: { key: 'showTitle', value: true },
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block/:id/:col/:index',
    path: 'structure/block/groups-tab-wood/0/0',
    body: { childrenIds: ['groups-wood'] },
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block/:blockId/:col/:index/:childId',
    path: 'structure/block/groups-tab-electronics/0/0/groups-electronics',
    expect: [403, 200, 200],
  },
  {
    route: 'PUT /api/v1/structure/block/:id/addField/:fieldId',
    path: 'structure/block/settings-preferences-form/addField/pref-skills',
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block/move',
    path: 'structure/block/move',
    body: { fromPageId: 'guides', toPageId: 'faq', updates: [{ id: 'guides-danger' }] },
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block/paste',
    path: 'structure/block/paste',
    // New ids per request: each role pastes its own copy.
    body: () => {
      const id = `matrix-paste-${++pasted}`;
      return {
        pageId: 'guides',
        parentType: 'page',
        parentId: 'guides',
        colIndex: 0,
        index: 0,
        roots: [id],
        blocks: [{ id, type: 'plainText', options: { text: 'Pasted' } }],
      };
    },
    expect: [403, 200, 200],
  },
  { route: 'POST /api/v1/structure/block/clone', path: 'structure/block/clone', body: { ids: ['faq-1'], toPageId: 'guides' }, expect: [403, 200, 200] },
  {
    route: 'DELETE /api/v1/structure/block/:id/:parentType/:parentId/:col/:index',
    path: 'structure/block/tools-intro/page/tool-library/0/0',
    expect: [403, 200, 200],
  },
  {
    route: 'DELETE /api/v1/structure/block/:id',
    path: 'structure/block/tools-donate',
    expect: [403, 200, 200],
    keep: (c, body) => (c.revertToken = body.revertToken as string),
  },
  {
    route: 'POST /api/v1/structure/revert',
    path: 'structure/revert',
    body: (c: RunContext) => ({ token: c.revertToken ?? 'never-issued' }),
    expect: [404, 200, 200],
  },
  // Drafts (issue 35): nothing is drafted here (no edit-mode header), so an editor publishes and discards nothing.
  { route: 'POST /api/v1/structure/drafts/publish', path: 'structure/drafts/publish', body: { all: true }, expect: [403, 200, 200] },
  { route: 'POST /api/v1/structure/drafts/discard', path: 'structure/drafts/discard', body: { all: true }, expect: [403, 200, 200] },
  {
    route: 'POST /api/v1/structure/block/:id/recalculatePostScores',
    path: 'structure/block/lounge-swap/recalculatePostScores',
    expect: [403, 200, 200],
  },
  {
    route: 'PUT /api/v1/structure/block/:id/comment',
    path: 'structure/block/lounge-swap/comment',
    body: { comment: 'Thanks!' },
    expect: [200, 200, 200],
    keep: (c, body) => (c.commentId = body.id as string),
  },
  {
    route: 'POST /api/v1/structure/block/:id/comment/:commentId',
    path: (c) => `structure/block/lounge-swap/comment/${c.commentId}`,
    body: { comment: 'Thanks a lot!' },
    expect: [200, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/block/:id/setReaction/:commentId',
    path: (c) => `structure/block/lounge-swap/setReaction/${c.commentId}`,
    body: { reactionId: 'like' },
    expect: [200, 200, 200],
  },
  // Posts (communications): the card wall takes admins' cards only; a post's author edits it, a moderator (admin) deletes another's.
  {
    route: 'PUT /api/v1/communications/:targetId',
    path: 'communications/demo-card-wall',
    body: { title: 'Matrix card', body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'card' }] }] } },
    expect: [403, 403, 201],
  },
  {
    route: 'PUT /api/v1/communications/:targetId',
    path: 'communications/demo-discussions',
    body: { title: 'Matrix thread', body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'thread' }] }] } },
    expect: [201, 201, 201],
    keep: (c, body) => (c.postId = body.id as string),
  },
  {
    route: 'PATCH /api/v1/communications/:targetId/:id',
    path: (c) => `communications/demo-discussions/${c.postId}`,
    body: { title: 'Matrix thread, edited' },
    expect: [200, 200, 200],
  },
  {
    route: 'PATCH /api/v1/communications/:targetId/:id',
    path: 'communications/demo-discussions/demo-thread-lathe',
    body: { title: 'Taken over' },
    expect: [200, 403, 403],
  },
  {
    route: 'POST /api/v1/communications/:targetId/:id/reaction',
    path: (c) => `communications/demo-discussions/${c.postId}/reaction`,
    body: { reactionId: 'like' },
    expect: [200, 200, 200],
  },
  {
    route: 'PUT /api/v1/communications/:targetId/:id/follow',
    path: (c) => `communications/demo-discussions/${c.postId}/follow`,
    body: { follow: true },
    expect: [204, 204, 204],
  },
  { route: 'DELETE /api/v1/communications/:targetId/:id', path: 'communications/demo-discussions/demo-reply-lathe-1', expect: [403, 403, 200] },
  { route: 'DELETE /api/v1/communications/:targetId/:id', path: (c) => `communications/demo-discussions/${c.postId}`, expect: [200, 200, 200] },
  { route: 'POST /api/v1/structure/block/loadMultiple', path: 'structure/block/loadMultiple', body: { ids: ['faq-1', 'vol-rota'] }, expect: [200, 200, 200] },
  {
    route: 'POST /api/v1/structure/field',
    path: 'structure/field',
    body: { itemType: 'block', itemId: 'settings-preferences-form', field: { id: 'matrix-field', type: 'text', key: 'matrix', label: 'Matrix' } },
    expect: [403, 200, 200],
  },
  {
    route: 'PUT /api/v1/structure/field',
    path: 'structure/field',
    body: {
      itemType: 'block',
      itemId: 'settings-preferences-form',
      field: { id: 'pref-skills', type: 'textarea', key: 'skills', label: 'What you can share' },
    },
    expect: [403, 200, 200],
  },
  {
    route: 'POST /api/v1/structure/field/default/getMany',
    path: 'structure/field/default/getMany',
    body: { fieldIds: ['pref-skills'] },
    expect: [200, 200, 200],
  },
  {
    route: 'DELETE /api/v1/structure/field/:id/:itemType/:itemId',
    path: 'structure/field/matrix-field/block/settings-preferences-form',
    expect: [403, 200, 200],
  },
  // A field held by no block is edited under items.fields, which Elena lacks.
  { route: 'DELETE /api/v1/structure/field/:id', path: 'structure/field/pref-newsletter-email', expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/structure/permissions/:itemId',
    path: 'structure/permissions/news',
    body: { permissions: { manageSettings: true } },
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/structure/page/:moduleId/:pageId', path: 'structure/page/resources/guides', expect: [403, 403, 200] },
  { route: 'DELETE /api/v1/structure/module/:id', path: 'structure/module/matrix-module', expect: [403, 403, 200] },
  // Files: any account uploads and manages its own files; the asset library is the files managers'.
  {
    route: 'POST /api/v1/files/upload',
    path: 'files/upload?contextId=matrix',
    upload: async () => ({ filename: 'm.jpg', body: await testJpeg(20, 20) }),
    expect: [200, 200, 200],
    keep: (c, body) => void (c.fileId = (body.fileIds as string[])[0]),
  },
  {
    route: 'POST /api/v1/files/uploadImage',
    path: 'files/uploadImage',
    upload: async () => ({ filename: 'i.jpg', body: await testJpeg(20, 20) }),
    expect: [200, 200, 200],
  },
  {
    route: 'POST /api/v1/files/assetUpload',
    path: 'files/assetUpload',
    upload: async () => ({ filename: 'a.jpg', body: await testJpeg(20, 20) }),
    expect: [403, 403, 200],
    keep: (c, body) => void (c.assetId = (body.fileIds as string[])[0]),
  },
  {
    route: 'POST /api/v1/user/image/avatar',
    path: 'user/image/avatar',
    upload: async () => ({ name: 'avatar', filename: 'me.jpg', body: await testJpeg(20, 20) }),
    expect: [200, 200, 200],
  },
  // Data mappings, rule sets and the members file are the dataMappings area's (update on dataMappings); ids from the demo seed.
  {
    route: 'PUT /api/v1/dataMappings',
    path: 'dataMappings',
    body: { title: 'Matrix', data: { source: 'csv', match: { column: 'Email', profileField: 'email' }, fields: [{ column: 'Email', profileField: 'email' }] } },
    expect: [403, 403, 201],
  },
  {
    route: 'POST /api/v1/dataMappings/:id',
    path: 'dataMappings/dm-members-spreadsheet',
    body: { title: 'Matrix', data: { source: 'csv', match: { column: 'Email', profileField: 'email' }, fields: [{ column: 'Email', profileField: 'email' }] } },
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/dataMappings/:id', path: 'dataMappings/dm-members-spreadsheet', expect: [403, 403, 204] },
  {
    route: 'PUT /api/v1/ruleSet',
    path: 'ruleSet',
    body: { title: 'Matrix', query: { logicalOperator: 'all', rules: [] } },
    expect: [403, 403, 201],
  },
  {
    route: 'POST /api/v1/ruleSet/:id',
    path: 'ruleSet/rs-londoners',
    body: { title: 'Matrix', query: { logicalOperator: 'all', rules: [] } },
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/ruleSet/:id', path: 'ruleSet/rs-londoners', expect: [403, 403, 204] },
  {
    route: 'POST /api/v1/admin/imports/members/upload',
    path: 'admin/imports/members/upload',
    upload: async () => ({ filename: 'members.csv', body: 'Email\r\nnew@example.org\r\n', type: 'text/csv' }),
    expect: [403, 403, 201],
  },
  // Members: reading profiles and the directory is for every signed-in account (private values are filtered per viewer).
  { route: 'POST /api/v1/profile/collection', path: 'profile/collection', body: { accountIds: ['maya', 'victor'] }, expect: [200, 200, 200] },
  { route: 'POST /api/v1/profile/search', path: 'profile/search', body: { text: 'maya' }, expect: [200, 200, 200] },
  {
    route: 'POST /api/v1/profile/forceUpdateProfile/:id',
    path: 'profile/forceUpdateProfile/maya',
    body: { changes: { skills: 'Joinery' } },
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/profile/meta/:id', path: 'profile/meta/maya', body: { path: 'block.matrix-meta', data: true }, expect: [200, 403, 200] },
  {
    route: 'PUT /api/v1/profile/user/actions/viewedProfile',
    path: 'profile/user/actions/viewedProfile',
    body: { accountId: 'victor' },
    expect: [200, 200, 200],
  },
  { route: 'POST /api/v1/user/:id/multiBlockStatistics', path: 'user/maya/multiBlockStatistics', body: { stats: ['favourites'] }, expect: [200, 403, 200] },
  { route: 'DELETE /api/v1/profile/:id', path: 'profile/dilys', expect: [403, 403, 200] },
  { route: 'POST /api/v1/files/getFiles', path: 'files/getFiles', body: (c: RunContext) => ({ fileIds: [c.fileId] }), expect: [200, 200, 200] },
  { route: 'POST /api/v1/files/:id/data', path: (c) => `files/${c.fileId}/data`, body: { changes: { title: 'Matrix' } }, expect: [200, 200, 200] },
  { route: 'POST /api/v1/files/claimFiles', path: 'files/claimFiles', body: (c: RunContext) => ({ fileIds: [c.fileId] }), expect: [200, 200, 200] },
  { route: 'GET /api/v1/files/download/:id', path: (c) => `files/download/${c.fileId}`, expect: [200, 200, 200] },
  { route: 'POST /api/v1/files/getAssets', path: 'files/getAssets', body: {}, expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/files/updateAsset',
    path: 'files/updateAsset',
    // Only the admin's assetUpload succeeded: the others are refused before the id is looked up.
    body: (c: RunContext) => ({ id: c.assetId ?? '00000000-0000-4000-8000-000000000000', changes: { title: 'Matrix asset' } }),
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/files/:id', path: (c) => `files/${c.fileId}`, expect: [200, 200, 200] },
  { route: 'POST /api/v1/files/deleteFilesByContextId', path: 'files/deleteFilesByContextId', body: { contextId: 'matrix' }, expect: [200, 200, 200] },
  // User lists: the userLists area's (Elena holds no grant on it); getSome and a member's own hidden flag are anyone's.
  {
    route: 'PUT /api/v1/userLists',
    path: 'userLists',
    body: { userList: { label: 'Matrix list', capacity: 3 } },
    expect: [403, 403, 201],
    keep: (c, body) => void (c.listId = body.id as string),
  },
  { route: 'POST /api/v1/userLists/:id', path: (c) => `userLists/${c.listId ?? 'makers'}`, body: { changes: { label: 'Matrix' } }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/userLists/:id/users', path: (c) => `userLists/${c.listId ?? 'makers'}/users`, body: { accounts: ['maya'] }, expect: [403, 403, 200] },
  { route: 'DELETE /api/v1/userLists/:id/:accountId', path: (c) => `userLists/${c.listId ?? 'makers'}/maya`, expect: [403, 403, 204] },
  { route: 'POST /api/v1/userLists/admin/countUsers', path: 'userLists/admin/countUsers', body: { listIds: ['makers'] }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/userLists/admin/:id/isAdmin/:mode', path: (c) => `userLists/admin/${c.listId ?? 'makers'}/isAdmin/true`, expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/userLists/admin/:id/allowPermissions/:mode',
    path: (c) => `userLists/admin/${c.listId ?? 'makers'}/allowPermissions/true`,
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/userLists/admin/:id/:permission/:mode',
    path: (c) => `userLists/admin/${c.listId ?? 'makers'}/files.manage/true`,
    expect: [403, 403, 200],
  },
  {
    route: 'PUT /api/v1/userLists/admin/:id/permissions',
    path: (c) => `userLists/admin/${c.listId ?? 'makers'}/permissions`,
    body: { isAdmin: false, allowPermissions: true, permissions: ['files.manage', 'administration.manageEditMode'] },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/userLists/setCapacity',
    path: 'userLists/setCapacity',
    body: (c: RunContext) => ({ listId: c.listId ?? 'makers', capacity: 5 }),
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/userLists/getSome', path: 'userLists/getSome', body: { ids: ['makers'] }, expect: [200, 200, 200] },
  // Maya's own membership; Elena may not learn that it exists.
  { route: 'POST /api/v1/applications/membership/:id/toggleHidden', path: 'applications/membership/lm-maya-makers/toggleHidden', expect: [200, 404, 200] },
  { route: 'DELETE /api/v1/userlists/:id', path: (c) => `userlists/${c.listId ?? 'makers'}`, expect: [403, 403, 204] },
  { route: 'DELETE /api/v1/userLists/:id', path: 'userLists/no-such-list', expect: [403, 403, 404] },
  // The join power-up: anyone signed in joins and leaves a demo workshop for herself (server/entities/join.ts).
  { route: 'POST /api/v1/structure/powerUp/:entityId/join', path: 'structure/powerUp/design-sprint/join', body: {}, expect: [200, 200, 200] },
  { route: 'POST /api/v1/structure/powerUp/:entityId/leave', path: 'structure/powerUp/design-sprint/leave', body: {}, expect: [200, 200, 200] },
  // Entities: the admin makes a definition and an entity first (a read, so its writes are not a refusal's).
  {
    route: 'POST /api/v1/entityDefinitions/get',
    path: 'entityDefinitions/get',
    body: async (c: RunContext) => {
      const admin = (method: string, path: string, body: unknown) => c.api.call<{ id: string }>(method, path, { token: c.adminToken, body });
      c.definitionId = (
        await admin('PUT', 'entityDefinitions', {
          name: 'Matrix things',
          fields: [{ id: 'm-code', key: 'code', label: 'Code', type: 'text', unique: true }],
          powerUps: ['durations'],
          settings: { notificationsForEntities: ['entityUpdated'] },
        })
      ).body.id;
      c.entityId = (await admin('PUT', `entities/${c.definitionId}`, { title: 'Matrix thing', powerUps: ['durations'] })).body.id;
      // The create's audit row is written after its commit, past the answer: wait for it, or it
      // would land during a later request and be taken for that request's change.
      await until(
        'the audit row of the entity made for the matrix',
        () =>
          c.api.server.ctx.store.kysely
            .selectFrom('audit_log')
            .select('seq')
            .where('subject', '=', c.entityId!)
            .where('log_type', '=', 'entities.create')
            .executeTakeFirst(),
        (row) => row !== undefined,
      );
      return { ids: [c.definitionId] };
    },
    expect: [200, 200, 200],
  },
  {
    route: 'PUT /api/v1/entityDefinitions',
    path: 'entityDefinitions',
    body: { name: 'Matrix made' },
    expect: [403, 403, 201],
    keep: (c, body) => void (c.newDefinitionId = body.id as string),
  },
  { route: 'POST /api/v1/entityDefinitions/:id', path: (c) => `entityDefinitions/${c.definitionId}`, body: { description: 'Edited' }, expect: [403, 403, 200] },
  {
    route: 'PUT /api/v1/entityDefinitions/:id/field',
    path: (c) => `entityDefinitions/${c.definitionId}/field`,
    body: { id: 'm-note', key: 'note', label: 'Note', type: 'text' },
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/entityDefinitions/:id/field/:fieldId', path: (c) => `entityDefinitions/${c.definitionId}/field/m-note`, expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/entityDefinitions/:id/powerUps',
    path: (c) => `entityDefinitions/${c.definitionId}/powerUps`,
    body: { add: ['contact'] },
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/entities/get', path: 'entities/get', body: (c: RunContext) => ({ ids: [c.entityId] }), expect: [200, 200, 200] },
  { route: 'PUT /api/v1/entities/:definitionId', path: (c) => `entities/${c.definitionId}`, body: { title: 'Matrix made thing' }, expect: [403, 403, 201] },
  { route: 'POST /api/v1/entities/:id/data', path: (c) => `entities/${c.entityId}/data`, body: { changes: { code: 'M-1' } }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/entities/:id/data/:key', path: (c) => `entities/${c.entityId}/data/code`, body: { value: 'M-2' }, expect: [403, 403, 200] },
  { route: 'POST /api/v1/entities/:id/updateKeys', path: (c) => `entities/${c.entityId}/updateKeys`, body: { keys: { code: 'M-3' } }, expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/entities/:id/settingsData',
    path: (c) => `entities/${c.entityId}/settingsData`,
    body: { title: 'Matrix thing, renamed' },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/entities/:id/:powerUpId/powerUpData',
    path: (c) => `entities/${c.entityId}/durations/powerUpData`,
    body: { data: { start: '2027-03-01T10:00:00Z' } },
    expect: [403, 403, 200],
  },
  { route: 'POST /api/v1/entities/:id/fields', path: (c) => `entities/${c.entityId}/fields`, body: { remove: ['durations'] }, expect: [403, 403, 200] },
  {
    route: 'POST /api/v1/entities/:id/permissionTypes',
    path: (c) => `entities/${c.entityId}/permissionTypes`,
    body: { permissionType: 'memberships' },
    expect: [403, 403, 200],
  },
  {
    route: 'POST /api/v1/entities/:id/sendNotification',
    path: (c) => `entities/${c.entityId}/sendNotification`,
    body: { event: 'entityUpdated' },
    expect: [403, 403, 200],
  },
  { route: 'DELETE /api/v1/entities/:id', path: (c) => `entities/${c.entityId}`, expect: [403, 403, 204] },
  { route: 'DELETE /api/v1/entityDefinitions/:id', path: (c) => `entityDefinitions/${c.newDefinitionId ?? c.definitionId}`, expect: [403, 403, 204] },
  { route: 'GET /api/v1/logout', path: 'logout', expect: [200, 200, 200], ownSession: true },
];

/**
 * The restriction rows: each gets its own pages (`${prefix}-makers`, open to makers such as Elena
 * and Maya; `${prefix}-open`, open to everyone; `${prefix}-vol`, volunteers only, holding a form
 * with a field and a block), built by the admin through the API.
 */
interface Scene {
  api: ApiServer;
  tokens: { admin: string; elena: string; maya: string };
  /** Page ids. */
  makers: string;
  open: string;
  vol: string;
  /** Blocks: two text blocks on the makers page, a text block and a form on the volunteers page, a container on the open page. */
  a: string;
  b: string;
  hiddenBlock: string;
  hiddenForm: string;
  hiddenField: string;
  box: string;
  /** What the row's earlier steps kept (a revert token, a block as it was). */
  kept: Record<string, unknown>;
  as(who: 'admin' | 'elena', method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

async function scene(api: ApiServer, tokens: Scene['tokens'], prefix: string): Promise<Scene> {
  const s: Scene = {
    api,
    tokens,
    makers: `${prefix}-makers`,
    open: `${prefix}-open`,
    vol: `${prefix}-vol`,
    a: `${prefix}-a`,
    b: `${prefix}-b`,
    hiddenBlock: `${prefix}-hidden`,
    hiddenForm: `${prefix}-hidden-form`,
    hiddenField: `${prefix}-hidden-field`,
    box: `${prefix}-box`,
    kept: {},
    async as(who, method, path, body) {
      const res = await api.call<Record<string, unknown>>(method, path, { token: tokens[who], body });
      if (res.status !== 200) throw new Error(`${who} ${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return res.body;
    },
  };
  const page = (id: string, visibility?: object) =>
    s.as('admin', 'PUT', 'structure/page', { moduleId: 'members-area', page: { id, slug: id, name: id, ...(visibility ? { visibility } : {}) } });
  const text = (pageId: string, id: string, words: string) =>
    s.as('admin', 'PUT', 'structure/block', { pageId, block: { id, type: 'plainText', options: { text: words } } });
  await page(s.makers, { userListIds: ['makers'] });
  await page(s.open);
  await page(s.vol, { userListIds: ['volunteers'] });
  await text(s.makers, s.a, 'First');
  await text(s.makers, s.b, 'Second');
  await text(s.vol, s.hiddenBlock, 'Volunteers only');
  await s.as('admin', 'PUT', 'structure/block', {
    pageId: s.vol,
    block: { id: s.hiddenForm, type: 'basicForm', options: { source: 'profile', editable: true } },
  });
  await s.as('admin', 'POST', 'structure/field', {
    itemType: 'block',
    itemId: s.hiddenForm,
    field: { id: s.hiddenField, type: 'text', key: `${prefix}Secret`, label: 'Volunteers-only question' },
  });
  await s.as('admin', 'PUT', 'structure/block', { pageId: s.open, block: { id: s.box, type: 'container', options: {} } });
  return s;
}

const restrictToVolunteers = (s: Scene) =>
  s.as('admin', 'POST', `structure/page/${s.makers}/property`, { key: 'visibility', value: { userListIds: ['volunteers'] } });
const pageBlocks = async (s: Scene, pageId: string) =>
  (await s.api.call<PageResponse>('GET', `structure/page/${pageId}`, { token: s.tokens.admin })).body.blocks.map((b) => b.id);
/** A clipboard paste onto the open page of one block (and fields) as the browser sends it. */
const paste = (s: Scene, block: Record<string, unknown>, fields?: unknown[]) => ({
  method: 'POST',
  path: 'structure/block/paste',
  body: { pageId: s.open, parentType: 'page', parentId: s.open, colIndex: 0, index: 0, roots: [block.id], blocks: [block], ...(fields ? { fields } : {}) },
});

interface RestrictionRow {
  name: string;
  /** Elena's earlier change (the one she later takes back). */
  before?(s: Scene): Promise<unknown>;
  /** What the admin does meanwhile. */
  meanwhile?(s: Scene): Promise<unknown>;
  act(s: Scene): { method: string; path: string; body?: unknown };
  expect: number;
  message?: RegExp;
  /** GETs that must answer 404 to Maya afterwards. */
  hiddenFromMaya?(s: Scene): [string, string][];
  /** A further check; answers what is wrong. */
  after?(s: Scene): Promise<string | undefined>;
}

const RESTRICTION_ROWS: RestrictionRow[] = [
  {
    // Finding 2 exactly: the admin's restriction and new block survive, Maya never reads the new block.
    name: 'revert after the page was restricted and a block added',
    before: async (s) => void (s.kept.token = (await s.as('elena', 'DELETE', `structure/block/${s.a}`)).revertToken),
    meanwhile: async (s) => {
      await restrictToVolunteers(s);
      await s.as('admin', 'PUT', 'structure/block', {
        pageId: s.makers,
        block: { id: `${s.makers}-new`, type: 'plainText', options: { text: 'Volunteers only now' } },
      });
    },
    act: (s) => ({ method: 'POST', path: 'structure/revert', body: { token: s.kept.token } }),
    expect: 404,
    hiddenFromMaya: (s) => [
      [`structure/block/${s.makers}-new`, "the admin's new block"],
      [`structure/page/${s.makers}`, 'the restricted page'],
      [`structure/block/${s.b}`, 'a block of the restricted page'],
    ],
    after: async (s) => ((await pageBlocks(s, s.makers)).includes(`${s.makers}-new`) ? undefined : "the admin's new block was detached"),
  },
  {
    name: 'revert after someone else changed the page (the revision check)',
    before: async (s) => void (s.kept.token = (await s.as('elena', 'DELETE', `structure/block/${s.a}`)).revertToken),
    meanwhile: (s) =>
      s.as('admin', 'PUT', 'structure/block', { pageId: s.makers, block: { id: `${s.makers}-new`, type: 'plainText', options: { text: 'Added later' } } }),
    act: (s) => ({ method: 'POST', path: 'structure/revert', body: { token: s.kept.token } }),
    expect: 409,
    message: /was changed after the delete; reverting would undo that change/,
    after: async (s) => ((await pageBlocks(s, s.makers)).includes(`${s.makers}-new`) ? undefined : "the admin's new block was detached"),
  },
  {
    name: 'undo of a settings edit after the page was restricted',
    before: async (s) => {
      const block = (await s.api.call<Block>('GET', `structure/block/${s.b}`, { token: s.tokens.elena })).body;
      const saved = (await s.as('elena', 'POST', `structure/block/${s.b}`, { block: { ...block, options: { text: 'Edited' } } })) as unknown as Block;
      s.kept.undo = { ...block, revision: saved.revision };
    },
    meanwhile: restrictToVolunteers,
    act: (s) => ({ method: 'POST', path: `structure/block/${s.b}`, body: { block: s.kept.undo } }),
    expect: 404,
    hiddenFromMaya: (s) => [[`structure/block/${s.b}`, 'the edited block']],
  },
  {
    name: 'undo of a visibility change after the right to set visibility was withdrawn',
    before: async (s) => {
      const block = (await s.api.call<Block>('GET', `structure/block/${s.b}`, { token: s.tokens.elena })).body;
      const saved = (await s.as('elena', 'POST', `structure/block/${s.b}/property`, {
        key: 'visibility',
        value: { visibleOnDesktop: true, visibleOnMobile: false },
      })) as unknown as Block;
      s.kept.undo = { ...block, revision: saved.revision };
    },
    meanwhile: (s) => s.as('admin', 'POST', `structure/permissions/${s.b}`, { permissions: { manageVisibility: false } }),
    act: (s) => ({ method: 'POST', path: `structure/block/${s.b}`, body: { block: s.kept.undo } }),
    expect: 403,
    message: /manageVisibility/,
  },
  {
    name: 'undo of a move after the page it came from was restricted',
    before: (s) => s.as('elena', 'POST', 'structure/block/move', { fromPageId: s.makers, toPageId: s.open, updates: [{ id: s.b }] }),
    meanwhile: restrictToVolunteers,
    act: (s) => ({ method: 'POST', path: 'structure/block/move', body: { fromPageId: s.open, toPageId: s.makers, updates: [{ id: s.b }] } }),
    expect: 404,
  },
  {
    // Finding 3 exactly: the hidden form's field is neither shown, relabelled nor deleted through the copy.
    name: "paste of a form naming a field of the volunteers page's form",
    act: (s) => paste(s, { id: `${s.open}-form`, type: 'basicForm', options: { source: 'profile', editable: true }, fields: [s.hiddenField] }),
    expect: 404,
    message: /field "r\d+-hidden-field" does not exist/,
    hiddenFromMaya: (s) => [[`structure/field/default/${s.hiddenField}`, 'the hidden field']],
    after: async (s) => {
      const open = JSON.stringify((await s.api.call('GET', `structure/page/${s.open}`, { token: s.tokens.maya })).body);
      return open.includes('Volunteers-only question') ? "the hidden field's label shows on the open page" : undefined;
    },
  },
  {
    name: 'paste of a group field whose child is the hidden field',
    act: (s) =>
      paste(s, { id: `${s.open}-form`, type: 'basicForm', options: { source: 'profile', editable: true }, fields: [`${s.open}-group`] }, [
        { id: `${s.open}-group`, type: 'group', label: 'Group', childIds: [s.hiddenField] },
      ]),
    expect: 404,
  },
  {
    name: 'paste of a block naming a hidden block as related',
    act: (s) => paste(s, { id: `${s.open}-modal`, type: 'plainText', options: { text: 'x' }, relatedBlocks: { display: [s.hiddenBlock] } }),
    expect: 404,
  },
  {
    name: 'clone of a block of the volunteers page',
    act: (s) => ({ method: 'POST', path: 'structure/block/clone', body: { ids: [s.hiddenBlock], toPageId: s.open } }),
    expect: 404,
  },
  {
    name: 'clone into a block of the volunteers page',
    act: (s) => ({ method: 'POST', path: 'structure/block/clone', body: { ids: [s.b], toPageId: s.vol, parentId: s.hiddenForm } }),
    expect: 404,
  },
  {
    name: 'captured move (addChildren) of a block of the volunteers page',
    act: (s) => ({ method: 'POST', path: `structure/block/${s.box}/0/0`, body: { childrenIds: [s.hiddenBlock] } }),
    expect: 404,
    hiddenFromMaya: (s) => [[`structure/block/${s.hiddenBlock}`, 'the hidden block']],
  },
  {
    name: "a block's settings naming the hidden field",
    before: async (s) => void (s.kept.block = (await s.api.call<Block>('GET', `structure/block/${s.a}`, { token: s.tokens.elena })).body),
    act: (s) => ({ method: 'POST', path: `structure/block/${s.a}`, body: { block: { ...(s.kept.block as Block), fields: [s.hiddenField] } } }),
    expect: 404,
  },
  {
    name: "a block's fields property naming the hidden field",
    act: (s) => ({ method: 'POST', path: `structure/block/${s.a}/property`, body: { key: 'fields', value: [s.hiddenField] } }),
    expect: 404,
  },
  {
    name: 'a new block naming the hidden field',
    act: (s) => ({ method: 'PUT', path: 'structure/block', body: { pageId: s.open, block: { type: 'basicForm', options: {}, fields: [s.hiddenField] } } }),
    expect: 404,
  },
];

/** GET routes that write (they are in the matrix); every other GET only reads. */
const WRITING_GETS = new Set(['GET /api/v1/logout', 'GET /api/v1/files/download/:id']);

describe.each(BACKENDS)('escalation matrix on %s', (backend) => {
  const servers: ApiServer[] = [];
  /** One server for the route list and the restriction rows (each row builds its own pages). */
  let shared: ApiServer;
  beforeAll(async () => {
    shared = await startApiServer(backend);
    servers.push(shared);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('the matrix names exactly the write routes the server registers', async () => {
    const api = shared;
    const writes = api.server.routes
      .filter((r) => r.method !== 'GET' || WRITING_GETS.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect([...new Set(MATRIX.map((e) => e.route))].sort()).toEqual(writes);
  });

  it.each(['member', 'elevated', 'admin'] as Role[])('as %s, every write answers as its permissions say; refusals change nothing', async (role) => {
    const api = await startApiServer(backend);
    servers.push(api);
    const index = ['member', 'elevated', 'admin'].indexOf(role);
    const c: RunContext = { api, adminToken: await api.signIn('admin'), token: await api.signIn(ACCOUNT[role]) };
    const database = await watchDatabase(api);
    const failures: string[] = [];
    for (const entry of MATRIX) {
      const path = typeof entry.path === 'function' ? entry.path(c) : entry.path;
      const body = typeof entry.body === 'function' ? await (entry.body as (c: RunContext) => unknown)(c) : entry.body;
      const token = entry.ownSession ? await api.signIn(ACCOUNT[role]) : c.token;
      const method = entry.route.split(' ')[0];
      const res = entry.form
        ? await api.call<Record<string, unknown>>(method, path, { rawBody: entry.form, contentType: 'application/x-www-form-urlencoded' })
        : entry.upload
          ? await upload<Record<string, unknown>>(api.url, path, token, [await entry.upload()])
          : await api.call<Record<string, unknown>>(method, path, { token, body });
      if (res.status !== entry.expect[index])
        failures.push(`${entry.route} (${path}): ${res.status}, expected ${entry.expect[index]}: ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status < 300) entry.keep?.(c, res.body);
      const changed = await database.check(res.status, `${entry.route} as ${role}`);
      if (changed) failures.push(changed);
    }
    expect(failures).toEqual([]);
  });

  it('every realtime room: each account subscribes to exactly what it may view and hears nothing of the rest', async () => {
    const api = await startApiServer(backend);
    servers.push(api);
    const admin = await api.signIn('admin');
    const all = (await api.call<StructureResponse>('GET', 'structure', { token: admin })).body;
    const blockOf = new Map<string, string>();
    for (const page of all.modules.flatMap((m) => m.pages)) {
      const doc = (await api.call<{ blocks: Block[] }>('GET', `structure/page/${page.id}`, { token: admin })).body;
      if (doc.blocks[0]) blockOf.set(page.id, doc.blocks[0].id);
    }
    for (const account of ['maya', 'victor', 'elena', 'admin']) {
      const token = await api.signIn(account);
      const own = (await api.call<StructureResponse>('GET', 'structure', { token })).body;
      // An entity page named without its entity is the spaces' template: only who composes it
      // (Elena, who manages edit mode, and the admin) follows it outside a space (core §2.5).
      const composes = account === 'elena' || account === 'admin';
      const viewable = new Set(own.modules.flatMap((m) => m.pages.filter((p) => p.type !== 'entity' || composes).map((p) => p.id)));
      const socket = await socketFor(api.url, token);
      try {
        for (const module of all.modules)
          expect(await emitAck(socket, 'module:subscribe', { id: module.id }), `${account} module ${module.id}`).toEqual({ ok: true });
        for (const page of all.modules.flatMap((m) => m.pages)) {
          const ack = await emitAck(socket, 'page:subscribe', { id: page.id });
          expect(ack.ok, `${account} page ${page.id}`).toBe(viewable.has(page.id));
        }
        const heard = recordEvents(socket);
        for (const [pageId, blockId] of blockOf) {
          const res = await api.call('POST', `structure/block/${blockId}/property`, { token: admin, body: { key: 'showTitle', value: account !== 'maya' } });
          expect(res.status, `${pageId}`).toBe(200);
        }
        await settle(600);
        const text = JSON.stringify(heard);
        for (const [pageId, blockId] of blockOf) {
          if (viewable.has(pageId)) expect(text, `${account} hears ${blockId}`).toContain(`"${blockId}"`);
          else {
            expect(text, `${account} must not hear of ${pageId}`).not.toContain(`"${pageId}"`);
            expect(text, `${account} must not hear of ${blockId}`).not.toContain(`"${blockId}"`);
          }
        }
      } finally {
        socket.close();
      }
    }
  });

  it('revert, undo, paste, clone and copy after a restriction or naming hidden ids: refused, nothing changed, Maya reads nothing hidden', async () => {
    const api = shared;
    const admin = await api.signIn('admin');
    const elena = await api.signIn('elena');
    const maya = await api.signIn('maya');
    const failures: string[] = [];
    for (const [n, row] of RESTRICTION_ROWS.entries()) {
      const s = await scene(api, { admin, elena, maya }, `r${n}`);
      await row.before?.(s);
      await row.meanwhile?.(s);
      const before = await databaseSnapshot(api);
      const { method, path, body } = row.act(s);
      const res = await api.call<{ message?: string }>(method, path, { token: elena, body });
      if (res.status !== row.expect) failures.push(`${row.name}: ${res.status}, expected ${row.expect}: ${JSON.stringify(res.body).slice(0, 200)}`);
      if (row.message && !row.message.test(String(res.body.message))) failures.push(`${row.name}: message "${res.body.message}" does not say ${row.message}`);
      const changed = snapshotDifference(before, await databaseSnapshot(api));
      if (changed.length) failures.push(`${row.name}: refused yet changed the database:\n  ${changed.slice(0, 4).join('\n  ')}`);
      for (const [path, what] of row.hiddenFromMaya?.(s) ?? []) {
        const read = await api.call('GET', path, { token: maya });
        if (read.status !== 404) failures.push(`${row.name}: Maya reads ${what} (${path}): ${read.status}`);
      }
      for (const check of row.after ? [await row.after(s)] : []) if (check) failures.push(`${row.name}: ${check}`);
    }
    expect(failures).toEqual([]);
  });
});
