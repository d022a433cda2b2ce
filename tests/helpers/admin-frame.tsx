/** The /admin frame as the admin area component tests render it: real services for a signed-in token, at a path in memory. */
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AdminRequest } from '../../admin/core/http-api';
import { AdminFrame } from '../../admin/frame/AdminFrame';
import type { AdminFrameServices, AdminToast } from '../../admin/frame/types';
import { adaptInit } from '../../web/api/init-adapter';
import { createFileService } from '../../web/engine/file-services';
import { requestAs } from './admin-server';
import type { ApiServer } from './api-server';
import { webApiClient } from './web-api-client';

/** The frame's services for `token` on the real server: its init's grants, its files; toasts go to `toasts` when given. */
export async function adminFrameServices(
  api: ApiServer,
  token: string,
  toasts?: AdminToast[],
  request: AdminRequest = requestAs(api, token),
): Promise<AdminFrameServices> {
  const client = webApiClient(api, token);
  const init = adaptInit(await client.get('init'));
  return {
    request,
    holder: { ...init.user, itemPermissions: init.itemPermissions },
    locale: 'en',
    files: createFileService(client),
    imageUrl: () => undefined,
    navExpanded: undefined,
    saveNavExpanded: async () => undefined,
    toast: toasts ? (toast) => void toasts.push(toast) : () => undefined,
    Refused: () => <p role="alert">refused</p>,
  };
}

/** The frame at `path` (a memory location that follows its navigation), with that location and its history. */
export function renderAdminFrame(services: AdminFrameServices, path: string) {
  const location = memoryLocation({ path, record: true });
  function AtLocation() {
    const [at] = useLocation();
    return <AdminFrame path={at} services={services} />;
  }
  const view = render(
    <Provider store={createStore()}>
      <Router hook={location.hook}>
        <AtLocation />
      </Router>
    </Provider>,
  );
  return { ...view, location, history: location.history! };
}
