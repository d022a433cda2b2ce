/** The shell's French namespaces: a chunk of their own, loaded only for a French member (shell-messages.ts). */
import type { MessageTree } from '../../engine/core/i18n/translator';
import fr_audit from '../../engine/core/i18n/messages/fr/audit.json' with { type: 'json' };
import fr_common from '../../engine/core/i18n/messages/fr/common.json' with { type: 'json' };
import fr_installPrompt from '../../engine/core/i18n/messages/fr/installPrompt.json' with { type: 'json' };
import fr_nav from '../../engine/core/i18n/messages/fr/nav.json' with { type: 'json' };
import fr_server from '../../engine/core/i18n/messages/fr/server.json' with { type: 'json' };
import fr_shell from '../../engine/core/i18n/messages/fr/shell.json' with { type: 'json' };
import fr_socialSignIn from '../../engine/core/i18n/messages/fr/socialSignIn.json' with { type: 'json' };
import fr_startup from '../../engine/core/i18n/messages/fr/startup.json' with { type: 'json' };
import fr_theme from '../../engine/core/i18n/messages/fr/theme.json' with { type: 'json' };
import fr_toasts from '../../engine/core/i18n/messages/fr/toasts.json' with { type: 'json' };

const messages: Record<string, MessageTree> = {
  audit: fr_audit,
  common: fr_common,
  installPrompt: fr_installPrompt,
  nav: fr_nav,
  server: fr_server,
  shell: fr_shell,
  socialSignIn: fr_socialSignIn,
  startup: fr_startup,
  theme: fr_theme,
  toasts: fr_toasts,
};
export default messages;
