/** Label with its privacy switch, errors and info tooltip around a field's input; read-only display. */
import { useReducer, type ReactNode } from 'react';
import { useFormContext, type FormFieldBinding } from './context';

export interface FieldShellProps {
  binding: FormFieldBinding;
  children: ReactNode;
  /** Radio groups, checkbox lists and other multi-control fields are a fieldset with a legend. */
  group?: boolean;
  hint?: string;
}

export function FieldShell({ binding: b, children, group, hint }: FieldShellProps) {
  // Marked by CSS (an asterisk with empty alternative text): the input's aria-required speaks for it.
  const required = !!b.field.validation?.required;
  const content = (
    <>
      {children}
      {hint && (
        <small id={b.ids.hint} className="t-field__hint">
          {hint}
        </small>
      )}
      {b.field.infoTooltip && <small className="t-field__info">{b.field.infoTooltip}</small>}
      {b.errors.length > 0 && <FieldErrors binding={b} />}
    </>
  );
  // Who may see the value sits beside its label: a small switch, not a bar under every field.
  const privacy = b.field.schema ? <PrivacySwitch binding={b} /> : null;
  if (group) {
    return (
      <fieldset className="t-field t-field--group" aria-describedby={b.errors.length ? b.ids.errors : undefined}>
        <legend id={b.ids.label} data-required={required || undefined}>
          {b.label}
        </legend>
        {privacy}
        {content}
      </fieldset>
    );
  }
  return (
    <div className="t-field">
      <div className="t-field__head">
        <label id={b.ids.label} htmlFor={b.ids.input} data-required={required || undefined}>
          {b.label}
        </label>
        {privacy}
      </div>
      {content}
    </div>
  );
}

export function FieldErrors({ binding: b }: { binding: FormFieldBinding }) {
  if (!b.errors.length) return null;
  // The alert is a wrapper: role="alert" on the <ul> itself took away its list role and orphaned the items (axe listitem).
  return (
    <div id={b.ids.errors} role="alert">
      <ul className="t-field__errors">
        {b.errors.map((message, i) => (
          <li key={i}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Whether others see the field's value (the data item's privacy): on is visible, named for the field. */
function PrivacySwitch({ binding: b }: { binding: FormFieldBinding }) {
  const { controller, t } = useFormContext();
  // The privacy state lives in the injected service; re-read it after each toggle.
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const privacy = controller.services.privacy;
  const schema = b.field.schema;
  if (!privacy || !schema) return null;
  const isPrivate = privacy.isPrivate(schema);
  const toggle = () => {
    privacy.toggle(schema);
    refresh();
  };
  return (
    <button
      type="button"
      role="switch"
      className="t-switch t-field__privacy"
      data-privacy-button
      aria-checked={!isPrivate}
      aria-label={t('form.privacy.switch', { field: b.label })}
      onClick={toggle}
    >
      <span className="t-switch__track" aria-hidden="true">
        <span className="t-switch__thumb" />
      </span>
      <span aria-hidden="true">{t(isPrivate ? 'form.privacy.private' : 'form.privacy.public')}</span>
    </button>
  );
}

/** The read-only view of a field: its label and value text. */
export function FieldReadOnly({ binding: b, text }: { binding: FormFieldBinding; text?: string }) {
  const shown = text ?? formatValue(b.state.value);
  return (
    <div className="t-field t-field--readonly">
      <span id={b.ids.label} className="t-field__label">
        {b.label}
      </span>
      <span className="t-field__value" aria-labelledby={b.ids.label}>
        {shown === '' ? b.t('form.empty') : shown}
      </span>
    </div>
  );
}

export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .map(formatValue)
      .join(', ');
  return String(value);
}
