/**
 * Which message namespaces load where, so a member downloads only what the pages use: the shell's
 * initial files carry SHELL_NAMESPACES (web/i18n/shell-messages.ts), the admin chunk the whole
 * catalogue (messages.generated.ts), the rule engine its own (RULE_NAMESPACES), the blocks that
 * show forms or profiles theirs (FORM_NAMESPACES), and the engine page every other namespace, English always (the fallback) and the active locale only when it is
 * another (page-messages.generated.ts).
 */
export const SHELL_NAMESPACES: readonly string[] = ['audit', 'common', 'installPrompt', 'nav', 'server', 'shell', 'socialSignIn', 'startup', 'theme', 'toasts'];

/** Texts of the admin and the composer only: a member never downloads them. */
export const ADMIN_NAMESPACES: readonly string[] = [
  'admin',
  'adminAreas',
  'adminLanguages',
  'appsAdmin',
  'assetManager',
  'capturedBlocks',
  'editMode',
  'emailBuilder',
  'processesAdmin',
  'searchAdmin',
  'layoutsAdmin',
  'mappingsAdmin',
  'settingsAdmin',
];

/**
 * The rule engine's texts (operators, subjects, problems): the evaluator imports them itself
 * (engine/core/rules/evaluator.ts, loaded with the first rule on a page) and the admin has them in
 * its catalogue, so the engine page does not carry them.
 */
export const RULE_NAMESPACES: readonly string[] = ['rules'];

/**
 * The texts of forms, fields and of the blocks that show profiles or search members: a TextSet
 * (form-messages.generated.ts) the chunks of the blocks that use them bring (text-sets.ts), so a
 * page without such blocks does not carry them.
 */
export const FORM_NAMESPACES: readonly string[] = ['fields', 'form', 'imageUploader', 'profiles', 'userSearch', 'validation'];

/** Texts the server renders in the reader's language (notification event labels): no client chunk carries them. */
export const SERVER_NAMESPACES: readonly string[] = ['notifications'];

/** A namespace every engine page loads (blocks, engine). */
export function isPageNamespace(namespace: string): boolean {
  return ![SHELL_NAMESPACES, ADMIN_NAMESPACES, RULE_NAMESPACES, FORM_NAMESPACES, SERVER_NAMESPACES].some((names) => names.includes(namespace));
}
