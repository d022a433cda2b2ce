/**
 * Posts, comments and reactions (schemas/model/api/communications.ts; community §3, §4, §5, §7;
 * core §3, §7.4, §9) on SQLite and PostgreSQL, one server per half, on the demo's discussion board
 * (`demo-discussions`), card wall (`demo-card-wall`) and feed page (`demo-feed`): every call; the
 * limits (400s naming them); who may write, edit and delete (403), targets nobody may see (404);
 * bad input refused with nothing stored; XSS payloads stored inert; reactions exact under 50
 * concurrent toggles; idempotent clientId; realtime to the target's room only, hidden items gone
 * live; mention, reply and new-thread notifications; the block comment calls of core §7.4; search
 * and mentionable members.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { POST_LINK_REL, POST_MEDIA_MAX } from '../../engine/core/communications';
import type {
  Communication,
  CommunicationEvent,
  CommunicationHistoryResponse,
  CommunicationListResponse,
  CommunicationRemovedEvent,
  CommunicationSearchResponse,
  MentionCandidatesResponse,
  ReactionSummary,
  RichTextDoc,
} from '../../schemas/model/api/communications';
import type { NotificationPageResponse } from '../../schemas/model/api/notifications';
import { communicationAsModerator, communicationHref, findCommunication, mayReadCommunication, setCommunicationHidden } from '../../server/communications';
import { filesOf } from '../../server/files';
import { describeBackends } from '../helpers/backends';
import { emitAck, nextEvent, recordEvents, settle, socketFor } from '../helpers/sockets';
import { testJpeg, upload } from '../helpers/uploads';
import { until } from '../helpers/until';

/** Waits until `check` holds (20 s at most). */
const eventually = (check: () => boolean | Promise<boolean>, what: string) =>
  until(
    what,
    async () => check(),
    (v) => v,
  );

type Problem = { error: string; message: string };
const THREADS = 'demo-discussions';
const WALL = 'demo-card-wall';
const FEED = 'demo-feed';

const doc = (text: string): RichTextDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  "javascript:alert('XSS')",
  '<a href="javascript:alert(1)">x</a>',
];

/** Real limits (scale 1), posts and comments at POST_RATE a minute so the 429 is reached quickly. */
const POST_RATE = 120;

describeBackends(
  'communications',
  { env: { RATE_LIMIT_SCALE: '1', RATE_LIMITS: `signIn=500/60,write=3000/60,heavy=1000/60,postSend=${POST_RATE}/60` } },
  (api) => {
    const tokens: Record<string, string> = {};
    const names = ['admin', 'maya', 'victor', 'elena', 'amara', 'grace', 'chloe'];
    beforeAll(async () => {
      const signed = await Promise.all(names.map((n) => api.signIn(n)));
      names.forEach((n, i) => (tokens[n] = signed[i]));
    });

    const create = (who: string, target: string, body: Record<string, unknown>) =>
      api.call<Communication & Problem>('PUT', `communications/${target}`, { token: tokens[who], body });
    const list = (who: string, target: string, query = '') =>
      api.call<CommunicationListResponse>('GET', `communications/${target}${query}`, { token: tokens[who] });

    it('the demo has threads with replies, cards and posts with images and reactions', async () => {
      const threads = (await list('maya', THREADS)).body;
      expect(threads.total).toBeGreaterThanOrEqual(2);
      const lathe = threads.items.find((i) => i.id === 'demo-thread-lathe')!;
      expect(lathe).toMatchObject({ kind: 'post', title: 'Who can show me the wood lathe?', childrenCount: 1, ownerKind: 'discussion' });
      expect(lathe.meta.score).toBe(3);
      expect(lathe.html).toContain('<span class="mention" data-mention="grace">@Grace Hopper</span>');
      const replies = (await list('maya', THREADS, '?parentId=demo-thread-lathe')).body;
      expect(replies.items.map((r) => r.id)).toEqual(['demo-reply-lathe-1']);
      expect((await list('maya', WALL)).body.items.length).toBeGreaterThanOrEqual(2);
      const feed = (await list('victor', FEED)).body;
      const board = feed.items.find((i) => i.id === 'demo-post-woodwork')!;
      expect(board.media).toHaveLength(2);
      expect(board.meta.userReactions).toEqual(['love']);
    });

    it('creates posts and comments, lists them by every order and pages by cursor and number', async () => {
      const post = await create('maya', THREADS, { title: 'Order test', body: doc('first'), clientId: 'order-test-0001' });
      expect(post.status).toBe(201);
      expect(post.body).toMatchObject({
        kind: 'post',
        parentId: null,
        rootId: post.body.id,
        from: 'maya',
        own: true,
        title: 'Order test',
        text: 'first',
        html: '<p>first</p>',
      });
      expect(post.body.can).toMatchObject({ edit: true, delete: true, reply: true, react: true, report: false });
      const again = await create('maya', THREADS, { title: 'Order test', body: doc('first'), clientId: 'order-test-0001' });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(post.body.id);
      const replies: Communication[] = [];
      for (let i = 0; i < 5; i++) replies.push((await create('victor', THREADS, { parentId: post.body.id, body: doc(`reply ${i}`) })).body);
      expect(replies[0]).toMatchObject({ kind: 'comment', parentId: post.body.id, rootId: post.body.id });
      const newest = (await list('maya', THREADS, `?parentId=${post.body.id}&limit=2`)).body;
      expect(newest).toMatchObject({ total: 5, more: true });
      expect(newest.items.map((i) => i.text)).toEqual(['reply 4', 'reply 3']);
      const next = (await list('maya', THREADS, `?parentId=${post.body.id}&limit=2&cursor=${newest.cursor}`)).body;
      expect(next.items.map((i) => i.text)).toEqual(['reply 2', 'reply 1']);
      const oldest = (await list('maya', THREADS, `?parentId=${post.body.id}&order=oldest&limit=2&page=2`)).body;
      expect(oldest.items.map((i) => i.text)).toEqual(['reply 4']);
      expect(oldest.more).toBe(false);
      await api.call('POST', `communications/${THREADS}/${replies[1].id}/reaction`, { token: tokens.amara, body: { reactionId: 'like' } });
      const byScore = (await list('maya', THREADS, `?parentId=${post.body.id}&order=score&limit=1`)).body;
      expect(byScore.items[0].id).toBe(replies[1].id);
      const active = (await list('maya', THREADS, '?order=mostActive&limit=1')).body;
      expect(active.items[0].id).toBe(post.body.id);
      expect((await api.call<Communication>('GET', `communications/single/${replies[2].id}`, { token: tokens.amara })).body.text).toBe('reply 2');
      // A cursor of another order, a bad order, a bad limit: 400s naming them.
      expect((await list('maya', THREADS, `?order=oldest&cursor=${newest.cursor}`)).status).toBe(400);
      expect(((await list('maya', THREADS, '?order=loudest')) as unknown as { body: Problem }).body.message).toMatch(/order/);
      expect((await list('maya', THREADS, '?limit=500')).status).toBe(400);
    });

    it('replies nest at most COMMUNICATION_MAX_DEPTH deep: deeper ones attach to the deepest allowed parent', async () => {
      let parent = (await create('maya', THREADS, { title: 'Deep', body: doc('0') })).body;
      const chain = [parent];
      for (let i = 1; i <= 5; i++) {
        parent = (await create('maya', THREADS, { parentId: parent.id, body: doc(String(i)) })).body;
        chain.push(parent);
      }
      expect(chain[3].parentId).toBe(chain[2].id);
      expect(chain[4].parentId).toBe(chain[2].id);
      expect(chain[5].parentId).toBe(chain[2].id);
    });

    it('limits: titles, card content, media count, media addresses; 400s naming the limit, nothing stored', async () => {
      const before = (await list('admin', WALL)).body.total;
      const long = await create('admin', WALL, { title: 'x'.repeat(101), body: doc('card') });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('title is longer than 100 characters');
      const content = await create('admin', WALL, { title: 'ok', body: doc('y'.repeat(501)) });
      expect(content.body.message).toBe('text is longer than 500 characters');
      expect((await list('admin', WALL)).body.total).toBe(before);
      const link = (i: number) => ({ type: 'link', source: 'youtube', url: `https://www.youtube.com/watch?v=abcdefgh${i}` });
      const many = await create('maya', FEED, { title: 'Too many', body: doc('media'), media: Array.from({ length: POST_MEDIA_MAX + 1 }, (_, i) => link(i)) });
      expect(many.body.message).toBe(`at most ${POST_MEDIA_MAX} media per post`);
      const title = await create('maya', FEED, { title: 't'.repeat(401), body: doc('x') });
      expect(title.status).toBe(400);
      expect(title.body.message).toMatch(/title is longer than 400/);
      const http = await create('maya', FEED, { body: doc('x'), media: [{ type: 'link', source: 'youtube', url: 'http://www.youtube.com/watch?v=abcdefgh' }] });
      expect(http.body.message).toBe('media 1: only https addresses');
      const js = await create('maya', FEED, { body: doc('x'), media: [{ type: 'link', source: 'vimeo', url: 'javascript:alert(1)' }] });
      expect(js.status).toBe(400);
      const big = await create('maya', FEED, {
        body: doc('x'),
        media: [{ type: 'document', source: 'googleDrive', url: 'https://drive.google.com/x', size: 1e12 }],
      });
      expect(big.body.message).toMatch(/larger than/);
      const empty = await create('maya', THREADS, { body: { type: 'doc', content: [] } });
      expect(empty.body.message).toBe('write something first');
      const comment = await create('maya', FEED, { parentId: 'demo-post-woodwork', body: doc('c'), media: [link(1)] });
      expect(comment.body.message).toBe('comments carry no media');
    });

    it('bad bodies: unknown parts, unknown attributes, prototype keys, javascript: links, outside images, oversized documents', async () => {
      const cases: [unknown, RegExp][] = [
        [{ type: 'doc', content: [{ type: 'script', text: 'x' }] }, /unknown part "script"/],
        [{ type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'x' } }] }, /unknown attribute "onclick"/],
        [{ type: 'doc', content: [{ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'h' }] }] }, /headings are level 2, 3 or 4/],
        [
          {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }],
          },
          /link that is not/,
        ],
        [{ type: 'doc', content: [{ type: 'image', attrs: { src: 'https://evil.example/x.png' } }] }, /images must be files uploaded here/],
        [{ type: 'doc', content: Array.from({ length: 5001 }, () => ({ type: 'paragraph' })) }, /more than 5000 parts/],
        [{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'blink' }] }] }] }, /marks\/0\/type|unknown mark/],
        [{ type: 'html', content: [] }, /body\/type|type "doc"/],
      ];
      for (const [body, message] of cases) {
        const res = await create('maya', THREADS, { title: 'Bad', body });
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.message).toMatch(message);
      }
      const proto = await api.call<Problem>('PUT', `communications/${THREADS}`, {
        token: tokens.maya,
        rawBody: '{"body":{"type":"doc","content":[]},"__proto__":{"polluted":true}}',
      });
      expect(proto.status).toBe(400);
      const unknownKey = await create('maya', THREADS, { body: doc('x'), admin: true });
      expect(unknownKey.status).toBe(400);
      expect(unknownKey.body.message).toMatch(/admin/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(
        (await api.call('POST', `communications/${THREADS}/demo-thread-lathe/reaction`, { token: tokens.maya, body: { reactionId: '__proto__' } })).status,
      ).toBe(400);
      const search = (await api.call<CommunicationSearchResponse>('GET', 'communications/search?q=Bad', { token: tokens.admin })).body;
      expect(search.items.filter((i) => i.title === 'Bad')).toEqual([]);
    });

    it('XSS payloads in titles, bodies and media titles are stored inert', async () => {
      for (const payload of XSS) {
        const res = await create('maya', FEED, {
          title: payload,
          body: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: payload }] },
              { type: 'paragraph', content: [{ type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'https://example.org/' } }] }] },
              { type: 'paragraph', content: [{ type: 'mention', attrs: { id: '"><script>x</script>', label: payload } }] },
            ],
          },
          media: [{ type: 'link', source: 'youtube', url: 'https://www.youtube.com/watch?v=abcdefgh1', title: payload }],
        });
        expect(res.status).toBe(201);
        expect(res.body.title).toBe(payload.trim());
        // Only escaped text: no element but the paragraphs, the link and the mention, no handler or script address in any tag.
        expect(res.body.html).not.toMatch(/<(script|img|svg)|<[^>]*\son\w+=|<a[^>]*href="?javascript/i);
        expect(res.body.text).toContain(payload);
        expect(res.body.html).toContain(`<a href="https://example.org/" target="_blank" rel="${POST_LINK_REL}">link</a>`);
        expect(res.body.media[0].title).toBe(payload);
      }
    });

    it('local media must be the author’s own uploads; a post claims them', async () => {
      const jpeg = await testJpeg(40, 30);
      const mine = await upload<{ fileIds: string[] }>(api.url, 'files/uploadImage', tokens.maya, [{ filename: 'a.jpg', body: jpeg }]);
      const theirs = await upload<{ fileIds: string[] }>(api.url, 'files/uploadImage', tokens.victor, [{ filename: 'b.jpg', body: jpeg }]);
      const other = await create('maya', FEED, { body: doc('pic'), media: [{ type: 'image', source: 'local', fileId: theirs.body.fileIds[0] }] });
      expect(other.status).toBe(403);
      const missing = await create('maya', FEED, {
        body: doc('pic'),
        media: [{ type: 'image', source: 'local', fileId: '00000000-0000-4000-8000-000000000000' }],
      });
      expect(missing.status).toBe(400);
      const ok = await create('maya', FEED, { body: doc('pic'), media: [{ type: 'image', source: 'local', fileId: mine.body.fileIds[0] }] });
      expect(ok.status).toBe(201);
      await eventually(async () => (await filesOf(api.server.ctx).files.get(mine.body.fileIds[0]))?.claimed === 1, 'the file is claimed');
    });

    it('who may write: card walls for admins, threads and replies per the block, a page through its post form', async () => {
      const card = await create('maya', WALL, { title: 'Mine', body: doc('card') });
      expect(card.status).toBe(403);
      expect(card.body.message).toBe('only admins write on this card wall');
      expect((await create('admin', WALL, { title: 'Admins', body: doc('card') })).status).toBe(201);
      // A page without a post form takes no posts; the demo's feed page does.
      expect((await create('maya', 'members', { body: doc('x') })).status).toBe(403);
      expect((await create('maya', FEED, { body: doc('page post') })).status).toBe(201);
    });

    it('targets nobody may see, and unknown ones, are 404 for every call', async () => {
      // vol-keys is on the volunteers page: Maya is not a volunteer.
      const hidden = await create('victor', 'vol-keys', { body: doc('volunteers only') });
      expect(hidden.status).toBe(201);
      expect((await list('maya', 'vol-keys')).status).toBe(404);
      expect((await create('maya', 'vol-keys', { body: doc('x') })).status).toBe(404);
      expect((await api.call('GET', `communications/single/${hidden.body.id}`, { token: tokens.maya })).status).toBe(404);
      expect((await api.call('POST', `communications/vol-keys/${hidden.body.id}/reaction`, { token: tokens.maya, body: { reactionId: 'like' } })).status).toBe(
        404,
      );
      expect((await list('maya', 'no-such-target')).status).toBe(404);
      const found = (await api.call<CommunicationSearchResponse>('GET', 'communications/search?q=volunteers', { token: tokens.maya })).body;
      expect(found.items.map((i) => i.id)).not.toContain(hidden.body.id);
      expect(
        (await api.call<CommunicationSearchResponse>('GET', 'communications/search?q=volunteers', { token: tokens.victor })).body.items.map((i) => i.id),
      ).toContain(hidden.body.id);
      expect(await mayReadCommunication(api.server.ctx, hidden.body.id, 'maya')).toBe(false);
      expect(await mayReadCommunication(api.server.ctx, hidden.body.id, 'victor')).toBe(true);
    });

    it('edit keeps history; only the author edits; delete by the author or a moderator; others 403', async () => {
      const post = (await create('maya', THREADS, { title: 'Draft', body: doc('v1') })).body;
      expect((await api.call('PATCH', `communications/${THREADS}/${post.id}`, { token: tokens.victor, body: { body: doc('hijack') } })).status).toBe(403);
      const edited = await api.call<Communication>('PATCH', `communications/${THREADS}/${post.id}`, {
        token: tokens.maya,
        body: { title: 'Final', body: doc('v2') },
      });
      expect(edited.body).toMatchObject({ title: 'Final', text: 'v2' });
      expect(edited.body.edited).toBeGreaterThan(0);
      const history = (await api.call<CommunicationHistoryResponse>('GET', `communications/${THREADS}/${post.id}/history`, { token: tokens.maya })).body;
      expect(history.items).toHaveLength(1);
      expect(history.items[0]).toMatchObject({ title: 'Draft', by: 'maya' });
      expect((await api.call('GET', `communications/${THREADS}/${post.id}/history`, { token: tokens.victor })).status).toBe(403);
      expect((await api.call('GET', `communications/${THREADS}/${post.id}/history`, { token: tokens.admin })).status).toBe(200);
      expect((await api.call('DELETE', `communications/${THREADS}/${post.id}`, { token: tokens.victor })).status).toBe(403);
      const reply = (await create('victor', THREADS, { parentId: post.id, body: doc('reply stays') })).body;
      const deleted = await api.call<Communication>('DELETE', `communications/${THREADS}/${post.id}`, { token: tokens.maya });
      expect(deleted.body).toMatchObject({ deleted: true, title: null, text: '', html: '', media: [] });
      expect((await api.call('PATCH', `communications/${THREADS}/${post.id}`, { token: tokens.maya, body: { body: doc('back') } })).status).toBe(400);
      expect((await list('victor', THREADS, `?parentId=${post.id}`)).body.items.map((i) => i.id)).toEqual([reply.id]);
      // A moderator (admin) deletes another's reply.
      expect((await api.call<Communication>('DELETE', `communications/${THREADS}/${reply.id}`, { token: tokens.admin })).body.deleted).toBe(true);
    });

    it('a card wall with whoCanEdit ownerAndAdmins lets admins edit cards', async () => {
      const card = (await create('admin', WALL, { title: 'By admin', body: doc('x') })).body;
      expect((await api.call('PATCH', `communications/${WALL}/${card.id}`, { token: tokens.maya, body: { title: 'no' } })).status).toBe(403);
    });

    it('68 concurrent reactions from 34 distinct accounts are counted exactly; toggling again undoes', async () => {
      const post = (await create('maya', THREADS, { title: 'Popular', body: doc('react!') })).body;
      const everyone = JSON.parse(readFileSync(path.resolve(__dirname, '../../server/demo/accounts.json'), 'utf8')) as { accountId: string }[];
      const signed = await Promise.all(everyone.map(async (a) => [a.accountId, tokens[a.accountId] ?? (await api.signIn(a.accountId))] as const));
      const calls = signed.flatMap(([, token]) => ['like', 'love'].map((reactionId) => ({ token, reactionId })));
      expect(calls.length).toBeGreaterThanOrEqual(50);
      await Promise.all(
        calls.map(({ token, reactionId }) => api.call('POST', `communications/${THREADS}/${post.id}/reaction`, { token, body: { reactionId } })),
      );
      const seen = (await api.call<Communication>('GET', `communications/single/${post.id}`, { token: tokens.maya })).body;
      expect(seen.meta.score).toBe(calls.length);
      expect(seen.meta.individualReactionScores).toEqual({ like: signed.length, love: signed.length });
      const toggled = await api.call<ReactionSummary>('POST', `communications/${THREADS}/${post.id}/reaction`, {
        token: tokens.chloe,
        body: { reactionId: 'love' },
      });
      expect(toggled.body).toMatchObject({ score: calls.length - 1, userReactions: ['like'] });
      expect((await api.call('POST', 'structure/block/demo-discussions/recalculatePostScores', { token: tokens.maya })).status).toBe(403);
      expect((await api.call<{ recalculated: number }>('POST', 'structure/block/demo-discussions/recalculatePostScores', { token: tokens.admin })).status).toBe(
        200,
      );
      expect((await api.call<Communication>('GET', `communications/single/${post.id}`, { token: tokens.maya })).body.meta.score).toBe(calls.length - 1);
    });

    it('concurrent creates with one clientId store one item', async () => {
      const sends = await Promise.all(
        Array.from({ length: 5 }, () => create('grace', THREADS, { title: 'Once', body: doc('once'), clientId: 'grace-once-0001' })),
      );
      expect(new Set(sends.map((s) => s.body.id)).size).toBe(1);
      expect(sends.filter((s) => s.status === 201)).toHaveLength(1);
    });

    it('realtime: room members only; hidden items leave open pages and come back', async () => {
      const maya = await socketFor(api.url, tokens.maya);
      const victor = await socketFor(api.url, tokens.victor);
      const admin = await socketFor(api.url, tokens.admin);
      try {
        expect(await emitAck(maya, 'communications:subscribe', { id: 'vol-keys' })).toEqual({ ok: false, error: 'forbidden' });
        for (const s of [maya, victor, admin]) expect((await emitAck(s, 'communications:subscribe', { id: THREADS })).ok).toBe(true);
        const outsider = await socketFor(api.url, tokens.chloe);
        const outsiderEvents = recordEvents(outsider);
        const heard = nextEvent<CommunicationEvent>(victor, 'communications:created');
        const post = (await create('maya', THREADS, { title: 'Live', body: doc('live post') })).body;
        const event = await heard;
        expect(event).toMatchObject({ id: post.id, targetId: THREADS });
        expect(event.item).toMatchObject({ title: 'Live', own: false });
        const reacted = nextEvent<CommunicationEvent>(maya, 'communications:updated');
        await api.call('POST', `communications/${THREADS}/${post.id}/reaction`, { token: tokens.victor, body: { reactionId: 'like' } });
        expect((await reacted).item.meta.score).toBe(1);
        const victorEvents = recordEvents(victor);
        const adminEvents = recordEvents(admin);
        await setCommunicationHidden(api.server.ctx, post.id, true, 'admin');
        await eventually(() => victorEvents.some((e) => e.event === 'communications:removed'), 'victor is told');
        await eventually(() => adminEvents.some((e) => e.event === 'communications:updated'), 'the moderator gets the hidden item');
        expect(victorEvents.find((e) => e.event === 'communications:removed')!.payload as CommunicationRemovedEvent).toMatchObject({
          id: post.id,
          reason: 'hidden',
        });
        expect(adminEvents.some((e) => e.event === 'communications:removed')).toBe(false);
        // Hidden: gone for members, there for the moderator and the author.
        expect((await list('victor', THREADS)).body.items.map((i) => i.id)).not.toContain(post.id);
        expect((await list('admin', THREADS)).body.items.find((i) => i.id === post.id)?.hidden).toBe(true);
        expect((await list('maya', THREADS)).body.items.find((i) => i.id === post.id)?.hidden).toBe(true);
        expect((await api.call('GET', `communications/single/${post.id}`, { token: tokens.victor })).status).toBe(404);
        expect((await findCommunication(api.server.ctx, post.id))?.hidden).toBe(1);
        expect((await communicationAsModerator(api.server.ctx, post.id))?.hidden).toBe(true);
        expect(await communicationHref(api.server.ctx, post.id)).toBe(`/community/discussions?post=${post.id}`);
        const back = nextEvent<CommunicationEvent>(victor, 'communications:created');
        await setCommunicationHidden(api.server.ctx, post.id, false, 'admin');
        expect((await back).id).toBe(post.id);
        await settle();
        expect(outsiderEvents.filter((e) => e.event.startsWith('communications:'))).toEqual([]);
        outsider.disconnect();
      } finally {
        for (const s of [maya, victor, admin]) s.disconnect();
      }
    });

    it('notifications: mentions (not the author, not who cannot read), replies to the parent’s author and the post’s followers, new threads to followers', async () => {
      expect((await api.call('PUT', `communications/${THREADS}/demo-thread-repair/follow`, { token: tokens.grace, body: { follow: true } })).status).toBe(204);
      await api.call('PUT', `communications/${THREADS}/demo-thread-lathe/follow`, { token: tokens.elena, body: { follow: false } });
      // Following the board itself (kind post, the block id): new threads notify.
      const { setFollowing } = await import('../../server/notifications/followed-items');
      await setFollowing(api.server.ctx.store.kysely, 'amara', 'post', THREADS, true);
      const body: RichTextDoc = {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Hey ' },
              { type: 'mention', attrs: { id: 'victor', label: 'Victor' } },
              { type: 'mention', attrs: { id: 'maya', label: 'Maya' } },
            ],
          },
        ],
      };
      const post = (await create('maya', THREADS, { title: 'Mentions', body })).body;
      expect(post.mentions).toEqual(['victor', 'maya']);
      const notes = async (who: string) =>
        (await api.call<NotificationPageResponse>('GET', 'profile/notifications/system/0?limit=50', { token: tokens[who] })).body.items;
      await eventually(async () => (await notes('victor')).some((n) => n.event === 'mention' && n.data.postId === post.id), 'victor is mentioned');
      const mention = (await notes('victor')).find((n) => n.event === 'mention' && n.data.postId === post.id)!;
      expect(mention.data.url).toBe(`/community/discussions?post=${post.id}`);
      expect((await notes('maya')).some((n) => n.event === 'mention' && n.data.postId === post.id)).toBe(false);
      await eventually(
        async () => (await notes('amara')).some((n) => n.event === 'newDiscussion' && n.data.postId === post.id),
        'a follower hears of the thread',
      );
      // A reply notifies the post's author and its followers, each once, never the one who replied.
      for (const who of ['amara', 'grace'])
        expect((await api.call('PUT', `communications/${THREADS}/${post.id}/follow`, { token: tokens[who], body: { follow: true } })).status).toBe(204);
      const reply = (await create('grace', THREADS, { parentId: post.id, body: doc('answer') })).body;
      const replyNotes = async (who: string) => (await notes(who)).filter((n) => n.event === 'newCommentReply' && n.data.parentId === post.id);
      await eventually(async () => (await replyNotes('maya')).length > 0, 'maya hears of the reply');
      await eventually(async () => (await replyNotes('amara')).length > 0, 'a follower of the post hears of the reply');
      await settle();
      expect((await replyNotes('maya')).length).toBe(1);
      expect((await replyNotes('amara')).length).toBe(1);
      expect(await replyNotes('grace')).toEqual([]);
      expect(reply.parentId).toBe(post.id);
      // A mention of someone who cannot read the target notifies nobody.
      const hiddenMention = await create('victor', 'vol-keys', {
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'mention', attrs: { id: 'maya', label: 'Maya' } }] }] },
      });
      expect(hiddenMention.status).toBe(201);
      expect(await mayReadCommunication(api.server.ctx, hiddenMention.body.id, 'maya')).toBe(false);
      await settle();
      expect((await notes('maya')).some((n) => n.event === 'mention' && n.data.postId === hiddenMention.body.id)).toBe(false);
    });

    it('search by words of title and body; mentionable members by name', async () => {
      await create('maya', THREADS, { title: 'Bandsaw blades', body: doc('Where are the spare blades kept?') });
      const found = (await api.call<CommunicationSearchResponse>('GET', 'communications/search?q=bandsaw', { token: tokens.victor })).body;
      expect(found.items.map((i) => i.title)).toContain('Bandsaw blades');
      const byBody = (await api.call<CommunicationSearchResponse>('GET', `communications/search?q=spare%20blad&targetId=${THREADS}`, { token: tokens.victor }))
        .body;
      expect(byBody.items[0].title).toBe('Bandsaw blades');
      expect((await api.call('GET', 'communications/search?q=%20', { token: tokens.victor })).status).toBe(400);
      const candidates = (await api.call<MentionCandidatesResponse>('GET', 'communications/mentionable?q=vic', { token: tokens.maya })).body;
      expect(candidates.items.map((c) => c.accountId)).toContain('victor');
      expect(candidates.items.length).toBeLessThanOrEqual(8);
    });

    it('moderators list the page of a reported post, marked; members may not ask', async () => {
      const target = (await create('maya', THREADS, { title: 'Reported', body: doc('spam') })).body;
      for (let i = 0; i < 3; i++) await create('maya', THREADS, { title: `After ${i}`, body: doc('later') });
      const page = (await list('admin', THREADS, `?limit=2&reportedPostId=${target.id}`)).body;
      expect(page.items.find((i) => i.id === target.id)?.reported).toBe(true);
      expect((await list('maya', THREADS, `?reportedPostId=${target.id}`)).status).toBe(403);
    });

    it('posting past the rate is a 429 naming the limit; nothing more is stored', async () => {
      const token = await api.signIn('elif');
      const sends = [];
      for (let i = 0; i < POST_RATE; i++) sends.push(api.call('PUT', `communications/${THREADS}`, { token, body: { title: `Rate ${i}`, body: doc('rate') } }));
      expect((await Promise.all(sends)).filter((r) => r.status === 201)).toHaveLength(POST_RATE);
      const over = await api.call<Problem>('PUT', `communications/${THREADS}`, { token, body: { title: 'One too many', body: doc('rate') } });
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/posts and comments/);
      const comment = await api.call('PUT', 'structure/block/lounge-swap/comment', { token, body: { comment: 'also counted' } });
      expect(comment.status).toBe(429);
    });

    it('block comment calls of core §7.4 use the same tables', async () => {
      const c = await api.call<{ id: string; comment: string; blockId: string; accountId: string }>('PUT', 'structure/block/lounge-swap/comment', {
        token: tokens.maya,
        body: { comment: 'Took two\n\noak offcuts' },
      });
      expect(c.body).toMatchObject({ blockId: 'lounge-swap', accountId: 'maya', comment: 'Took two\n\noak offcuts' });
      const listed = (await list('maya', 'lounge-swap')).body;
      expect(listed.items[0]).toMatchObject({ id: c.body.id, kind: 'comment', html: '<p>Took two</p><p>oak offcuts</p>' });
      expect((await api.call('POST', `structure/block/lounge-swap/comment/${c.body.id}`, { token: tokens.elena, body: { comment: 'not mine' } })).status).toBe(
        403,
      );
      const liked = await api.call('POST', `structure/block/lounge-swap/setReaction/${c.body.id}`, { token: tokens.elena, body: { reactionId: 'like' } });
      expect(liked.body).toEqual({ score: 1, userReactions: ['like'], individualReactionScores: { like: 1 } });
      const edited = await api.call<{ reactions: Record<string, string[]>; updatedAt: number }>('POST', `structure/block/lounge-swap/comment/${c.body.id}`, {
        token: tokens.maya,
        body: { comment: 'Took three' },
      });
      expect(edited.body.reactions).toEqual({ like: ['elena'] });
      expect(edited.body.updatedAt).toBeGreaterThan(0);
    });
  },
);
