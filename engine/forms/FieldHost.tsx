/**
 * Renders one field through its registered component. It subscribes to a derived boolean (is the
 * field shown) rather than the value, so typing re-renders the field component alone.
 */
import { memo, useContext, useMemo } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { Id } from '../../schemas/model';
import { FormModeContext, useFormContext } from './context';
import { isFieldShown } from './submission';
import { translateField } from '../core/i18n/content-keys';

/** Shared by every field shown whatever its value: no derived atom of its own to mount. */
const ALWAYS_SHOWN = atom(true);

export interface FieldHostProps {
  fieldId: Id;
  index?: number;
}

export const FieldHost = memo(function FieldHost({ fieldId, index }: FieldHostProps) {
  const { controller, components, t, lookup } = useFormContext();
  const { editing } = useContext(FormModeContext);
  const stored = controller.field(fieldId);
  // Its label, placeholder, help texts and choices in the member's language (content-keys.ts).
  const field = useMemo(() => (stored && lookup ? translateField(stored, lookup) : stored), [stored, lookup]);
  // Whether the field shows depends on its value only outside edit mode (an empty read-only field hides).
  const dependsOnValue =
    !!field &&
    !field.qProps?.hidden &&
    !(editing || field.type === 'conditional' || field.type === 'group' || controller.typeOf(field).displayOnly || isFieldShown(field, undefined, false));
  const shownAtom = useMemo(
    () =>
      dependsOnValue && field ? atom((get) => isFieldShown(field, get(controller.stateAtom(fieldId, index)).value, get(controller.editing))) : ALWAYS_SHOWN,
    [controller, dependsOnValue, field, fieldId, index],
  );
  const shown = useAtomValue(shownAtom) && !!field && !field.qProps?.hidden;
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

const BRANCHING = 16;

/**
 * Renders fields as a balanced tree of memoised chunks (no DOM of its own). React clones every
 * child fiber of each parent on an update's path, so a flat list of 5,000 fields would cost a
 * keystroke O(n); chunks of at most 16 keep it O(log n).
 */
export const FieldList = memo(function FieldList({ ids, index }: { ids: readonly Id[]; index?: number }) {
  const chunks = useMemo(() => {
    if (ids.length <= BRANCHING) return undefined;
    const size = Math.ceil(ids.length / BRANCHING);
    return Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ids.slice(i * size, (i + 1) * size));
  }, [ids]);
  if (!chunks) {
    return (
      <>
        {ids.map((id) => (
          <FieldHost key={id} fieldId={id} index={index} />
        ))}
      </>
    );
  }
  return (
    <>
      {chunks.map((chunk, i) => (
        <FieldList key={i} ids={chunk} index={index} />
      ))}
    </>
  );
});

const NO_IDS: Id[] = [];

/** Renders a field's children (group, conditional, repeater item). */
export function FieldChildren({ fieldId, index }: FieldHostProps) {
  const { controller } = useFormContext();
  return <FieldList ids={controller.field(fieldId)?.childIds ?? NO_IDS} index={index} />;
}
