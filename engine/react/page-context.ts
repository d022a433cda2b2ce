/**
 * The id of the page a block is rendered on (PageRenderer provides it): blocks whose data hangs
 * under their page read it, e.g. the page's feed of posts (createUserPost and userPost write and
 * show the posts whose target is the page id). Undefined outside a page (a block previewed alone).
 */
import { createContext, useContext } from 'react';
import type { Id } from '../../schemas/model';

export const PageIdContext = createContext<Id | undefined>(undefined);

export function usePageId(): Id | undefined {
  return useContext(PageIdContext);
}
