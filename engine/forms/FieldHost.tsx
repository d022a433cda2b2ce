/**
 * Renders one field through its registered component. It subscribes to a derived boolean (is the
 * field shown) rather than the value, so typing re-renders the field component alone.
 */
import { memo, useMemo } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { Id } from '../../schemas/model';
import { useFormContext } from './context';
import { isFieldShown } from './submission';

export interface FieldHostProps {
  fieldId: Id;
  index?: number;
}

export const FieldHost = memo(function FieldHost({ fieldId, index }: FieldHostProps) {
  const { controller, components, t } = useFormContext();
  const field = controller.field(fieldId);
  const shownAtom = useMemo(
    () =>
      atom((get) => {
        if (!field) return false;
        if (field.qProps?.hidden) return false;
        const editing = get(controller.editing);
        const container = field.type === 'conditional' || field.type === 'group' || controller.typeOf(field).displayOnly;
        if (container) return true;
        return isFieldShown(field, get(controller.stateAtom(fieldId, index)).value, editing);
      }),
    [controller, field, fieldId, index],
  );
  const shown = useAtomValue(shownAtom);
  if (!field || !shown) return null;
  const Component = components[field.type];
  if (!Component) {
    return (
      <p className="t-field t-field--unknown" role="note">
        {t('fields.unknownType', { type: field.type })}
      </p>
    );
  }
  return (
    <div className={`t-form__field t-form__field--${field.type}`} data-field-id={field.id} data-field-name={field.key ?? field.name ?? field.id}>
      <Component field={field} index={index} />
    </div>
  );
});

/** Renders a field's children (group, conditional, repeater item). */
export function FieldChildren({ fieldId, index }: FieldHostProps) {
  const { controller } = useFormContext();
  const field = controller.field(fieldId);
  return (
    <>
      {(field?.childIds ?? []).map((id) => (
        <FieldHost key={id} fieldId={id} index={index} />
      ))}
    </>
  );
}
