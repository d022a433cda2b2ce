/**
 * The admin is loaded only when edit mode turns on: `import()` of admin/index.tsx (admin, rjsf,
 * ajv, the full registry), once per session. Members never download it.
 */
import { useEffect, useState } from 'react';
import type * as AdminModule from '../../admin/index';

export type LoadedAdmin = typeof AdminModule;

let loading: Promise<LoadedAdmin> | null = null;

export function loadAdmin(): Promise<LoadedAdmin> {
  loading ??= import('../../admin/index').catch((error: unknown) => {
    loading = null; // a failed chunk load may be retried on the next entry into edit mode
    throw error;
  });
  return loading;
}

/** The admin module while edit mode is on (null until loaded, and outside edit mode). */
export function useLazyAdmin(editMode: boolean, onError: (error: unknown) => void): LoadedAdmin | null {
  const [admin, setAdmin] = useState<LoadedAdmin | null>(null);
  useEffect(() => {
    if (!editMode || admin) return;
    let live = true;
    loadAdmin().then(
      (m) => live && setAdmin(() => m),
      (e) => live && onError(e),
    );
    return () => {
      live = false;
    };
  }, [editMode, admin, onError]);
  return editMode ? admin : null;
}
