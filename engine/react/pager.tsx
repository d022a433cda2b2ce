/** Result pages: numbered page buttons (a window of them around the current one) or "Load more". */
export interface PagerProps {
  mode: 'numbered' | 'loadMore';
  page: number;
  pages: number;
  onPage(page: number): void;
  /** Accessible name of the numbered navigation. */
  label: string;
  loadMoreLabel: string;
  /** Most page numbers shown at once. */
  maxLinks?: number;
  disabled?: boolean;
}

/** The page numbers shown: a window of `max` around `page`, within 1..pages. */
export function pageWindow(page: number, pages: number, max: number): number[] {
  const size = Math.min(Math.max(1, max), pages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export function Pager({ mode, page, pages, onPage, label, loadMoreLabel, maxLinks = 15, disabled }: PagerProps) {
  if (mode === 'loadMore')
    return page < pages ? (
      <button type="button" className="t-button t-pager__more" disabled={disabled} onClick={() => onPage(page + 1)}>
        {loadMoreLabel}
      </button>
    ) : null;
  if (pages <= 1) return null;
  return (
    <nav className="t-pager" aria-label={label}>
      {pageWindow(page, pages, maxLinks).map((n) => (
        <button key={n} type="button" className="t-button" aria-current={n === page ? 'page' : undefined} onClick={() => onPage(n)}>
          {n}
        </button>
      ))}
    </nav>
  );
}
