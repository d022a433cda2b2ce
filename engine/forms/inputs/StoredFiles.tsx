/**
 * The read-only view of a files field that holds documents, videos or audio: each file's title (or
 * name), its size in MB or GB (spec 5.2) and a download link through the media routes. A file
 * the viewer cannot see, or one deleted since, says so instead of showing its id.
 */
import { useEffect, useState } from 'react';
import type { Id } from '../../../schemas/model';
import type { FileInfo as StoredFileInfo } from '../../../schemas/model/api/files';
import { formatFileSize } from '../../core/validation';
import type { FormFieldBinding } from '../context';
import type { FormServices } from '../types';

type Loaded = { status: 'loading' } | { status: 'done'; byId: Map<Id, StoredFileInfo> } | { status: 'error' };

function useStoredFiles(ids: readonly Id[], load: FormServices['fileInfos']): Loaded {
  const key = ids.join(',');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    if (!load) return setLoaded({ status: 'error' });
    setLoaded({ status: 'loading' });
    load(key ? key.split(',') : []).then(
      (files) => live && setLoaded({ status: 'done', byId: new Map(files.map((f) => [f.id, f])) }),
      () => live && setLoaded({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [key, load]);
  return loaded;
}

export function StoredFiles({ binding: b, ids, services }: { binding: FormFieldBinding; ids: readonly Id[]; services: FormServices }) {
  const loaded = useStoredFiles(ids, services.fileInfos);
  return (
    <div className="t-field t-field--readonly">
      <span id={b.ids.label} className="t-field__label">
        {b.label}
      </span>
      {loaded.status === 'loading' ? (
        <span className="t-field__value" role="status">
          {b.t('engine.states.loading')}
        </span>
      ) : (
        <ul className="t-files t-files--readonly" aria-labelledby={b.ids.label}>
          {ids.map((id) => {
            const file = loaded.status === 'done' ? loaded.byId.get(id) : undefined;
            const href = file && services.fileUrl?.(file);
            if (!file || !href)
              return (
                <li key={id} className="t-files__missing">
                  {b.t('fields.files.notAvailable')}
                </li>
              );
            const name = file.data.title || file.name;
            return (
              <li key={id} className="t-files__file">
                <a href={href} download={file.name} className="t-files__link">
                  {name}
                </a>{' '}
                <span className="t-files__size">{formatFileSize(file.size)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
