/**
 * The selected block's "More" menu (the rarer actions, so the toolbar stays one short row): a menu
 * button opening a WAI-ARIA menu. Enter, Space or ArrowDown opens it on its first item, the arrows
 * move, Escape closes it and gives focus back to More, Tab or a click elsewhere closes it.
 */
import { FloatingFocusManager, FloatingPortal } from '@floating-ui/react';
import { type ReactNode } from 'react';
import { useMenu } from '../core/use-menu';
import { useAdmin } from '../core/context';

export interface BlockMenuItem {
  key: string;
  label: ReactNode;
  onSelect(): void;
  disabled?: boolean;
  /** A toggle (capture): a menuitemcheckbox with this state. */
  checked?: boolean;
}

export function BlockMenu({ name, items, triggerRef }: { name: string; items: BlockMenuItem[]; triggerRef?: React.RefObject<HTMLButtonElement | null> }) {
  const { t } = useAdmin();
  // Opened (by Enter, Space, ArrowDown or a click): focus lands on the first item that works.
  const { open, setOpen, refs, floatingStyles, context, itemSlot, getReferenceProps, getFloatingProps, getItemProps } = useMenu({
    placement: 'bottom-end',
    firstOnOpen: () =>
      Math.max(
        0,
        items.findIndex((item) => !item.disabled),
      ),
  });
  const label = t('admin.block.moreLabel', { name });
  return (
    <>
      <button
        type="button"
        data-admin-control="more"
        title={label}
        ref={(el) => {
          refs.setReference(el);
          if (triggerRef) triggerRef.current = el;
        }}
        {...getReferenceProps()}
      >
        {t('admin.block.more')} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        // In a portal: the block's chrome is its own stacking context, under the settings sheet on phones.
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div ref={refs.setFloating} style={floatingStyles} className="t-admin-popover t-admin-menu" aria-label={label} {...getFloatingProps()}>
              {items.map((item, i) => (
                <button
                  key={item.key}
                  type="button"
                  role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                  aria-checked={item.checked}
                  disabled={item.disabled}
                  {...itemSlot(i)}
                  {...getItemProps({
                    onClick: () => {
                      setOpen(false);
                      item.onSelect();
                    },
                  })}
                >
                  {item.label}
                </button>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
