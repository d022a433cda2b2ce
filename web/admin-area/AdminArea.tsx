/**
 * The /admin area's pages (spec 2.3). The route guard has already let in admins and elevated
 * users; each page's calls are checked again by the server. Pages are their own lazy chunks.
 * Only the asset manager (/admin/content) ships so far; other child routes show the area's title.
 */
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo } from 'react';
import { mediaUrl } from '../../engine/core/media';
import { createFileService } from '../engine/file-services';
import { useT } from '../i18n/use-t';
import { useApi } from '../shell/services';
import { i18nOverridesAtom, localeAtom, sessionAtom } from '../shell/shell-state';

const AssetManager = lazy(() => import('../../admin/content/AssetManager'));

export default function AdminArea({ path }: { path: string }) {
  const t = useT();
  const api = useApi();
  const session = useAtomValue(sessionAtom);
  const locale = useAtomValue(localeAtom);
  const overrides = useAtomValue(i18nOverridesAtom);
  const token = session?.user.imageAccessToken;
  const files = useMemo(() => createFileService(api), [api]);
  const child = path.replace(/^\/admin\/?/, '').split('/')[0];
  if (child === 'content')
    return (
      <Suspense fallback={<p role="status">{t('shell.page.loading')}</p>}>
        <AssetManager
          files={files}
          locale={locale}
          overrides={overrides}
          imageUrl={(id, width) => mediaUrl({ kind: 'image', id, token, thumb: true, width, base: api.baseURL })}
        />
      </Suspense>
    );
  return <h1 className="ts-page-title">{t('shell.admin.title')}</h1>;
}
