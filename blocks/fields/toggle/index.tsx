import { FieldReadOnly, FieldShell, inputAria, useFormField, type FieldComponentProps } from '../../../engine';

/** On or off, as a switch. */
export default function ToggleField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  const on = b.state.value === true;
  if (!b.editing) return <FieldReadOnly binding={b} text={b.t(on ? 'fields.toggle.on' : 'fields.toggle.off')} />;
  return (
    <FieldShell binding={b}>
      <button {...inputAria(b)} type="button" role="switch" aria-checked={on} className="t-switch" onClick={() => b.setValue(!on)}>
        <span className="t-switch__track" aria-hidden="true">
          <span className="t-switch__thumb" />
        </span>
        <span className="t-switch__text">{b.t(on ? 'fields.toggle.on' : 'fields.toggle.off')}</span>
      </button>
    </FieldShell>
  );
}
