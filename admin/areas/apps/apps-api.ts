/** The apps area's calls (schemas/model/api/apps.ts). */
import type { WebAppResponse, WebAppSettingsRequest } from '../../../schemas/model/api/apps';
import type { WebAppIconSize } from '../../../engine/core/web-app';
import type { AdminRequest } from '../../core/http-api';

export function createAppsApi(request: AdminRequest) {
  return {
    webApp: () => request<WebAppResponse>('GET', 'settings/webApp'),
    save: (changes: WebAppSettingsRequest) => request<WebAppResponse>('PUT', 'settings/webApp', changes),
    /** A data URL of the image: the server puts it through the files domain. */
    uploadIcon: (size: WebAppIconSize, image: string) => request<WebAppResponse>('POST', `settings/webApp/icon/${size}`, { image }),
    removeIcon: (size: WebAppIconSize) => request<WebAppResponse>('DELETE', `settings/webApp/icon/${size}`),
  };
}

export type AppsApi = ReturnType<typeof createAppsApi>;
