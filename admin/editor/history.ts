/**
 * Undo and redo of the session's structure changes (spec: composer). A step holds the command that
 * takes it back; running a command (one server request, optimistic through the pure structure
 * actions) yields the command that takes *that* back, so undo and redo are the same walk. Block
 * settings travel with their revision: an undo over someone else's later edit is refused by the
 * server (409), and deletes are taken back through their revert token (spec 4.6).
 */
import { atom } from 'jotai';
import { blockAtom, type RevertAction, type StructureAction } from '../../engine';
import type { Block, Id } from '../../schemas/model';
import { blockLabel, errorMessage, type AdminValue } from '../core/context';
import { findPlacement, parentColumns } from '../core/placement';
import type { DraftScope } from '../core/api';
import { draftsReloadAtom } from '../drafts/state';

/** What takes a step back (or forward). */
export type HistoryCommand =
  | { kind: 'structure'; action: StructureAction; token?: string; tokens?: string[] }
  /**
   * Write the block as it was; `block.revision` is the revision the server must still hold, `base`
   * the revision the block had before the change this takes back (see `rebase`).
   */
  | { kind: 'block'; block: Block; base?: number }
  /** Publish drafts again (redo of a publish taken back). */
  | { kind: 'publish'; scope: DraftScope }
  /** Take a publish back through its revert token: members see what they saw, the drafts return. */
  | { kind: 'unpublish'; token: string; scope: DraftScope };

export interface HistoryStep {
  /** Said in the bar's tooltips and announcements: "Move “Alpha”". */
  label: string;
  command: HistoryCommand;
}

export interface HistoryState {
  undo: HistoryStep[];
  redo: HistoryStep[];
  busy: boolean;
}

export const HISTORY_LIMIT = 100;

export const historyAtom = atom<HistoryState>({ undo: [], redo: [], busy: false });

type Admin = Pick<AdminValue, 'store' | 'api' | 'run' | 'apply' | 'page' | 'registry' | 't' | 'notify' | 'announce' | 'retireRevert'>;

/** Records a change the admin just made (a new change clears the redo list). */
export function recordStep(admin: Pick<AdminValue, 'store'>, step: HistoryStep): void {
  const h = admin.store.get(historyAtom);
  admin.store.set(historyAtom, { ...h, undo: [...h.undo, step].slice(-HISTORY_LIMIT), redo: [] });
}

/**
 * Forgets the steps that would spend a revert token already spent elsewhere (the delete's own
 * Revert notification): a step kept would only fail, naming a block that is back already.
 */
export function dropTokenSteps(store: AdminValue['store'], token: string): void {
  const h = store.get(historyAtom);
  const live = (s: HistoryStep) => !(s.command.kind === 'structure' && (s.command.token === token || s.command.tokens?.includes(token)));
  store.set(historyAtom, { ...h, undo: h.undo.filter(live), redo: h.redo.filter(live) });
}

/** The step's command for a settings save of `before` that the server stored as `revision`. */
export function editCommand(before: Block, revision: number | undefined): HistoryCommand {
  return { kind: 'block', block: { ...before, revision }, base: before.revision };
}

/**
 * After a block command took its change back (the block now at `revision`), the block is as the
 * earlier steps of that block left it: those expecting the revision it had before that change
 * expect the new one, so two edits of one block undo (and redo) one after the other.
 */
function rebase(steps: HistoryStep[], done: HistoryCommand, revision: number | undefined): HistoryStep[] {
  if (done.kind !== 'block' || done.base === undefined || revision === undefined) return steps;
  return steps.map((s) =>
    s.command.kind === 'block' && s.command.block.id === done.block.id && s.command.block.revision === done.base
      ? { ...s, command: { ...s.command, block: { ...s.command.block, revision } } }
      : s,
  );
}

/** The command that removes a block just placed at `at` on the page. */
export function removeCommand(pageId: Id, blockId: Id, at?: { parentType: 'page' | 'block'; parentId: Id; colIndex: number; index: number }): HistoryCommand {
  return { kind: 'structure', action: { kind: 'remove', pageId, blockIds: [blockId], ...(at ? { from: at } : {}) } };
}

function lookup(admin: Admin) {
  return (id: Id) => admin.store.get(blockAtom(id));
}

/** Runs a command against the server (one request) and answers the command that takes it back. */
export async function runCommand(admin: Admin, command: HistoryCommand): Promise<HistoryCommand> {
  if (command.kind === 'publish' || command.kind === 'unpublish') {
    let next: HistoryCommand;
    if (command.kind === 'publish') {
      const result = await admin.api.publishDrafts(command.scope);
      if (!result.revertToken) throw new Error(admin.t('admin.history.gone'));
      next = { kind: 'unpublish', token: result.revertToken, scope: command.scope };
    } else {
      await admin.api.revert(command.token);
      next = { kind: 'publish', scope: command.scope };
    }
    await admin.store.get(draftsReloadAtom)?.reload();
    return next;
  }
  if (command.kind === 'block') {
    const current = admin.store.get(blockAtom(command.block.id));
    if (!current || current.wasDeleted) throw new Error(admin.t('admin.history.gone'));
    const result = await admin.api.updateBlock(command.block.id, command.block);
    admin.apply(result);
    const saved = result.blocks?.find((b) => b.id === command.block.id) ?? admin.store.get(blockAtom(command.block.id));
    return { kind: 'block', block: { ...current, revision: saved?.revision }, base: command.block.revision };
  }
  const { action } = command;
  const page = admin.page();
  if (!page) throw new Error(admin.t('admin.history.gone'));
  switch (action.kind) {
    case 'move': {
      const updates = action.moves.map(({ blockId, to }) => {
        const from = findPlacement(page, blockId, lookup(admin));
        if (!from) throw new Error(admin.t('admin.history.gone'));
        return { blockId, from: { parentType: from.parentType, parentId: from.parentId, colIndex: from.colIndex }, to };
      });
      const { inverse } = await admin.run(action, () => admin.api.moveBlocks({ updates, fromPageId: action.fromPageId, toPageId: action.toPageId }));
      if (!inverse) throw new Error(admin.t('admin.history.gone'));
      return { kind: 'structure', action: inverse };
    }
    case 'remove': {
      // One delete per block (a paste of several blocks is taken back block by block), each with its revert token.
      const tokens: string[] = [];
      const restores: RevertAction['restores'] = [];
      for (const blockId of action.blockIds) {
        const now = admin.page();
        const at = now && findPlacement(now, blockId, lookup(admin));
        if (!at) throw new Error(admin.t('admin.history.gone'));
        let token = '';
        const { inverse } = await admin.run({ kind: 'remove', pageId: action.pageId, blockIds: [blockId], from: at }, async () => {
          const result = await admin.api.deleteBlock(blockId, at.parentType, at.parentId, at.colIndex, at.index);
          token = result.revertToken;
          return result;
        });
        if (inverse?.kind !== 'revert') throw new Error(admin.t('admin.history.gone'));
        tokens.push(token);
        restores.push(...inverse.restores);
      }
      return { kind: 'structure', action: { kind: 'revert', pageId: action.pageId, restores }, token: tokens[0], tokens };
    }
    case 'revert': {
      const tokens = command.tokens ?? (command.token ? [command.token] : []);
      if (!tokens.length || (tokens.length > 1 && tokens.length !== action.restores.length)) throw new Error(admin.t('admin.history.gone'));
      if (tokens.length === 1) {
        const { inverse } = await admin.run(action, () => admin.api.revert(tokens[0]));
        admin.retireRevert(tokens[0]);
        if (!inverse) throw new Error(admin.t('admin.history.gone'));
        return { kind: 'structure', action: inverse };
      }
      // Several deletes: put back last to first, each through its own token.
      for (let i = tokens.length - 1; i >= 0; i--) {
        await admin.run({ ...action, restores: [action.restores[i]] }, () => admin.api.revert(tokens[i]));
        admin.retireRevert(tokens[i]);
      }
      const roots = action.restores.flatMap((r) => (r.blocks[0] ? [r.blocks[0].id] : []));
      return { kind: 'structure', action: { kind: 'remove', pageId: action.pageId, blockIds: roots } };
    }
    case 'clone': {
      const { at } = action;
      const id = action.ids[0];
      await admin.run({ ...action, idMap: undefined }, () =>
        admin.api.cloneBlocks({
          updates: [{ blockId: id, from: { parentType: at.parentType, parentId: at.parentId, colIndex: at.colIndex }, to: at }],
          fromPageId: action.fromPageId,
          toPageId: action.toPageId,
        }),
      );
      const copy = placedAt(admin, at);
      if (!copy) throw new Error(admin.t('admin.history.gone'));
      return removeCommand(action.toPageId, copy, at);
    }
    default:
      throw new Error(admin.t('admin.history.unsupported'));
  }
}

/** The id of the block now at a place of the current page. */
export function placedAt(
  admin: Pick<AdminValue, 'store' | 'page'>,
  at: { parentType: 'page' | 'block'; parentId: Id; colIndex: number; index: number },
): Id | undefined {
  const page = admin.page();
  if (!page) return undefined;
  const parent = at.parentType === 'page' ? page : admin.store.get(blockAtom(at.parentId));
  if (!parent) return undefined;
  return parentColumns(parent as Block)[at.colIndex]?.[at.index];
}

async function walk(admin: Admin, from: 'undo' | 'redo'): Promise<boolean> {
  const h = admin.store.get(historyAtom);
  const step = h[from].at(-1);
  if (!step || h.busy) return false;
  admin.store.set(historyAtom, { ...h, busy: true });
  const to = from === 'undo' ? 'redo' : 'undo';
  try {
    const back = await runCommand(admin, step.command);
    const now = admin.store.get(historyAtom);
    const rest = rebase(now[from].slice(0, -1), step.command, back.kind === 'block' ? back.block.revision : undefined);
    admin.store.set(historyAtom, { ...now, [from]: rest, [to]: [...now[to], { label: step.label, command: back }], busy: false });
    admin.announce(admin.t(from === 'undo' ? 'admin.history.undone' : 'admin.history.redone', { label: step.label }));
    return true;
  } catch (error) {
    // Refused (someone changed the page since): the step is dropped, never half applied, and said in words.
    const now = admin.store.get(historyAtom);
    admin.store.set(historyAtom, { ...now, [from]: now[from].slice(0, -1), busy: false });
    admin.notify(
      'negative',
      admin.t(from === 'undo' ? 'admin.history.undoRefused' : 'admin.history.redoRefused', { label: step.label, message: errorMessage(error, admin.t) }),
    );
    return false;
  }
}

export const undo = (admin: Admin) => walk(admin, 'undo');
export const redo = (admin: Admin) => walk(admin, 'redo');

/** "Move “Alpha”" and friends. */
export function stepLabel(
  admin: Pick<AdminValue, 't' | 'registry'>,
  kind: 'add' | 'move' | 'delete' | 'duplicate' | 'edit' | 'place' | 'paste',
  block: Block | undefined,
): string {
  return admin.t(`admin.history.steps.${kind}`, { name: blockLabel(block, admin.registry) });
}
