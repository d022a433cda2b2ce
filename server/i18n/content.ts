/**
 * Content translations on write (engine/core/i18n/content-keys.ts): a `content.` key must name a
 * label that exists (a module's, page's or block's name, a block option that its type's options
 * schema makes a text; a field's label, placeholder, help text or choice, an application's title
 * and a profile data item's name by the key's shape), else the batch is
 * refused naming the key; a translation of an HTML option is sanitised with the stored HTML's
 * policy (server/html/sanitize.ts), since members' browsers show it as that option.
 */
import { CONTENT_KEY_PREFIX, optionPathKind, parseContentKey } from '../../engine/core/i18n/content-keys';
import type { Block } from '../../schemas/model';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { sanitizeStoredHtml } from '../html/sanitize';

/** What a key's target is stored as; fields and applications are checked by shape only (an application's fields live in its record). */
const KINDS = { module: 'module', page: 'page', block: 'block' } as const;

/** The text to store for `key` (sanitised when it is HTML); throws 400 when a content key names no label. */
export async function contentTranslation(ctx: AppContext, key: string, text: string | null): Promise<string | null> {
  if (!key.startsWith(CONTENT_KEY_PREFIX)) return text;
  const target = parseContentKey(key);
  if (!target)
    throw badRequest(
      `i18n key "${key}" is not a content key: use content.module|page|block.<id>.name, content.block.<id>.<option path>, content.field.<id>.label|placeholder|infoTooltip|infoPopup|options.<n>.label, content.application.<id>.label, content.entityDefinition.<id>.name or content.data.<key>.label`,
    );
  if (target.kind === 'field' || target.kind === 'application' || target.kind === 'data' || target.kind === 'entityDefinition') return text;
  const doc = await ctx.store.get(KINDS[target.kind], target.id);
  if (!doc) throw badRequest(`i18n key "${key}" names ${target.kind} "${target.id}", which does not exist`);
  if (target.kind !== 'block' || (target.path.length === 1 && target.path[0] === 'name')) return text;
  const block = doc.data as Block;
  const schema = ctx.validator.blockTypes[block.type]?.options;
  const kind = optionPathKind(schema, target.path);
  if (!kind) throw badRequest(`i18n key "${key}": option "${target.path.join('.')}" of a ${block.type} block is not a text people read`);
  return kind === 'html' && text !== null ? sanitizeStoredHtml(text) : text;
}
