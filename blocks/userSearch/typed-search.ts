/** What the search blocks (userSearch, entitySearch) share: the words as typed, the words searched for once typing settles, and the page. */
import { useEffect, useState } from 'react';

/** Typing settles for this long before a search goes out. */
const TYPING_DEBOUNCE_MS = 250;

/**
 * The search box's text (`typed`), the trimmed words searched for once typing has settled
 * (`text`), and the page of results; settled new words go back to page 1.
 */
export function useTypedSearch() {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setText(typed.trim());
      setPage(1);
    }, TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, text, page, setPage };
}
