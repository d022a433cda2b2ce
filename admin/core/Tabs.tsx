/** An ARIA tablist: roving tabindex, Left/Right move between tabs (and focus), panels labelled by their tab. */
import type { ReactNode } from 'react';

export interface TabsProps<T extends string> {
  tabs: readonly T[];
  current: T;
  onChange(tab: T): void;
  label: string;
  idPrefix: string;
  labelOf(tab: T): string;
}

export function Tabs<T extends string>({ tabs, current, onChange, label, idPrefix, labelOf }: TabsProps<T>) {
  return (
    <div role="tablist" aria-label={label} className="t-admin-tabs">
      {tabs.map((x) => (
        <button
          key={x}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${x}`}
          aria-controls={`${idPrefix}-panel-${x}`}
          aria-selected={current === x}
          tabIndex={current === x ? 0 : -1}
          onClick={() => onChange(x)}
          onKeyDown={(e) => {
            const i = tabs.indexOf(x);
            const next = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : e.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : undefined;
            if (next) {
              e.preventDefault();
              onChange(next);
              document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
            }
          }}
        >
          {labelOf(x)}
        </button>
      ))}
    </div>
  );
}

export function TabPanel<T extends string>({ tab, current, idPrefix, children }: { tab: T; current: T; idPrefix: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${tab}`} aria-labelledby={`${idPrefix}-tab-${tab}`} hidden={tab !== current}>
      {children}
    </div>
  );
}
