/** The settings area's calls (core §7.2, §7.3, §7.5; the settings admin section of docs/architecture.md). */
import type { Brand, Settings, ThemeStyle } from '../../../schemas/model';
import type { AuditLogsResponse } from '../../../schemas/model/api/audit';
import type { BrandActivateResponse, GeneralSettingsRequest, GlobalCssResponse, SecretState } from '../../../schemas/model/api/settings';
import type { AdminRequest } from '../../core/http-api';

export interface AuditSearch {
  logType?: string;
  subject?: string;
  /** Epoch ms. */
  from?: number;
  to?: number;
  before?: number;
}

const enc = encodeURIComponent;

export function createSettingsApi(request: AdminRequest) {
  return {
    settings: () => request<Settings>('GET', 'settings'),
    /** POST settings/{section}: merged into the section. */
    saveSection: (section: string, changes: Record<string, unknown>) => request<Settings>('POST', `settings/${enc(section)}`, { changes, merge: true }),
    /** The same, the named dotted paths replaced rather than merged. */
    saveSectionReplacing: (section: string, changes: Record<string, unknown>, overwritePaths: string[]) =>
      request<Settings>('POST', `settings/${enc(section)}`, { changes, merge: true, overwritePaths }),
    saveGeneral: (changes: GeneralSettingsRequest) => request<Settings>('PUT', 'settings/general', changes),
    brands: () => request<Brand[]>('GET', 'service/brands'),
    brand: (id: string) => request<Brand>('GET', `service/brands/${enc(id)}`),
    createBrand: (brandName: string) => request<Brand>('POST', 'service/brands', { brandName }),
    renameBrand: (id: string, brandName: string) => request<Brand>('PUT', `service/brands/${enc(id)}/name`, { brandName }),
    saveThemeStyles: (id: string, styles: ThemeStyle[]) => request<Brand>('PUT', `service/brands/${enc(id)}/themeStyles`, { styles }),
    /** A data URL of the image: the server puts it through the files domain. */
    uploadImage: (id: string, kind: 'logo' | 'favicon', image: string) =>
      request<{ id: string }>('POST', `service/brands/${enc(id)}/${kind}`, { changes: { image } }),
    activate: (id: string) => request<BrandActivateResponse>('POST', `service/brands/${enc(id)}/activate`),
    globalCss: () => request<GlobalCssResponse>('GET', 'settings/globalCss'),
    saveGlobalCss: (css: string) => request<GlobalCssResponse>('PUT', 'settings/globalCss', { css }),
    logTypes: () => request<string[]>('GET', 'audit/getLogTypes'),
    auditLogs: (search: AuditSearch) => {
      const query = Object.entries(search)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => `${k}=${enc(String(v))}`)
        .join('&');
      return request<AuditLogsResponse>('GET', `admin/audit/logs${query ? `?${query}` : ''}`);
    },
    secrets: () => request<SecretState[]>('GET', 'settings/secrets'),
    setSecret: (name: string, value: string) => request<SecretState>('POST', `settings/secret/${enc(name)}`, { value }),
  };
}

export type SettingsApi = ReturnType<typeof createSettingsApi>;

/** The server's message of a refused call. */
export const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error ? String((error as { message: unknown }).message) : String(error);
