/**
 * Regression tests of issue 12's findings over HTTP, on SQLite and PostgreSQL: each request here
 * answered 500, leaked or wrote before the fixes. Refused requests are checked against the
 * database itself (tests/helpers/db-snapshot.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block, Profile } from '../../schemas/model';
import type { InitResponse } from '../../schemas/model/api/session';
import type { StructureResponse } from '../../schemas/model/api/structure';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { databaseSnapshot, snapshotDifference } from '../helpers/db-snapshot';

const SVG_WITH_SCRIPT = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(localStorage.jwt)</script></svg>').toString('base64')}`;
const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'length'];
const deepJson = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe.each(BACKENDS)('security and robustness on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let elena: string;
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
  });
  afterAll(async () => api?.close());

  describe('finding 2: permission before any write', () => {
    it('a member refused a brand logo or favicon leaves nothing stored; an unknown brand leaves no image', async () => {
      const before = await databaseSnapshot(api);
      for (let i = 0; i < 5; i++) {
        for (const kind of ['logo', 'favicon']) {
          const res = await api.call('POST', `service/brands/1/${kind}`, { token: maya, body: { changes: { image: SVG_WITH_SCRIPT } } });
          expect(res.status).toBe(403);
        }
      }
      expect((await api.call('POST', 'service/brands/404/favicon', { token: admin, body: { changes: { image: SVG_WITH_SCRIPT } } })).status).toBe(404);
      expect(snapshotDifference(before, await databaseSnapshot(api))).toEqual([]);
    });
  });

  describe('finding 4: nothing runs on our origin', () => {
    it('an uploaded SVG favicon is served as an attachment under a sandboxing policy, never inline', async () => {
      expect((await api.call('POST', 'service/brands/1/favicon', { token: admin, body: { changes: { image: SVG_WITH_SCRIPT } } })).status).toBe(200);
      const res = await fetch(`${api.url}/api/v1/favicon/1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('every response says nosniff; HTML answers carry the app policy: script-src self, no inline script', async () => {
      const answers = await Promise.all(
        [
          '/app/',
          '/app/home/welcome',
          '/login',
          '/api/v1/structure',
          '/api/v1/no/such/route',
          '/app/icon.svg',
          '/api/v1/service/brands/active/theme.css',
          '/nowhere',
        ].map((p) => fetch(api.url + p, { headers: { authorization: `Bearer ${maya}` } })),
      );
      for (const res of answers) expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      for (const res of answers.slice(0, 3)) {
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp, res.url).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
        expect(csp).toContain('frame-src https:');
        expect(csp).toContain("object-src 'none'");
      }
      const html = await (await fetch(`${api.url}/app/`)).text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    });
  });

  describe('finding 6: bad input never reaches the database', () => {
    it('NUL in a path parameter or a body is 400, on every engine (unauthenticated login included)', async () => {
      const requests: [string, string, unknown?][] = [
        ['GET', 'structure/page/%00x'],
        ['GET', 'structure/block/a%00'],
        ['POST', 'structure/block/%00/property', { key: 'name', value: 'x' }],
        ['DELETE', 'structure/module/%00'],
        ['GET', 'profile/%00'],
        ['GET', 'service/brands/1%00'],
        ['POST', 'settings/secret/%00', { value: 1 }],
        ['PUT', 'structure/module', { module: { id: 'a\u0000b', slug: 'nul', name: 'x' } }],
        ['POST', 'audit/save', [{ logType: 'pageView', subject: 'p\u0000', actionTime: 1 }]],
      ];
      for (const [method, path, body] of requests) {
        const res = await api.call<{ error: string }>(method, path, { token: admin, body });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error).toBe('badRequest');
      }
      const login = await fetch(`${api.url}/login`, { method: 'POST', body: new URLSearchParams({ accountId: 'maya\u0000' }), redirect: 'manual' });
      expect(login.status).toBe(400);
      expect((await api.call('GET', 'init?opts=%00', { token: maya })).status).toBe(400);
    });

    it('values longer than the database holds are 400, never a database error', async () => {
      const long = 'x'.repeat(201);
      expect((await api.call('POST', 'audit/save', { token: maya, body: [{ logType: 'pageView', subject: long, actionTime: 1 }] })).status).toBe(400);
      expect((await api.call('POST', 'audit/save', { token: maya, body: [{ logType: 'pageView', subject: 'p', actionTime: 'y'.repeat(41) }] })).status).toBe(
        400,
      );
      expect((await api.call('PUT', 'structure/module', { token: admin, body: { module: { id: long, slug: 'long-id', name: 'x' } } })).status).toBe(400);
      // Fastify refuses path parameters over 100 characters itself: 414, before any handler.
      expect((await api.call('GET', `structure/page/${long}`, { token: maya })).status).toBe(414);
    });

    it('JSON nested thousands of levels deep, and rule queries nested past the cap, are 400', async () => {
      expect((await api.call('POST', 'structure/block/news-1', { token: admin, rawBody: deepJson(3000) })).status).toBe(400);
      let group: object = { logicalOperator: 'all', rules: [] };
      for (let i = 0; i < 2000; i++) group = { logicalOperator: 'all', groups: [group] };
      const rules = await api.call('POST', 'structure/page/faq/property', { token: admin, body: { key: 'visibility', value: { rules: group } } });
      expect(rules.status).toBe(400);
    });
  });

  describe('finding 7: elevated editors act only on pages they can view', () => {
    it('Elena (makers) cannot edit, move out of, clone from or list the volunteers page, and nothing changes', async () => {
      const rota = (await api.call<Block>('GET', 'structure/block/vol-rota', { token: admin })).body;
      const before = await databaseSnapshot(api);
      const attempts: [string, string, unknown?][] = [
        ['POST', 'structure/block/vol-rota', { block: { ...rota, options: { text: 'Edited by Elena' } } }],
        ['POST', 'structure/block', { blocks: [{ ...rota, options: { text: 'Edited by Elena' } }] }],
        ['POST', 'structure/block/vol-rota/property', { key: 'showTitle', value: true }],
        ['PUT', 'structure/page/lounge/addChild/vol-keys/0'],
        ['POST', 'structure/page/lounge/addChildren/0', { childrenIds: ['vol-keys'] }],
        ['POST', 'structure/block/move', { fromPageId: 'volunteers', toPageId: 'lounge', updates: [{ id: 'vol-keys' }] }],
        ['POST', 'structure/block/clone', { ids: ['vol-keys'], toPageId: 'lounge' }],
        ['DELETE', 'structure/block/vol-thanks'],
        ['PUT', 'structure/block', { pageId: 'volunteers', block: { type: 'plainText', options: { text: 'x' } } }],
        ['POST', 'structure/page/volunteers', { page: { slug: 'volunteers', name: 'Renamed' } }],
        ['POST', 'structure/page/volunteers/property', { key: 'name', value: 'Renamed' }],
      ];
      for (const [method, path, body] of attempts) {
        const res = await api.call(method, path, { token: elena, body });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect(snapshotDifference(before, await databaseSnapshot(api))).toEqual([]);
      const listed = JSON.stringify([
        (await api.call('GET', 'structure/block', { token: elena })).body,
        (await api.call('GET', 'structure/block/search?limit=500', { token: elena })).body,
        (await api.call('GET', 'structure/page/adminView', { token: elena })).body,
        (await api.call('GET', 'structure/module/adminView', { token: elena })).body,
        (await api.call('GET', 'structure/permissions', { token: elena })).body,
        (await api.call('GET', 'init', { token: elena })).body,
      ]);
      for (const trace of ['vol-rota', 'vol-keys', '"volunteers"']) expect(listed).not.toContain(trace);
      // What she may see, she may still edit.
      const lounge = (await api.call<Block>('GET', 'structure/block/lounge-swap', { token: elena })).body;
      expect(
        (await api.call('POST', 'structure/block/lounge-swap', { token: elena, body: { block: { ...lounge, options: { text: 'Swap shelf moved.' } } } }))
          .status,
      ).toBe(200);
    });
  });

  describe('finding 8: user keys never reach an object prototype', () => {
    it('favourites types and reaction ids named like Object.prototype members work as plain names', async () => {
      for (const type of PROTOTYPE_NAMES) {
        const added = await api.call<Record<string, unknown>>('PUT', 'profile/favourites/add', { token: maya, body: { type, value: 'faq' } });
        expect(added.status, type).toBe(200);
        const removed = await api.call('DELETE', 'profile/favourites', { token: maya, body: { type, targetId: 'faq' } });
        expect(removed.status, type).toBe(200);
      }
      // Reactions are a fixed list (engine/core/communications COMMUNICATION_REACTIONS): other names are a 400, whatever they are called.
      const comment = await api.call<{ id: string }>('PUT', 'structure/block/lounge-swap/comment', { token: maya, body: { comment: 'Nice' } });
      for (const reactionId of PROTOTYPE_NAMES) {
        const res = await api.call<{ message: string }>('POST', `structure/block/lounge-swap/setReaction/${comment.body.id}`, {
          token: maya,
          body: { reactionId },
        });
        expect(res.status, reactionId).toBe(400);
        expect(res.body.message).toMatch(/reactionId must be one of/);
      }
      const liked = await api.call<{ userReactions: string[] }>('POST', `structure/block/lounge-swap/setReaction/${comment.body.id}`, {
        token: maya,
        body: { reactionId: 'like' },
      });
      expect(liked.body.userReactions).toEqual(['like']);
      expect(({} as Record<string, unknown>).faq).toBeUndefined();
    });

    it('prototype property names in a body are refused; a settings section named after one is refused', async () => {
      const res = await api.call('POST', 'settings/theme', { token: admin, rawBody: '{"changes":{"__proto__":{"polluted":true}}}' });
      expect(res.status).toBe(400);
      expect((await api.call('POST', 'settings/constructor', { token: admin, body: { changes: { x: 1 } } })).status).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('finding 9: no existence oracle, one decoding, typed form values', () => {
    it('GET /app/%25 is the app, not a 500', async () => {
      const res = await fetch(`${api.url}/app/%25`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    });

    it("a member's structure, module calls and slug check never name the pages she may not view", async () => {
      const structure = (await api.call<StructureResponse>('GET', 'structure', { token: maya })).body;
      const area = structure.modules.find((m) => m.id === 'members-area')!;
      expect(area.childIds).toEqual(['lounge', 'volunteer', 'my-settings', 'notice-board']);
      const init = (await api.call<InitResponse>('GET', 'init', { token: maya })).body;
      expect(JSON.stringify(init)).not.toContain('"volunteers"');
      expect(JSON.stringify((await api.call('GET', 'structure/module/members-area', { token: maya })).body)).not.toContain('shifts');
      // The slug of a hidden page is as free as an unused one.
      expect((await api.call('GET', 'page/members-area/x/slug/volunteers/validate', { token: maya })).body).toEqual({ unique: true, number: 0 });
      expect((await api.call('GET', 'block/volunteers/x/slug/anything/validate', { token: maya })).body).toEqual({ unique: true, number: 0 });
    });

    it('a hidden item answers exactly as an unknown one, for a member and for an elevated editor', async () => {
      const pairs: [string, (id: string) => string, unknown?][] = [
        ['POST', (id) => `structure/permissions/${id}`, { permissions: { manageSettings: true } }],
        ['GET', (id) => `structure/permissions/${id}`],
        ['GET', (id) => `structure/page/${id}`],
        ['POST', (id) => `structure/page/${id}/property`, { key: 'name', value: 'x' }],
        ['DELETE', (id) => `structure/page/members-area/${id}`],
        ['PUT', (id) => `structure/page/${id}/addChild/lounge-swap/0`],
        ['POST', (id) => `structure/module/members-area/moveChild/${id}/target/home`],
      ];
      for (const token of [maya, elena]) {
        for (const [method, path, body] of pairs) {
          const hidden = await api.call<{ error: string }>(method, path('volunteers'), { token, body });
          const unknown = await api.call<{ error: string }>(method, path('no-such-page'), { token, body });
          expect([hidden.status, hidden.body], `${method} ${path('volunteers')}`).toEqual([unknown.status, unknown.body ? expect.anything() : unknown.body]);
          expect(hidden.body.error).toBe(unknown.body.error);
        }
      }
    });

    it('profile form saves are refused when a value is not of its field type, and nothing is stored', async () => {
      const before = (await api.call<Profile>('GET', 'profile/maya', { token: maya })).body;
      for (const changes of [
        { volunteer: 'yes' },
        { volunteer: 1 },
        { volunteerDays: 'tue' },
        { volunteerDays: ['mon'] },
        { newsletterEmail: 5 },
        { skills: { html: '<b>' } },
      ]) {
        const res = await api.call<{ message: string }>('POST', 'profile/maya', { token: maya, body: { blockId: 'settings-preferences-form', changes } });
        expect(res.status, JSON.stringify(changes)).toBe(400);
      }
      expect((await api.call<Profile>('GET', 'profile/maya', { token: maya })).body).toEqual(before);
      const ok = await api.call<Profile>('POST', 'profile/maya', {
        token: maya,
        body: { blockId: 'settings-preferences-form', changes: { volunteer: true, volunteerDays: ['sat'], skills: 'Welding' } },
      });
      expect(ok.status).toBe(200);
    });
  });
});
