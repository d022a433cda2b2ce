import { useId } from 'react';

/**
 * A labelled on/off switch (role="switch"), the form engine's look. `name` replaces the visible
 * label as the accessible name when the label alone is ambiguous; it must contain the label.
 */
export function Switch(props: { label: string; name?: string; hint?: string; checked: boolean; disabled?: boolean; onChange(next: boolean): void }) {
  const hintId = useId();
  return (
    <div className="ts-settings__switch">
      <button
        type="button"
        role="switch"
        className="t-switch"
        aria-checked={props.checked}
        aria-label={props.name}
        aria-describedby={props.hint ? hintId : undefined}
        disabled={props.disabled}
        onClick={() => props.onChange(!props.checked)}
      >
        <span className="t-switch__track" aria-hidden="true">
          <span className="t-switch__thumb" />
        </span>
        <span>{props.label}</span>
      </button>
      {props.hint && (
        <p id={hintId} className="ts-settings__hint">
          {props.hint}
        </p>
      )}
    </div>
  );
}
