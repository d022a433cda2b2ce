/**
 * Stored documents are read tolerantly (issue 12, findings 3 and 5), on both databases: rows
 * damaged straight in the database (tests/helpers/corruption.ts) never make init, structure or a
 * page answer 500; the damaged part comes back as a page or block state, a fallback name, or
 * hidden from members when its visibility cannot be read. Before the corruption, the seeded demo
 * reads without a single repair.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../schemas/model';
import type { InitResponse } from '../../schemas/model/api/session';
import type { PageResponse, StructureResponse } from '../../schemas/model/api/structure';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { corruptDemo, EXPECTED_PAGES } from '../helpers/corruption';

describe.each(BACKENDS)('corrupt stored documents on %s', (backend) => {
  let api: ApiServer;
  let tokens: Record<'maya' | 'admin', string>;
  beforeAll(async () => {
    api = await startApiServer(backend);
  });
  afterAll(async () => api?.close());

  it('the seeded demo reads without any repair', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      const admin = await api.signIn('admin');
      const structure = (await api.call<StructureResponse>('GET', 'structure', { token: admin })).body;
      for (const page of structure.modules.flatMap((m) => m.pages)) {
        const res = await api.call<PageResponse>('GET', `structure/page/${page.id}`, { token: admin });
        expect(res.status).toBe(200);
        expect(res.body.blocks.filter((b: Block) => b.readProblem).map((b: Block) => b.id)).toEqual([]);
      }
      expect(warn.mock.calls.filter(([m]) => String(m).includes('tolerantly'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('after damage straight in the database, every page answers 200 with the damage shown as a state', async () => {
    await corruptDemo(api.server.ctx.store.kysely);
    await api.restart();
    tokens = { maya: await api.signIn('maya'), admin: await api.signIn('admin') };
    for (const who of ['maya', 'admin'] as const) {
      const token = tokens[who];
      const init = await api.call<InitResponse>('GET', 'init', { token });
      expect(init.status, `init as ${who}`).toBe(200);
      const structure = await api.call<StructureResponse>('GET', 'structure', { token });
      expect(structure.status).toBe(200);
      const pages = structure.body.modules.flatMap((m) => m.pages);
      for (const page of pages) {
        expect(typeof page.name, page.id).toBe('string');
        expect(typeof page.slug, page.id).toBe('string');
      }
      for (const module of structure.body.modules) expect(typeof module.name, module.id).toBe('string');
      for (const expected of EXPECTED_PAGES) {
        const outcome = expected[who];
        const res = await api.call<PageResponse>('GET', `structure/page/${expected.pageId}`, { token });
        if (outcome === 'hidden') {
          expect(res.status, `${who} ${expected.pageId}`).toBe(404);
          expect(pages.map((p) => p.id)).not.toContain(expected.pageId);
          continue;
        }
        expect(res.status, `${who} ${expected.pageId}`).toBe(200);
        const withInit = await api.call<InitResponse>('GET', `init?opts=${encodeURIComponent(JSON.stringify({ pageId: expected.pageId }))}`, { token });
        expect(withInit.status).toBe(200);
        expect(withInit.body.page?.page.id).toBe(expected.pageId);
        const doc = res.body;
        if (outcome.pageState) expect(doc.page.readProblem?.kind, expected.pageId).toBe(outcome.pageState);
        else expect(doc.page.readProblem, expected.pageId).toBeUndefined();
        if (outcome.title) expect(doc.page.name).toBe(outcome.title);
        if (outcome.blockState) expect(doc.blocks.find((b: Block) => b.id === outcome.blockState)?.readProblem?.kind, expected.pageId).toBe('corrupt');
        if (outcome.needsConfiguration) {
          const problem = doc.blocks.find((b: Block) => b.id === outcome.needsConfiguration)?.readProblem;
          expect(problem?.kind, expected.pageId).toBe('invalidOptions');
          expect(problem?.detail).toContain('/options/tone');
          expect(withInit.body.page?.blocks.find((b: Block) => b.id === outcome.needsConfiguration)?.readProblem).toEqual(problem);
        }
        if (outcome.absent) expect(doc.blocks.map((b) => b.id)).not.toContain(outcome.absent);
        if (outcome.present) expect(doc.blocks.map((b) => b.id)).toContain(outcome.present);
      }
    }
    const settings = (await api.call<InitResponse>('GET', 'init', { token: tokens.maya })).body.settings;
    expect(settings.structure?.orders?.modules?.order).toBeUndefined();
  });

  it('a damaged page can still be repaired by an admin, and the repair is stored without its readProblem', async () => {
    const page = (await api.call<PageResponse>('GET', 'structure/page/faq', { token: tokens.admin })).body.page;
    const repaired = await api.call('POST', 'structure/page/faq', { token: tokens.admin, body: { page: { ...page, name: 'FAQ' } } });
    expect(repaired.status).toBe(200);
    const stored = await api.server.ctx.store.kysely
      .selectFrom('documents')
      .select('data')
      .where('kind', '=', 'page')
      .where('id', '=', 'faq')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).not.toHaveProperty('readProblem');
    // A page written by a newer version is not overwritten by this one.
    const newer = (await api.call<PageResponse>('GET', 'structure/page/tool-library', { token: tokens.admin })).body.page;
    expect((await api.call('POST', 'structure/page/tool-library', { token: tokens.admin, body: { page: { ...newer, name: 'Tools' } } })).status).toBe(409);
  });
});
