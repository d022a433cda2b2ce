/**
 * The /settings page (spec core §2.2, §1 user controls): profile, notifications (POST
 * user/setNotifications, and each event's channels: NotificationPreferences.tsx), accessibility (profile meta accessibility.noCarouselAutoPlay), privacy
 * (connectivity, and each profile data item's DataPrivacy state through POST user/dataPrivacy),
 * manage my logins (GET/DELETE user/socialAccountLink), language and theme. Each change saves at once and says so in a toast (§8). `?section=` (the
 * user-controls links) moves focus to that section. A lazy chunk, like the engine page.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { profilePublicName } from '../../engine/core/profile-privacy';
import { useResourceEntry } from '../../engine/data/hooks';
import { profilesSlice } from '../../engine/data/profiles';
import type { DataPrivacy, Profile, ProfileMeta } from '../../schemas/model';
import { profileHref } from '../api/init-adapter';
import { LanguageSelector, shouldShowLanguageSelector } from '../i18n/LanguageSelector';
import { useT } from '../i18n/use-t';
import { contentLookup, dataItemKey } from '../../engine/core/i18n/content-keys';
import { webDataLayer } from '../engine/data-layer';
import { useServices } from '../shell/services';
import { pushToastAtom, sessionAtom, settingsAtom, themeSelectableAtom, translatorAtom } from '../shell/shell-state';
import { ThemeSelector } from '../theme/ThemeSelector';
import { NotificationPreferences } from './NotificationPreferences';
import { dataItemLabel, dataItemsOf, privacyStateOf, SETTINGS_SECTIONS, type SettingsSection } from './settings-rules';
import { Switch } from './Switch';

type PrivacyState = DataPrivacy['state'];
const PRIVACY_STATES: PrivacyState[] = ['public', 'connections', 'private'];

/** A content label in the member's language: its translation, else the text given. */
function contentLookupText(translator: Parameters<typeof contentLookup>[0]) {
  const lookup = contentLookup(translator);
  return (key: string, stored: string) => lookup(key, stored) ?? stored;
}

export default function SettingsPage() {
  const t = useT();
  const contentText = contentLookupText(useAtomValue(translatorAtom));
  const store = useStore();
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  const setSession = useSetAtom(sessionAtom);
  const settings = useAtomValue(settingsAtom);
  const themeSelectable = useAtomValue(themeSelectableAtom);
  const toast = useSetAtom(pushToastAtom);
  const accountId = session?.user.accountId;
  const layer = useMemo(() => webDataLayer(store, api, accountId), [store, api, accountId]);
  const ownEntry = useResourceEntry(layer.slice(profilesSlice), accountId);
  const own = ownEntry?.state === 'ready' ? ownEntry.value : undefined;
  const [busy, setBusy] = useState<string | null>(null);

  const section = new URLSearchParams(useSearch()).get('section');
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  useEffect(() => {
    if (!section || !own) return;
    const heading = headings.current.get(section);
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus();
  }, [section, own]);

  if (!session || !accountId) return null;
  const user = session.user;

  /** Runs one save; a toast says whether it was kept (§8). */
  async function save<T>(key: string, call: () => Promise<T>, apply: (answer: T) => void, messages: { saved: string; failed: string }) {
    setBusy(key);
    try {
      apply(await call());
      toast({ type: 'positive', message: t(messages.saved) });
    } catch (error) {
      const message = (error as { message?: unknown })?.message;
      toast({ type: 'negative', message: `${t(messages.failed)}${typeof message === 'string' && message ? ` ${message}` : ''}` });
    } finally {
      setBusy(null);
    }
  }

  const setUser = (change: Partial<typeof user>) => setSession((s) => (s ? { ...s, user: { ...s.user, ...change } } : s));
  const setMeta = (meta: ProfileMeta) => layer.slice(profilesSlice).update(accountId, (p: Profile) => ({ ...p, data: { ...p.data, meta } }));

  const notificationsOn = user.notificationsEnabled === true;
  const noAutoPlay = own?.data.meta.accessibility?.noCarouselAutoPlay === true;
  const connectivityPrivate = own?.data.meta.settings?.privacy?.isConnectivityPrivate === true || user.frameworkData?.isConnectivityPrivate === true;
  const items = dataItemsOf(own?.data.profile, user.dataPrivacy);
  const profilePath = profileHref(settings, accountId);

  const sectionHeading = (id: SettingsSection, text: string) => (
    <h2
      id={`settings-${id}`}
      tabIndex={-1}
      ref={(el) => {
        if (el) headings.current.set(id, el);
      }}
    >
      {text}
    </h2>
  );

  return (
    <div className="ts-settings">
      <h1 className="ts-page-title">{t('shell.settings.title')}</h1>
      <nav aria-label={t('shell.settings.sections')} className="ts-settings__nav">
        <ul>
          {SETTINGS_SECTIONS.filter((s) => s !== 'language' || shouldShowLanguageSelector(session.languages.published))
            .filter((s) => s !== 'theme' || themeSelectable)
            .map((s) => (
              <li key={s}>
                <Link href={`/settings?section=${s}`}>{t(`shell.settings.${s}.title`)}</Link>
              </li>
            ))}
        </ul>
      </nav>
      {!own && (
        <p role="status" className="ts-page-loading">
          {t('shell.settings.loading')}
        </p>
      )}

      <Section id="profile">
        {sectionHeading('profile', t('shell.settings.profile.title'))}
        <p>{t('shell.settings.profile.intro', { name: profilePublicName(own?.data.profile, accountId) })}</p>
        <p className="ts-settings__links">
          <Link href={profilePath}>{t('shell.settings.profile.edit')}</Link>
          <Link href={`${profilePath}#privacy`}>{t('shell.settings.profile.editPrivacy')}</Link>
        </p>
      </Section>

      <Section id="notifications">
        {sectionHeading('notifications', t('shell.settings.notifications.title'))}
        <Switch
          label={t('shell.settings.notifications.enabled')}
          checked={notificationsOn}
          disabled={busy === 'notifications'}
          onChange={(enabled) =>
            void save(
              'notifications',
              () => api.post<{ notificationsEnabled: boolean }>('user/setNotifications', { enabled }, { quiet: true }),
              (r) => setUser({ notificationsEnabled: r.notificationsEnabled }),
              { saved: 'shell.settings.notifications.saved', failed: 'shell.settings.notifications.failed' },
            )
          }
        />
        <NotificationPreferences />
      </Section>

      <Section id="accessibility">
        {sectionHeading('accessibility', t('shell.settings.accessibility.title'))}
        <Switch
          label={t('shell.settings.accessibility.noCarouselAutoPlay')}
          checked={noAutoPlay}
          disabled={!own || busy === 'accessibility'}
          onChange={(on) =>
            void save(
              'accessibility',
              () => api.post<ProfileMeta>('profile/meta/upsert', { path: 'accessibility.noCarouselAutoPlay', data: on }, { quiet: true }),
              setMeta,
              { saved: 'shell.settings.accessibility.saved', failed: 'shell.settings.accessibility.failed' },
            )
          }
        />
      </Section>

      <Section id="privacy">
        {sectionHeading('privacy', t('shell.settings.privacy.title'))}
        <Switch
          label={t('shell.settings.privacy.connectivity')}
          hint={t('shell.settings.privacy.connectivityHint')}
          checked={connectivityPrivate}
          disabled={!own || busy === 'connectivity'}
          onChange={(isConnectivityPrivate) =>
            void save(
              'connectivity',
              () => api.post<ProfileMeta>('profile/meta/privacy/connectivity', { isConnectivityPrivate }, { quiet: true }),
              (meta) => {
                setMeta(meta);
                setUser({ frameworkData: { ...(user.frameworkData ?? {}), isConnectivityPrivate } });
              },
              { saved: 'shell.settings.privacy.saved', failed: 'shell.settings.privacy.failed' },
            )
          }
        />
        <h3 id="settings-privacy-items">{t('shell.settings.privacy.items')}</h3>
        {own && !items.length && <p>{t('shell.settings.privacy.itemsEmpty')}</p>}
        {items.length > 0 && (
          <ul className="ts-settings__privacy" aria-labelledby="settings-privacy-items">
            {items.map((key) => {
              // The item's name in the member's language when the site gives one (content translations).
              const label = contentText(dataItemKey(key), dataItemLabel(key));
              const id = `settings-privacy-${key}`;
              return (
                <li key={key}>
                  <label htmlFor={id}>{label}</label>
                  <select
                    id={id}
                    value={privacyStateOf(user.dataPrivacy, key)}
                    disabled={busy === `privacy:${key}`}
                    onChange={(e) => {
                      const state = e.target.value as PrivacyState;
                      void save(
                        `privacy:${key}`,
                        () => api.post<{ dataPrivacy: DataPrivacy[] }>('user/dataPrivacy', { dataSchemaId: key, state }, { quiet: true }),
                        (r) => setUser({ dataPrivacy: r.dataPrivacy }),
                        { saved: 'shell.settings.privacy.saved', failed: 'shell.settings.privacy.failed' },
                      );
                    }}
                  >
                    {PRIVACY_STATES.map((s) => (
                      <option key={s} value={s}>
                        {t(`shell.settings.privacy.state.${s}`)}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section id="logins">
        {sectionHeading('logins', t('shell.settings.logins.title'))}
        <SocialLogins />
      </Section>

      {shouldShowLanguageSelector(session.languages.published) && (
        <Section id="language">
          {sectionHeading('language', t('shell.settings.language.title'))}
          <LanguageSelector />
        </Section>
      )}

      {themeSelectable && (
        <Section id="theme">
          {sectionHeading('theme', t('shell.settings.theme.title'))}
          <ThemeSelector />
        </Section>
      )}
    </div>
  );
}

interface SocialLink {
  provider: string;
  externalId: string;
  label: string;
  linkedAt: number;
}

/** "Manage my logins": the linked social accounts (GET user/socialAccountLink), each unlinkable (§8 messages). */
function SocialLogins() {
  const t = useT();
  const { api } = useServices();
  const toast = useSetAtom(pushToastAtom);
  const [answer, setAnswer] = useState<{ providers: string[]; links: SocialLink[] } | 'loading' | 'failed'>('loading');
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.get<{ providers?: unknown; links?: unknown }>('user/socialAccountLink', { quiet: true }).then(
      (r) => {
        if (!current) return;
        // Read tolerantly: only well-formed entries are shown.
        const links = (Array.isArray(r?.links) ? r.links : []).filter(
          (l): l is SocialLink => !!l && typeof l.provider === 'string' && typeof l.externalId === 'string' && typeof l.label === 'string',
        );
        setAnswer({ providers: Array.isArray(r?.providers) ? r.providers.filter((p): p is string => typeof p === 'string') : [], links });
      },
      () => current && setAnswer('failed'),
    );
    return () => {
      current = false;
    };
  }, [api]);
  if (answer === 'loading') return <p role="status">{t('shell.settings.logins.loading')}</p>;
  if (answer === 'failed') return <p role="alert">{t('shell.settings.logins.loadFailed')}</p>;
  return (
    <>
      <p>{t('shell.settings.logins.intro')}</p>
      {!answer.links.length && <p>{t('shell.settings.logins.none')}</p>}
      {!answer.providers.length && <p>{t('shell.settings.logins.noProviders')}</p>}
      {answer.links.length > 0 && (
        <ul className="ts-settings__logins">
          {answer.links.map((link) => (
            <li key={`${link.provider}:${link.externalId}`}>
              <span>
                <strong>{link.provider}</strong> {link.label}
              </span>
              <button
                type="button"
                className="t-button"
                disabled={busy === link.externalId}
                onClick={() => {
                  setBusy(link.externalId);
                  api
                    .delete(`user/socialAccountLink/${encodeURIComponent(link.externalId)}`, { quiet: true })
                    .then(
                      () => {
                        setAnswer((a) => (typeof a === 'object' ? { ...a, links: a.links.filter((l) => l.externalId !== link.externalId) } : a));
                        toast({ type: 'positive', message: t('shell.settings.logins.unlinked', { provider: link.provider }) });
                      },
                      () => toast({ type: 'negative', message: t('shell.settings.logins.unlinkFailed', { provider: link.provider }) }),
                    )
                    .finally(() => setBusy(null));
                }}
              >
                {t('shell.settings.logins.unlink', { provider: link.provider, label: link.label })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Section({ id, children }: { id: SettingsSection; children: ReactNode }) {
  return (
    <section className="ts-settings__section" aria-labelledby={`settings-${id}`}>
      {children}
    </section>
  );
}
