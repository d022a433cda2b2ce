/** The "Add" menu of a group (add a condition or a nested group): a floating-ui menu, arrow keys to move, Enter to pick, Escape to close. */
import { FloatingFocusManager } from '@floating-ui/react';
import { useMenu } from '../core/use-menu';

export interface AddMenuItem {
  label: string;
  onSelect(): void;
}

export function AddMenu({ label, items }: { label: string; items: AddMenuItem[] }) {
  const { setOpen, open, refs, floatingStyles, context, itemSlot, getReferenceProps, getFloatingProps, getItemProps } = useMenu({ placement: 'bottom-start' });
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
              <button key={item.label} type="button" role="menuitem" {...itemSlot(i)} {...getItemProps({ onClick: () => pick(item) })}>
                {item.label}
              </button>
            ))}
          </div>
        </FloatingFocusManager>
      )}
    </>
  );
}
