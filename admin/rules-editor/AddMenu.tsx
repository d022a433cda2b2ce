/** The "Add" menu of a group (add a condition or a nested group): a floating-ui menu, arrow keys to move, Enter to pick, Escape to close. */
import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
} from '@floating-ui/react';
import { useRef, useState } from 'react';

export interface AddMenuItem {
  label: string;
  onSelect(): void;
}

export function AddMenu({ label, items }: { label: string; items: AddMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-start',
    middleware: [offset(4), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, { listRef, activeIndex, onNavigate: setActiveIndex, loop: true }),
  ]);
  const pick = (item: AddMenuItem) => {
    setOpen(false);
    item.onSelect();
  };
  return (
    <>
      <button type="button" className="t-rules__add" ref={refs.setReference} {...getReferenceProps()}>
        {label}
      </button>
      {open && (
        <FloatingFocusManager context={context} modal={false}>
          <div ref={refs.setFloating} style={floatingStyles} className="t-rules__menu" aria-label={label} {...getFloatingProps()}>
            {items.map((item, i) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={activeIndex === i ? 0 : -1}
                ref={(node) => {
                  listRef.current[i] = node;
                }}
                {...getItemProps({ onClick: () => pick(item) })}
              >
                {item.label}
              </button>
            ))}
          </div>
        </FloatingFocusManager>
      )}
    </>
  );
}
