/**
 * "May this viewer name this id": every structure write that stores ids of other items (a block's
 * fields, related blocks, children, a field's child fields, option values that name a page or a
 * module) names only items the writer may see. A hidden item named by a visible one becomes visible
 * through it (a hidden form's field shown, relabelled or deleted through a pasted copy), so naming
 * it is refused exactly as reading it is: 404, the answer an item that does not exist gets, so the
 * refusal does not tell that it exists. Used by paste, clone, block create, update and property,
 * and addField (routes/blocks.ts).
 */
import type { BlockTypeEntry, Field, Id, JsonObject, Module } from '../../schemas/model';
import type { SignedInUser } from '../context';
import { notFound } from '../errors';
import type { DocumentSource } from '../storage/documents';
import { hiddenFieldIds, requireVisibleBlock, requireVisiblePage } from './viewer';

export interface NamedIds {
  blocks: Id[];
  fields: Id[];
  pages: Id[];
  modules: Id[];
}

export const noNames = (): NamedIds => ({ blocks: [], fields: [], pages: [], modules: [] });

/** Ids a written block names besides its own: children, related blocks, fields, and option values the type marks as structure. */
export function namesOfBlock(
  block: { children?: Id[]; positions?: Record<string, Id[]>; relatedBlocks?: unknown; fields?: Id[]; options?: JsonObject; type?: string },
  type: BlockTypeEntry | undefined,
  into: NamedIds = noNames(),
): NamedIds {
  const strings = (v: unknown): Id[] => (Array.isArray(v) ? v.filter((x): x is Id => typeof x === 'string') : []);
  into.blocks.push(...strings(block.children), ...Object.values(block.positions ?? {}).flatMap(strings));
  const related = block.relatedBlocks as { display?: unknown; modal?: unknown } | undefined;
  if (related && typeof related === 'object') into.blocks.push(...strings(related.display), ...strings([related.modal]));
  into.fields.push(...strings(block.fields));
  if (type?.ui) structureOptions(type.ui, block.options, into);
  return into;
}

/**
 * Option values shown with the `structureSelector` widget (ui `ui:options.kind`: `page`, the
 * default, or `module`) are ids of pages or modules, at any depth of the options (objects and lists).
 */
function structureOptions(ui: unknown, value: unknown, into: NamedIds): void {
  if (!ui || typeof ui !== 'object' || value === undefined || value === null) return;
  const hints = ui as Record<string, unknown>;
  if (hints['ui:widget'] === 'structureSelector') {
    const kind = (hints['ui:options'] as { kind?: unknown } | undefined)?.kind === 'module' ? 'modules' : 'pages';
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string' && id) into[kind].push(id);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) structureOptions(hints.items, item, into);
    return;
  }
  if (typeof value === 'object')
    for (const [key, sub] of Object.entries(hints))
      if (!key.startsWith('ui:') && Object.hasOwn(value, key)) structureOptions(sub, (value as Record<string, unknown>)[key], into);
}

/** Ids a check leaves out: those the same write creates (a paste's own blocks and fields) or that the item named already. */
export interface Unchecked {
  blocks?: Iterable<Id>;
  fields?: Iterable<Id>;
  pages?: Iterable<Id>;
  modules?: Iterable<Id>;
}

/** 404 for the first named item that does not exist or that the user may not see, as a direct read answers. */
export async function requireNameable(reader: DocumentSource, user: SignedInUser, named: NamedIds, unchecked: Unchecked = {}): Promise<void> {
  const unique = (ids: Id[], skip: Iterable<Id> = []) => {
    const left = new Set(skip);
    return [...new Set(ids)].filter((id) => !left.has(id));
  };
  for (const id of unique(named.pages, unchecked.pages)) await requireVisiblePage(reader, user, id);
  for (const id of unique(named.modules, unchecked.modules)) if (!(await reader.get<Module>('module', id))) throw notFound(`module "${id}" does not exist`);
  for (const id of unique(named.blocks, unchecked.blocks)) await requireVisibleBlock(reader, user, id);
  const fields = unique(named.fields, unchecked.fields);
  if (!fields.length) return;
  const hidden = await hiddenFieldIds(reader, user);
  const found = new Set((await reader.getMany<Field>('field', fields)).map((d) => d.id));
  const refused = fields.find((id) => hidden.has(id) || !found.has(id));
  if (refused !== undefined) throw notFound(`field "${refused}" does not exist`);
}
