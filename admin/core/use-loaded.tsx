/**
 * What an admin screen loads once (a table of lists, of applications): loading, failed with the
 * server's message, or ready; and the three texts every such screen shows for them, read from
 * `<keyPrefix>.loading`, `.loadError` ({message}) and `.empty`.
 */
import { useEffect, useState } from 'react';
import { useAdminFrame } from '../frame/frame-context';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };

/** Runs `load` (a stable callback) and again when it changes; an answer after unmount or a newer load is dropped. */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setLoaded({ status: 'ready', value }),
      (error: Error) => live && setLoaded({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return loaded;
}

/** The loading, failed and empty states of a loaded collection; nothing once it holds something. */
export function LoadedStates<T>({ loaded, keyPrefix, isEmpty }: { loaded: Loaded<T>; keyPrefix: string; isEmpty: (value: T) => boolean }) {
  const { t } = useAdminFrame();
  if (loaded.status === 'loading') return <p role="status">{t(`${keyPrefix}.loading`)}</p>;
  if (loaded.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t(`${keyPrefix}.loadError`, { message: loaded.message })}
      </p>
    );
  return isEmpty(loaded.value) ? <p className="t-admin-empty">{t(`${keyPrefix}.empty`)}</p> : null;
}
