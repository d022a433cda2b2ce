/**
 * The message namespaces the shell itself uses (SHELL_NAMESPACES). English is in the initial files
 * (the fallback of every locale); another locale's are their own chunk, loaded before the shell
 * shows that locale (`loadShellMessages`), so an English member never downloads them. The full
 * catalogue (rules, validation, forms, engine, ...) is in the engine page's and the admin's chunks.
 */
import { localeChunkLoader, type Namespaces } from '../../engine/core/i18n/locale-chunks';
import en_audit from '../../engine/core/i18n/messages/en/audit.json' with { type: 'json' };
import en_common from '../../engine/core/i18n/messages/en/common.json' with { type: 'json' };
import en_installPrompt from '../../engine/core/i18n/messages/en/installPrompt.json' with { type: 'json' };
import en_nav from '../../engine/core/i18n/messages/en/nav.json' with { type: 'json' };
import en_server from '../../engine/core/i18n/messages/en/server.json' with { type: 'json' };
import en_shell from '../../engine/core/i18n/messages/en/shell.json' with { type: 'json' };
import en_socialSignIn from '../../engine/core/i18n/messages/en/socialSignIn.json' with { type: 'json' };
import en_startup from '../../engine/core/i18n/messages/en/startup.json' with { type: 'json' };
import en_theme from '../../engine/core/i18n/messages/en/theme.json' with { type: 'json' };
import en_toasts from '../../engine/core/i18n/messages/en/toasts.json' with { type: 'json' };

export const shellMessagesDefault: Namespaces = {
  audit: en_audit,
  common: en_common,
  installPrompt: en_installPrompt,
  nav: en_nav,
  server: en_server,
  shell: en_shell,
  socialSignIn: en_socialSignIn,
  startup: en_startup,
  theme: en_theme,
  toasts: en_toasts,
};

/**
 * A locale's shell namespaces (empty for English): every other locale's are a chunk of their own
 * (a new language is added here and in shell-messages.<locale>.ts).
 */
export const loadShellMessages = localeChunkLoader({
  fr: () => import('./shell-messages.fr').then((m) => m.default),
});
