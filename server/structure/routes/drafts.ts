/**
 * Draft calls (issue 35): list the unpublished changes, publish them (one page's, or all), discard
 * them. Publishing writes the drafts through the ordinary structure write (members hear of it as
 * one `items:changes`), is checked against the editor's rights now for every item it writes (the
 * rules a revert applies: revert.ts), answers a revert token (the composer's undo of it), and is
 * recorded in the audit log.
 */
import type { FastifyInstance } from 'fastify';
import type { Id, JsonObject, Page } from '../../../schemas/model';
import type { DraftsActionRequest, DraftsPublishResponse, DraftsResponse, DraftSummary } from '../../../schemas/model/api/structure';
import { requireUser, type AppContext, type SignedInUser } from '../../context';
import { badRequest } from '../../errors';
import { canViewPage } from '../../permissions';
import type { DocumentSource, DocumentTx } from '../../storage/documents';
import { draftKey, draftView, listDrafts, overlayDrafts, type DraftItemKind, type DraftRecord } from '../drafts';
import { sameJson } from '../../../engine/core/same-json';
import { sendDraftChanges } from '../draft-events';
import { needEditMode } from '../item-rights';
import { overrideKey } from '../overlay-reader';
import { readPageDocument } from '../read';
import { requireRight, requireVisible, type Step } from '../revert';
import { requireVisiblePage, seesEverything } from '../viewer';
import { writeStructure } from '../write';

/** Whether two states of an item hold the same content (revisions aside). */
function sameContent(a: JsonObject, b: JsonObject): boolean {
  const { revision: _a, ...left } = a;
  const { revision: _b, ...right } = b;
  return sameJson(left, right);
}

/** The drafts "publish this page" takes: the page, its blocks, their fields, its module and the module order when the module is a draft. */
async function draftsOfPage(view: DocumentSource, drafts: DraftRecord[], pageId?: Id): Promise<DraftRecord[]> {
  if (!pageId) return drafts;
  const page = (await view.get<Page>('page', pageId))?.data;
  const doc = await readPageDocument(view, pageId);
  const fieldIds = new Set((doc?.fields ?? []).map((f) => f.id));
  const moduleId = page?.moduleId ?? drafts.find((d) => d.kind === 'page' && d.id === pageId)?.moduleId;
  const moduleDrafted = !!moduleId && drafts.some((d) => d.kind === 'module' && d.id === moduleId);
  return drafts.filter(
    (d) =>
      (d.kind === 'page' && d.id === pageId) ||
      (d.kind === 'block' && d.pageId === pageId) ||
      (d.kind === 'field' && fieldIds.has(d.id)) ||
      (d.kind === 'module' && d.id === moduleId) ||
      (d.kind === 'order' && moduleDrafted),
  );
}

/** 404/403 unless the user may see and make every change these drafts make to the published items (as a revert would be judged). */
async function requireMayApply(tx: DocumentTx, user: SignedInUser, chosen: DraftRecord[]): Promise<void> {
  const steps: Step[] = [];
  for (const d of chosen) {
    if (d.kind === 'order') continue;
    const now = (await tx.get<Record<string, unknown>>(d.kind, d.id))?.data;
    steps.push({ item: { kind: d.kind, id: d.id, data: d.data }, now, then: d.data ?? undefined });
  }
  const restored = new Set(steps.filter((s) => s.then && !s.now).map((s) => overrideKey(s.item.kind, s.item.id)));
  const after = overlayDrafts(tx, chosen);
  for (const step of steps) await requireVisible(user, tx, after, step);
  for (const step of steps) await requireRight(user, after, step, restored);
}

function actionOf(ctx: AppContext, body: unknown): DraftsActionRequest {
  const action = ctx.validator.body<DraftsActionRequest>('drafts-action-request', body);
  if (!action.all && !action.pageId) throw badRequest('give pageId (one page) or all: true (every draft)');
  if (action.all && action.pageId) throw badRequest('give pageId or all, not both');
  return action;
}

export function structureDraftRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/structure/drafts', async (req): Promise<DraftsResponse> => {
    const user = await requireUser(ctx, req);
    needEditMode(user);
    const drafts = await listDrafts(ctx.store);
    const view = overlayDrafts(ctx.store, drafts);
    const out: DraftSummary[] = [];
    for (const d of drafts) {
      if (d.pageId && !seesEverything(user)) {
        const page = (await view.get<Page>('page', d.pageId))?.data ?? (await ctx.store.get<Page>('page', d.pageId))?.data;
        if (!page || !canViewPage(user, page)) continue;
      }
      const stored = d.kind === 'order' ? undefined : (await ctx.store.get<JsonObject>(d.kind, d.id))?.data;
      const published = d.kind === 'order' || !!stored;
      // A draft back to what is published (an undo, a discard) is no change to show.
      if (stored && d.data && sameContent(stored, d.data)) continue;
      const removed = !d.data || (d.kind === 'block' && (d.data as { wasDeleted?: boolean }).wasDeleted === true);
      out.push({
        kind: d.kind,
        id: d.id,
        change: removed ? 'removed' : published ? 'changed' : 'new',
        ...(d.pageId ? { pageId: d.pageId } : {}),
        ...(d.moduleId ? { moduleId: d.moduleId } : {}),
        authorId: d.authorId,
        updatedAt: d.updatedAt,
      });
    }
    return { drafts: out };
  });

  app.post('/structure/drafts/publish', async (req): Promise<DraftsPublishResponse> => {
    const user = await requireUser(ctx, req);
    needEditMode(user);
    const action = actionOf(ctx, req.body);
    if (action.pageId) await requireVisiblePage(draftView(ctx.store), user, action.pageId);
    return writeStructure(
      ctx,
      async (w) => {
        const drafts = await listDrafts(w.tx);
        const chosen = await draftsOfPage(overlayDrafts(w.tx, drafts), drafts, action.pageId);
        if (!chosen.length) return { published: 0 };
        await requireMayApply(w.tx, user, chosen);
        for (const d of chosen) {
          if (d.kind === 'order') await w.setModuleOrder((d.data?.order as Id[] | undefined) ?? []);
          else if (!d.data) {
            if (await w.get(d.kind, d.id)) await w.remove(d.kind, d.id);
          } else {
            // At the draft's revision: the editors' browsers hold it already.
            const { revision, ...item } = d.data as JsonObject & { id: Id; revision?: number };
            await w.put(d.kind, item as JsonObject & { id: Id }, undefined, typeof revision === 'number' ? revision : undefined);
          }
          await w.tx.remove('draft', draftKey(d.kind, d.id));
        }
        // Blocks deleted in the draft are published marked deleted (a delete's own revert still finds them) and go for good when this window ends.
        const deleted = chosen.filter((d) => d.kind === 'block' && (d.data as { wasDeleted?: boolean } | null)?.wasDeleted).map((d) => d.id);
        const token = await w.revertToken(user.account.accountId, ctx.config.revertWindowMs, deleted, {
          publishedDrafts: chosen as unknown as JsonObject[],
        });
        await w.tx.raw
          .insertInto('audit_log')
          .values({
            account_id: user.account.accountId,
            log_type: 'structurePublish',
            subject: action.pageId ?? 'all',
            action_time: String(Date.now()),
            extra: JSON.stringify({ items: chosen.map((d) => draftKey(d.kind, d.id)) }),
            saved_at: Date.now(),
          })
          .execute();
        return { published: chosen.length, ...token };
      },
      { live: true },
    );
  });

  app.post('/structure/drafts/discard', async (req) => {
    const user = await requireUser(ctx, req);
    needEditMode(user);
    const action = actionOf(ctx, req.body);
    if (action.pageId) await requireVisiblePage(draftView(ctx.store), user, action.pageId);
    const news = await ctx.store.transaction(async (tx) => {
      const drafts = await listDrafts(tx);
      const chosen = await draftsOfPage(overlayDrafts(tx, drafts), drafts, action.pageId);
      await requireMayApply(tx, user, chosen);
      const items = [];
      for (const d of chosen) {
        const published = d.kind === 'order' ? undefined : (await tx.get<JsonObject>(d.kind, d.id))?.data;
        if (published && d.data) {
          // The published item again, as a draft at a newer revision: editors' browsers keep the newest revision they heard of.
          const revision = Math.max(Number(d.data.revision ?? 0) || 0, Number(published.revision ?? 0) || 0) + 1;
          const data = { ...published, revision };
          await tx.put('draft', draftKey(d.kind, d.id), { ...d, data, updatedAt: Date.now() });
          items.push({ kind: d.kind as DraftItemKind, id: d.id, item: data, before: d.data });
        } else {
          await tx.remove('draft', draftKey(d.kind, d.id));
          if (d.kind !== 'order') items.push({ kind: d.kind, id: d.id, item: published ?? null, before: d.data });
        }
      }
      return items;
    });
    sendDraftChanges(ctx, news);
    return { discarded: news.length };
  });
}
