/** "Show older" under a cursor-paged list, busy while the page loads, saying why when it failed. */
import type { CursorListing } from './use-cursor-pages';

export function MoreButton<T>({
  listing,
  label,
  errorText,
  onMore,
}: {
  listing: CursorListing<T>;
  label: string;
  errorText(message: string): string;
  onMore(): void;
}) {
  if (listing.status !== 'ready') return null;
  return (
    <>
      {listing.moreError && (
        <p role="alert" className="t-admin-more__error">
          {errorText(listing.moreError)}
        </p>
      )}
      {listing.next && (
        <button type="button" className="ts-button t-admin-more" disabled={listing.loadingMore} aria-busy={listing.loadingMore || undefined} onClick={onMore}>
          {label}
        </button>
      )}
    </>
  );
}
