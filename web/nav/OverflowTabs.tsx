/**
 * A row of tabs whose tail collapses into an overflow dropdown (ellipsis) when it does not fit,
 * always keeping the current tab visible. Widths are measured from the rendered tabs and the
 * split recalculated (debounced 100 ms) when the row's width changes (the window, or the
 * composer's panels opening beside it) and when `recalcKey` changes (tab change, language change,
 * edit mode). Below the medium breakpoint there is no overflow calculation:
 * the row scrolls horizontally with left/right shadows instead.
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { NAV_RECALC_DEBOUNCE_MS, NAV_SCROLL_INITIAL_CHECK_MS, NAV_SCROLL_THROTTLE_MS } from '../../engine/core/constants';
import { useT } from '../i18n/use-t';
import { throttle } from '../shell/shortcuts';
import { scrollShadows, splitOverflow } from './nav-rules';

export interface TabItem {
  key: string;
  label: string;
  href: string;
  current: boolean;
}

const FloatingPanel = lazy(() => import('../shell/FloatingPanel'));

function OverflowMenu({ items, label }: { items: TabItem[]; label: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="ts-tab ts-tab--more"
        ref={trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && trigger.current && (
        <Suspense fallback={null}>
          <FloatingPanel anchor={trigger.current} onClose={close} role="menu" label={label} className="ts-menu">
            {items.map((item) => (
              <Link key={item.key} href={item.href} role="menuitem" className="ts-menu__item" aria-current={item.current ? 'page' : undefined} onClick={close}>
                {item.label}
              </Link>
            ))}
          </FloatingPanel>
        </Suspense>
      )}
    </>
  );
}

export function OverflowTabs({
  items,
  label,
  wide,
  recalcKey,
  className = '',
}: {
  items: TabItem[];
  label: string;
  wide: boolean;
  recalcKey: string;
  className?: string;
}) {
  const t = useT();
  const rowRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [split, setSplit] = useState<{ visible: number[]; overflow: number[] } | null>(null);
  const [shadows, setShadows] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const row = rowRef.current;
    const measureRow = measureRef.current;
    if (!row || !measureRow) return;
    const widths = Array.from(measureRow.children, (el) => (el as HTMLElement).offsetWidth);
    setSplit(
      splitOverflow(
        widths,
        row.clientWidth,
        items.findIndex((i) => i.current),
      ),
    );
  }, [items]);

  useLayoutEffect(() => {
    if (!wide) {
      setSplit(null);
      return;
    }
    const timer = setTimeout(measure, NAV_RECALC_DEBOUNCE_MS);
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(measure, NAV_RECALC_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    // The row narrows without the window changing too: the composer's panels open beside the app
    // in edit mode, and a tab that no longer fits must go into the ellipsis menu, not be cut off.
    const row = rowRef.current;
    let width = row?.clientWidth ?? 0;
    const observer =
      row && typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (Math.abs(row.clientWidth - width) < 1) return;
            width = row.clientWidth;
            onResize();
          })
        : undefined;
    if (row) observer?.observe(row);
    return () => {
      clearTimeout(timer);
      clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
    };
  }, [wide, measure, recalcKey]);

  useEffect(() => {
    if (wide) return;
    const row = rowRef.current;
    if (!row) return;
    // The current tab is scrolled into the row, not left cut at its edge.
    const current = row.querySelector<HTMLElement>('[aria-current="page"]');
    if (current) {
      const start = current.offsetLeft - row.offsetLeft;
      const end = start + current.offsetWidth;
      if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth + 24;
      else if (start < row.scrollLeft) row.scrollLeft = Math.max(0, start - 24);
    }
    const check = () => setShadows(scrollShadows(row.scrollLeft, row.scrollWidth, row.clientWidth));
    const onScroll = throttle(check, NAV_SCROLL_THROTTLE_MS);
    const initial = setTimeout(check, NAV_SCROLL_INITIAL_CHECK_MS);
    row.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(initial);
      row.removeEventListener('scroll', onScroll);
    };
  }, [wide, recalcKey]);

  const visible = split ? split.visible.map((i) => items[i]).filter(Boolean) : items;
  const overflow = split ? split.overflow.map((i) => items[i]).filter(Boolean) : [];
  const tab = (item: TabItem) => (
    <Link key={item.key} href={item.href} className={item.current ? 'ts-tab ts-tab--current' : 'ts-tab'} aria-current={item.current ? 'page' : undefined}>
      {item.label}
    </Link>
  );
  return (
    <nav
      aria-label={label}
      className={`ts-tabs${className ? ` ${className}` : ''}${wide ? '' : ' ts-tabs--scroll'}${shadows.left ? ' ts-tabs--shadow-left' : ''}${shadows.right ? ' ts-tabs--shadow-right' : ''}`}
    >
      <div className="ts-tabs__row" ref={rowRef}>
        {visible.map(tab)}
        {overflow.length > 0 && <OverflowMenu items={overflow} label={t('nav.more')} />}
      </div>
      {wide && (
        <div className="ts-tabs__measure" ref={measureRef} aria-hidden="true">
          {items.map((item) => (
            <span key={item.key} className="ts-tab">
              {item.label}
            </span>
          ))}
        </div>
      )}
    </nav>
  );
}
