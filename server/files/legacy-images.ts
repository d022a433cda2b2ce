/**
 * Brand images stored before the file store existed: `image` documents ({ contentType, base64 })
 * whose ids the brands' `logoId` and `faviconId` name. At start each one moves into the file store
 * under the same id (its bytes checked and re-encoded like any upload), so the media routes and
 * the favicon route serve it, and the document goes. Safe to run on every start and on several
 * processes at once: an id already in the files table only loses its document.
 */
import { Readable } from 'node:stream';
import { resolveImageOptions } from '../../engine/core/files';
import type { Brand } from '../../schemas/model';
import type { DocumentStore } from '../storage/documents';
import { isFileId, type FileStore } from './store';

/** Who owns an imported brand image: nobody signed in uploaded it. */
export const LEGACY_IMAGE_OWNER = 'system';

interface LegacyImage {
  contentType?: unknown;
  base64?: unknown;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
};

/** Moves every legacy image document into the file store; returns how many it imported. Problems are reported, never thrown. */
export async function importLegacyImages(store: DocumentStore, files: FileStore, warn: (message: string) => void): Promise<number> {
  const images = await store.list<LegacyImage>('image');
  if (!images.length) return 0;
  const brands = (await store.list<Brand>('brand')).map((b) => b.data);
  let imported = 0;
  for (const { id, data } of images) {
    const kind = brands.find((b) => b.settings?.logoId === id) ? 'logo' : brands.find((b) => b.settings?.faviconId === id) ? 'favicon' : 'image';
    const brand = brands.find((b) => b.settings?.logoId === id || b.settings?.faviconId === id);
    try {
      if (!isFileId(id)) throw new Error('its id is not a file id');
      if (!(await files.get(id))) {
        if (typeof data?.base64 !== 'string') throw new Error('it holds no base64 bytes');
        const type = typeof data.contentType === 'string' ? data.contentType : '';
        await files.receive(
          { stream: Readable.from([Buffer.from(data.base64, 'base64')]), filename: `${kind}.${EXTENSIONS[type] ?? 'img'}` },
          {
            id,
            ownerId: LEGACY_IMAGE_OWNER,
            imagesOnly: true,
            claimed: true,
            contextId: brand ? `brand:${brand.brandId}` : null,
            // As brand uploads are: png keeps a logo's transparency.
            image: resolveImageOptions({ type: 'png' }),
          },
        );
        imported++;
      }
      await store.transaction((tx) => tx.remove('image', id));
    } catch (error) {
      // Another process importing the same id at once loses the insert race: the file is there.
      if (await files.get(id).catch(() => undefined)) {
        await store.transaction((tx) => tx.remove('image', id)).catch(() => undefined);
        continue;
      }
      warn(`Tessera could not move the stored image "${id}" into the file store: ${(error as Error).message}`);
    }
  }
  return imported;
}
