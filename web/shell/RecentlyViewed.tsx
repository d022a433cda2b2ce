/** The recently-viewed footer block; its open state survives reloads (local storage). */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../i18n/use-t';
import { readRecent, recentOtherThan, RECENTLY_VIEWED_OPEN_KEY, type RecentItem } from './recently-viewed';

export function RecentlyViewed() {
  const t = useT();
  const [location] = useLocation();
  const [open, setOpen] = useState(() => localStorage.getItem(RECENTLY_VIEWED_OPEN_KEY) === '1');
  const [stored, setStored] = useState<RecentItem[]>(() => readRecent(localStorage));
  useEffect(() => setStored(readRecent(localStorage)), [location]);
  const items = recentOtherThan(stored, location);
  const toggle = () => {
    localStorage.setItem(RECENTLY_VIEWED_OPEN_KEY, open ? '0' : '1');
    setOpen(!open);
  };
  return (
    <section className="ts-recent" aria-labelledby="ts-recent-title">
      <h2 id="ts-recent-title" className="ts-recent__title">
        <button type="button" aria-expanded={open} aria-controls="ts-recent-list" onClick={toggle}>
          <span className="ts-chevron" aria-hidden="true" />
          {t('shell.recentlyViewed.title')}
        </button>
      </h2>
      {open && (
        <div id="ts-recent-list">
          {items.length === 0 ? (
            <p>{t('shell.recentlyViewed.empty')}</p>
          ) : (
            <ul>
              {items.map((i) => (
                <li key={i.href}>
                  <Link href={i.href}>{i.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
