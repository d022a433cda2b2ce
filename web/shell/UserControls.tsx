/** The user profile popover with the user controls (spec 1), anchored with floating-ui. */
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LanguageSelector } from '../i18n/LanguageSelector';
import { useT } from '../i18n/use-t';
import { ThemeSelector } from '../theme/ThemeSelector';
import { ACCOUNT_PAGE_PATH } from '../startup/startup';
import { logout } from './logout';
import { useApi } from './services';
import { UserAvatar } from './UserAvatar';
import { sessionAtom, settingsAtom, themeSelectableAtom } from './shell-state';
import { DEFAULT_PAGE_NAMES, userControlEntries, type UserControlContext } from './user-controls-rules';
import { profileHref } from '../api/init-adapter';
import { formatProfileName } from '../../engine/core/profile-name';
import type { Profile } from '../../schemas/model';

const FloatingPanel = lazy(() => import('./FloatingPanel'));

export function UserControls() {
  const t = useT();
  const api = useApi();
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(settingsAtom);
  const themeSelectable = useAtomValue(themeSelectableAtom);
  const [open, setOpen] = useState(false);
  const [defaultPagesView, setDefaultPagesView] = useState<UserControlContext['defaultPagesView'] | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  const [name, setName] = useState<string | null>(null);
  const accountId = session?.user.accountId;

  useEffect(() => {
    if (!open || defaultPagesView) return;
    api
      .post<Record<string, boolean>>('settings/permission/getDefaultPagesViewPermission', { defaultPageNames: DEFAULT_PAGE_NAMES }, { quiet: true })
      .then((r) => setDefaultPagesView(r ?? {}))
      .catch(() => setDefaultPagesView({}));
  }, [open, defaultPagesView, api]);

  // The menu is headed by the member's name (their own profile); the account id until it is known.
  useEffect(() => {
    if (!open || name !== null || !accountId) return;
    api
      .get<Profile>(`profile/${encodeURIComponent(accountId)}`, { quiet: true })
      .then((p) => {
        const values = (p?.data?.profile ?? {}) as Record<string, unknown>;
        const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
        setName(formatProfileName({ first: text(values.firstName), last: text(values.lastName) }) || accountId);
      })
      .catch(() => setName(accountId));
  }, [open, name, accountId, api]);

  if (!session) return null;
  const entries = userControlEntries({
    defaultPagesView: defaultPagesView ?? {},
    socialSignInEnabled: !!settings.socialSignInEnabled,
    publishedLanguages: session.languages.published,
    themeSelectable,
  });
  const initials = session.user.accountId.slice(0, 2).toUpperCase();
  return (
    <>
      {/* The visible initials are part of the name (WCAG 2.5.3, label in name). */}
      <button
        type="button"
        className="ts-user-button"
        ref={trigger}
        aria-label={`${t('shell.userControls.open')}, ${initials}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <UserAvatar initials={initials} />
      </button>
      {/* Drawn once the default pages' permissions are known, so no entry moves under a click. */}
      {open && trigger.current && defaultPagesView && (
        <Suspense fallback={null}>
          <FloatingPanel anchor={trigger.current} onClose={close} role="dialog" label={t('shell.userControls.title')} className="ts-popover">
            <p className="ts-user-controls__name">{name ?? session.user.accountId}</p>
            <ul className="ts-user-controls">
              {entries.map((entry) => {
                switch (entry) {
                  case 'myProfile':
                    return (
                      <li key={entry}>
                        <Link href={profileHref(settings, session.user.accountId)} onClick={close}>
                          {t('shell.userControls.myProfile')}
                        </Link>
                      </li>
                    );
                  case 'myAccount':
                    return (
                      <li key={entry}>
                        <a href={ACCOUNT_PAGE_PATH} target="_blank" rel="noopener noreferrer">
                          {t('shell.userControls.myAccount')}
                        </a>
                      </li>
                    );
                  case 'manageLogins':
                    return (
                      <li key={entry}>
                        <Link href="/settings?section=logins" onClick={close}>
                          {t('shell.userControls.manageLogins')}
                        </Link>
                      </li>
                    );
                  case 'notifications':
                    return (
                      <li key={entry}>
                        <Link href="/settings?section=notifications" onClick={close}>
                          {t('shell.userControls.notifications')}
                        </Link>
                      </li>
                    );
                  case 'accessibility':
                    return (
                      <li key={entry}>
                        <Link href="/settings?section=accessibility" onClick={close}>
                          {t('shell.userControls.accessibility')}
                        </Link>
                      </li>
                    );
                  case 'privacy':
                    return (
                      <li key={entry}>
                        <Link href="/settings?section=privacy" onClick={close}>
                          {t('shell.userControls.privacy')}
                        </Link>
                      </li>
                    );
                  case 'language':
                    return (
                      <li key={entry}>
                        <LanguageSelector />
                      </li>
                    );
                  case 'theme':
                    return (
                      <li key={entry}>
                        <ThemeSelector />
                      </li>
                    );
                  case 'logout':
                    return (
                      <li key={entry}>
                        <button type="button" onClick={() => void logout(api, (url) => window.location.assign(url))}>
                          {t('shell.userControls.logout')}
                        </button>
                      </li>
                    );
                }
              })}
            </ul>
          </FloatingPanel>
        </Suspense>
      )}
    </>
  );
}
