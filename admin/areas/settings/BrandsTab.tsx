/**
 * Brands (core §4.2, §7.3): the list with the active one marked, created here; a brand
 * (`settings/brand/:brandId`) renamed, its logo and favicon uploaded (the files domain), its
 * colours picked with the contrast check of engine/core shown as warnings, previewed in this
 * browser only, and activated for everyone.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { BRAND_COLOUR_VARIABLES, brandColoursOf, brandContrastWarnings, type BrandColours } from '../../../engine/core/brand-theme';
import type { Brand, Settings, ThemeStyle } from '../../../schemas/model';
import { readAsDataUrl } from '../../core/read-as-data-url';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { SettingsTabProps } from '.';
import { previewBrand, usePreviewedBrandId } from './preview';
import { messageOf, type SettingsApi } from './settings-api';
import { SaveStatus, useSaveRun, type SaveState } from './SaveState';

interface BrandsState {
  brands: Brand[];
  settings: Settings;
}

export function BrandsTab({ api, writable, brandId }: SettingsTabProps) {
  const [version, setVersion] = useState(0);
  const loaded = useLoaded(
    useCallback(async (): Promise<BrandsState> => {
      void version;
      const [brands, settings] = await Promise.all([api.brands(), api.settings()]);
      return { brands, settings };
    }, [api, version]),
  );
  const reload = () => setVersion((n) => n + 1);
  return (
    <>
      <LoadedStates loaded={loaded} keyPrefix="settingsAdmin.brands" isEmpty={(s) => !s.brands.length} />
      {loaded.status === 'ready' && (
        <>
          <BrandList state={loaded.value} api={api} writable={writable} onChanged={reload} />
          {brandId && (
            <BrandEditor
              key={brandId}
              brand={loaded.value.brands.find((b) => b.brandId === brandId)}
              activeId={loaded.value.settings.brand?.id ?? loaded.value.brands[0]?.brandId}
              api={api}
              writable={writable}
              onChanged={reload}
            />
          )}
        </>
      )}
    </>
  );
}

function BrandList({ state, api, writable, onChanged }: { state: BrandsState; api: SettingsApi; writable: boolean; onChanged(): void }) {
  const { t } = useAdminFrame();
  const id = useId();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState<SaveState>({ status: 'idle' });
  const activeId = state.settings.brand?.id ?? state.brands[0]?.brandId;
  async function create(e: FormEvent) {
    e.preventDefault();
    setSaving({ status: 'saving' });
    try {
      await api.createBrand(name.trim());
      setName('');
      setSaving({ status: 'saved' });
      onChanged();
    } catch (error) {
      setSaving({ status: 'error', message: messageOf(error) });
    }
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('settingsAdmin.brands.title')}</h2>
      <ul className="t-settings-brands">
        {state.brands.map((b) => (
          <li key={b.brandId}>
            <Link href={adminHref('editBrand', { brandId: b.brandId })}>{b.brandName}</Link>
            {b.brandId === activeId && <span className="t-settings-badge">{t('settingsAdmin.brands.active')}</span>}
          </li>
        ))}
      </ul>
      {writable && (
        <form className="t-settings-inline" onSubmit={create}>
          <label htmlFor={`${id}-new`}>{t('settingsAdmin.brands.newName')}</label>
          <input id={`${id}-new`} className="ts-input" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="ts-button ts-button--primary" disabled={saving.status === 'saving'}>
            {t('settingsAdmin.brands.create')}
          </button>
          <SaveStatus state={saving} />
        </form>
      )}
    </section>
  );
}

/** The brand's `:root` rule with the edited colours; other rules and values are kept. */
function withColours(styles: ThemeStyle[], colours: BrandColours): ThemeStyle[] {
  const root = styles.find((s) => s.rule === ':root');
  const values = { ...(root?.values ?? {}) };
  for (const k of BRAND_COLOUR_VARIABLES) {
    if (colours[k]) values[k] = colours[k]!;
    else delete values[k];
  }
  return [{ rule: ':root', values }, ...styles.filter((s) => s.rule !== ':root')];
}

function BrandEditor({
  brand,
  activeId,
  api,
  writable,
  onChanged,
}: {
  brand: Brand | undefined;
  activeId: string | undefined;
  api: SettingsApi;
  writable: boolean;
  onChanged(): void;
}) {
  const { t } = useAdminFrame();
  const id = useId();
  const previewed = usePreviewedBrandId();
  const [name, setName] = useState(brand?.brandName ?? '');
  const [colours, setColours] = useState<BrandColours>(() => brandColoursOf(brand?.themeStyles));
  const { state, run } = useSaveRun(onChanged);
  if (!brand) return <p role="alert">{t('settingsAdmin.brands.missing')}</p>;
  const b = brand;
  const warnings = brandContrastWarnings(colours);

  const upload = (kind: 'logo' | 'favicon') => async (file: File | undefined) => {
    if (file) await run(async () => api.uploadImage(b.brandId, kind, await readAsDataUrl(file)));
  };

  return (
    <section aria-labelledby={`${id}-h`} className="t-settings-brand">
      <h2 id={`${id}-h`}>{t('settingsAdmin.brands.editing', { name: b.brandName })}</h2>
      <fieldset disabled={!writable}>
        <form
          className="t-settings-inline"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => api.renameBrand(b.brandId, name.trim()));
          }}
        >
          <label htmlFor={`${id}-name`}>{t('settingsAdmin.brands.name')}</label>
          <input id={`${id}-name`} className="ts-input" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="ts-button">
            {t('settingsAdmin.brands.rename')}
          </button>
        </form>
        <div className="t-settings-uploads">
          {(['logo', 'favicon'] as const).map((kind) => (
            <div key={kind}>
              <label htmlFor={`${id}-${kind}`}>{t(`settingsAdmin.brands.${kind}`)}</label>
              <input
                id={`${id}-${kind}`}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml,image/x-icon"
                onChange={(e) => void upload(kind)(e.target.files?.[0])}
              />
              <span className="t-settings-help">
                {b.settings?.[kind === 'logo' ? 'logoId' : 'faviconId'] ? t('settingsAdmin.brands.imageSet') : t('settingsAdmin.brands.imageNone')}
              </span>
            </div>
          ))}
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => api.saveThemeStyles(b.brandId, withColours(b.themeStyles ?? [], colours)));
          }}
        >
          <fieldset className="t-settings-colours">
            <legend>{t('settingsAdmin.brands.colours')}</legend>
            {BRAND_COLOUR_VARIABLES.map((v) => (
              <div key={v} className="t-settings-colour">
                <label htmlFor={`${id}${v}`}>{t(`settingsAdmin.brands.colour${v.replace(/-/g, '_')}`)}</label>
                <input
                  id={`${id}${v}`}
                  type="color"
                  value={/^#[0-9a-f]{6}$/i.test(colours[v] ?? '') ? colours[v] : '#ffffff'}
                  onChange={(e) => setColours((c) => ({ ...c, [v]: e.target.value }))}
                />
                <code>{colours[v] ?? t('settingsAdmin.brands.unset')}</code>
              </div>
            ))}
          </fieldset>
          {warnings.length > 0 && (
            <ul className="t-settings-warnings" aria-label={t('settingsAdmin.brands.contrastTitle')}>
              {warnings.map((w) => (
                <li key={w.variable}>
                  {t(`settingsAdmin.brands.contrast_${w.against}`, {
                    colour: t(`settingsAdmin.brands.colour${w.variable.replace(/-/g, '_')}`),
                    ratio: w.ratio,
                  })}
                </li>
              ))}
            </ul>
          )}
          <button type="submit" className="ts-button ts-button--primary">
            {t('settingsAdmin.brands.saveColours')}
          </button>
        </form>
      </fieldset>
      <div className="t-settings-actions">
        <button type="button" className="ts-button" aria-pressed={previewed === b.brandId} onClick={() => previewBrand(b.brandId)}>
          {t('settingsAdmin.brands.preview')}
        </button>
        {writable && (
          <button type="button" className="ts-button" disabled={activeId === b.brandId} onClick={() => void run(() => api.activate(b.brandId))}>
            {activeId === b.brandId ? t('settingsAdmin.brands.isActive') : t('settingsAdmin.brands.activate')}
          </button>
        )}
      </div>
      <SaveStatus state={state} />
    </section>
  );
}
