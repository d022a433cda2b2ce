/**
 * The admin context object, in the tiny always-loaded part: the shell provides it around the page
 * in every mode (null outside edit mode), so entering edit mode changes a value, never the tree,
 * and the page stays mounted (open tabs stay open). The value is made by the lazily loaded
 * AdminProvider (admin/AdminProvider.tsx).
 */
import { createContext } from 'react';
import type { AdminValue } from '../core/context';

export const AdminContext = createContext<AdminValue | null>(null);
