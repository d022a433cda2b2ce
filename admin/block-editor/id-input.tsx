/** A typed id (a file or image id) as block options store it; number-typed schemas get a number. */
import type { WidgetProps } from '@rjsf/utils';

export function describedBy(props: WidgetProps): string | undefined {
  return props.rawErrors && props.rawErrors.length > 0 ? `${props.id}__error` : undefined;
}

export function IdInput(props: WidgetProps) {
  return (
    <input
      id={props.id}
      type="text"
      inputMode="text"
      pattern="[A-Za-z0-9_\-]+"
      value={props.value === undefined || props.value === null ? '' : String(props.value)}
      required={props.required}
      disabled={props.disabled || props.readonly}
      aria-describedby={describedBy(props)}
      onChange={(e) =>
        props.onChange(
          e.target.value === '' ? undefined : props.schema.type === 'number' || props.schema.type === 'integer' ? Number(e.target.value) : e.target.value,
        )
      }
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
