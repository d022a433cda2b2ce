/**
 * The message namespaces the shell itself uses. The full catalogue (rules, validation, forms,
 * engine, ...) is in the engine page's lazy chunk, so the initial JS carries only these.
 */
import type { MessageCatalog } from '../../engine/core/i18n/translator';
import en_audit from '../../engine/core/i18n/messages/en/audit.json' with { type: 'json' };
import en_common from '../../engine/core/i18n/messages/en/common.json' with { type: 'json' };
import en_nav from '../../engine/core/i18n/messages/en/nav.json' with { type: 'json' };
import en_server from '../../engine/core/i18n/messages/en/server.json' with { type: 'json' };
import en_shell from '../../engine/core/i18n/messages/en/shell.json' with { type: 'json' };
import en_socialSignIn from '../../engine/core/i18n/messages/en/socialSignIn.json' with { type: 'json' };
import en_startup from '../../engine/core/i18n/messages/en/startup.json' with { type: 'json' };
import en_theme from '../../engine/core/i18n/messages/en/theme.json' with { type: 'json' };
import en_toasts from '../../engine/core/i18n/messages/en/toasts.json' with { type: 'json' };
import fr_audit from '../../engine/core/i18n/messages/fr/audit.json' with { type: 'json' };
import fr_common from '../../engine/core/i18n/messages/fr/common.json' with { type: 'json' };
import fr_nav from '../../engine/core/i18n/messages/fr/nav.json' with { type: 'json' };
import fr_server from '../../engine/core/i18n/messages/fr/server.json' with { type: 'json' };
import fr_shell from '../../engine/core/i18n/messages/fr/shell.json' with { type: 'json' };
import fr_socialSignIn from '../../engine/core/i18n/messages/fr/socialSignIn.json' with { type: 'json' };
import fr_startup from '../../engine/core/i18n/messages/fr/startup.json' with { type: 'json' };
import fr_theme from '../../engine/core/i18n/messages/fr/theme.json' with { type: 'json' };
import fr_toasts from '../../engine/core/i18n/messages/fr/toasts.json' with { type: 'json' };

export const shellMessages: MessageCatalog = {
  en: {
    audit: en_audit,
    common: en_common,
    nav: en_nav,
    server: en_server,
    shell: en_shell,
    socialSignIn: en_socialSignIn,
    startup: en_startup,
    theme: en_theme,
    toasts: en_toasts,
  },
  fr: {
    audit: fr_audit,
    common: fr_common,
    nav: fr_nav,
    server: fr_server,
    shell: fr_shell,
    socialSignIn: fr_socialSignIn,
    startup: fr_startup,
    theme: fr_theme,
    toasts: fr_toasts,
  },
};
