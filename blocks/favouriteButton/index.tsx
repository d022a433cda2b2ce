import { useState } from 'react';
import { ENTITY_FAVOURITE_TYPE, PROFILE_FAVOURITE_TYPE, useEngine, useFavouriteCount, useFavourites, type BlockProps } from '../../engine/block-api';
import type { FavouriteButtonOptions } from '../options.generated';

export type { FavouriteButtonOptions };

/**
 * Adds the page's entity, or the viewed member's profile, to the signed-in member's favourites
 * (profile meta `favourites.entities` / `favourites.profiles`), or removes it. A toggle button:
 * its pressed state is whether it is a favourite now. With `showCount`, how many members favourite
 * it shows beside the button (a live region: the count follows others' changes in realtime).
 */
export default function FavouriteButton({ options }: BlockProps<FavouriteButtonOptions>) {
  const { entity, profile, user, t } = useEngine();
  const target = entity
    ? { type: ENTITY_FAVOURITE_TYPE, id: entity.id }
    : profile && profile.accountId !== user?.accountId
      ? { type: PROFILE_FAVOURITE_TYPE, id: profile.accountId }
      : undefined;
  const favourites = useFavourites(target?.type ?? PROFILE_FAVOURITE_TYPE);
  const [busy, setBusy] = useState(false);
  const count = useFavouriteCount(target?.type ?? PROFILE_FAVOURITE_TYPE, target?.id, !!options.showCount && !!user);
  if (!target || !user) return null;
  const on = favourites.ids.includes(target.id);
  const label = on ? options.removeLabel : options.addLabel;
  const style = options.style ?? 'iconAndLabel';
  const button = (
    <button
      type="button"
      className={`t-button t-favourite-button t-favourite-button--${style}`}
      aria-pressed={on}
      aria-label={style === 'icon' ? label : undefined}
      disabled={busy || !favourites.loaded}
      onClick={() => {
        setBusy(true);
        // A failure is shown by the app's toast; the state stays as the server has it.
        favourites
          .set(target.id, !on)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {style !== 'button' && (
        <span className="t-favourite-button__icon" aria-hidden="true">
          {on ? '♥' : '♡'}
        </span>
      )}
      {style !== 'icon' && <span>{label}</span>}
    </button>
  );
  if (!options.showCount) return button;
  return (
    <span className="t-favourite-button__group">
      {button}
      <span className="t-favourite-button__count" role="status">
        {count === undefined ? '' : count === 1 ? t('userSearch.favouriteCountOne') : t('userSearch.favouriteCount', { n: count })}
      </span>
    </span>
  );
}
