/**
 * A floating-ui menu button's state (WAI-ARIA menu): click or Enter/Space/ArrowDown opens it, the
 * arrows move and wrap, Escape or a click elsewhere closes it. Shared by the block's More menu and
 * the rules editor's Add menu; each draws its own button and items with the props it returns.
 */
import {
  autoUpdate,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useRef, useState } from 'react';

export function useMenu({ placement, firstOnOpen }: { placement: Placement; firstOnOpen?: () => number }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const list = useRef<(HTMLElement | null)[]>([]);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (o) => {
      setOpen(o);
      if (firstOnOpen) setActive(o ? firstOnOpen() : null);
    },
    placement,
    middleware: [offset(4), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const interactions = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, { listRef: list, activeIndex: active, onNavigate: setActive, loop: true }),
  ]);
  /** Ref and tab stop of item `i`: the active item is the one Tab reaches. */
  const itemSlot = (i: number) => ({
    tabIndex: active === i ? 0 : -1,
    ref: (el: HTMLElement | null) => {
      list.current[i] = el;
    },
  });
  return { open, setOpen, refs, floatingStyles, context, itemSlot, ...interactions };
}
