/**
 * The admin panel stack (community 2): nested editors open as panels, each over the one below.
 * Only the top panel is live (the ones below and the page are inert); Escape or its Back button
 * closes it and focus goes back to what opened it. While any panel is open the admin panel is
 * marked open, so the shell refuses navigation (core 2.5).
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useMarkAdminPanelOpen } from '../core/panel-open';

export interface PanelSpec {
  title: string;
  /** The panel's body; `close` closes this panel (and any opened over it). */
  render(close: () => void): ReactNode;
}

export interface PanelStack {
  open(panel: PanelSpec): void;
  /** Closes the top panel. */
  close(): void;
  depth: number;
}

interface OpenPanel extends PanelSpec {
  key: number;
  /** What had focus when it opened: focus returns there when it closes. */
  opener: HTMLElement | null;
}

const PanelStackContext = createContext<PanelStack | null>(null);

export function usePanelStack(): PanelStack {
  const stack = useContext(PanelStackContext);
  if (!stack) throw new Error('usePanelStack must be used inside <PanelStackProvider>');
  return stack;
}

let nextKey = 1;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function PanelStackProvider({ labels, children }: { labels: { back: string; close: string }; children: ReactNode }) {
  const [panels, setPanels] = useState<OpenPanel[]>([]);
  const returnFocus = useRef<HTMLElement | null>(null);
  useMarkAdminPanelOpen(panels.length > 0);

  const open = useCallback((panel: PanelSpec) => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPanels((list) => [...list, { ...panel, key: nextKey++, opener }]);
  }, []);
  const closeFrom = useCallback((key?: number) => {
    setPanels((list) => {
      const index = key === undefined ? list.length - 1 : list.findIndex((p) => p.key === key);
      if (index < 0) return list;
      returnFocus.current = list[index].opener;
      return list.slice(0, index);
    });
  }, []);
  // After a close has rendered: back to the opener, if it is still there and live.
  useEffect(() => {
    const target = returnFocus.current;
    if (!target) return;
    returnFocus.current = null;
    if (target.isConnected) target.focus();
  }, [panels]);

  const stack = useMemo<PanelStack>(() => ({ open, close: () => closeFrom(), depth: panels.length }), [open, closeFrom, panels.length]);
  return (
    <PanelStackContext.Provider value={stack}>
      <div className="t-panel-stack__base" inert={panels.length > 0}>
        {children}
      </div>
      {panels.length > 0 &&
        createPortal(
          <div className="t-panel-stack">
            <div className="t-panel-stack__backdrop" aria-hidden="true" />
            {panels.map((panel, i) => (
              <Panel key={panel.key} panel={panel} depth={i} behind={panels.length - 1 - i} labels={labels} onClose={() => closeFrom(panel.key)} />
            ))}
          </div>,
          document.body,
        )}
    </PanelStackContext.Provider>
  );
}

interface PanelProps {
  panel: OpenPanel;
  depth: number;
  /** How many panels are open over this one (0: the top, the live one). */
  behind: number;
  labels: { back: string; close: string };
  onClose(): void;
}

function Panel({ panel, depth, behind, labels, onClose }: PanelProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const top = behind === 0;
  useEffect(() => heading.current?.focus(), []);

  // Escape closes this panel (not the ones below: the event stops here); Tab stays inside it.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!focusable.length) return;
      const [first, last] = [focusable[0], focusable[focusable.length - 1]];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === heading.current)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal={top}
      aria-labelledby={titleId}
      className={`t-panel${top ? '' : ' t-panel--behind'}`}
      style={{ ['--t-panel-behind' as string]: behind, ['--t-panel-depth' as string]: depth }}
      inert={!top}
    >
      <header className="t-panel__header">
        <button type="button" className="t-panel__back" onClick={onClose}>
          <span aria-hidden="true">←</span> {depth > 0 ? labels.back : labels.close}
        </button>
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {panel.title}
        </h2>
      </header>
      <div className="t-panel__body">{panel.render(onClose)}</div>
    </div>
  );
}
