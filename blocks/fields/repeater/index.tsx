import { FieldChildren, useFormField, useRepeater, type FieldComponentProps } from '../../../engine';

/**
 * A list of items, each holding the repeater's child fields at its index. Removing marks an item
 * deleted (restorable until save, removed on submit); each item has an editable label.
 */
export default function RepeaterField({ field }: FieldComponentProps) {
  const { label, t, ids } = useFormField(field);
  const { items, editing, add, setDeleted, setLabel } = useRepeater(field);
  return (
    <fieldset className="t-repeater">
      <legend id={ids.label}>{label}</legend>
      <ol>
        {items.map((item, i) => {
          const title = item.label || t('form.repeater.item', { number: i + 1 });
          return (
            <li key={item.uid} className={item.deleted ? 't-repeater__item t-repeater__item--deleted' : 't-repeater__item'} aria-label={title}>
              {editing && !item.deleted && (
                <>
                  <label htmlFor={`${ids.input}-${item.uid}-label`}>{t('form.repeater.label')}</label>
                  <input id={`${ids.input}-${item.uid}-label`} value={item.label ?? ''} onChange={(e) => setLabel(i, e.target.value)} />
                </>
              )}
              {!editing && item.label && <strong>{item.label}</strong>}
              {item.deleted ? <p>{t('form.repeater.deleted')}</p> : <FieldChildren fieldId={field.id} index={i} />}
              {editing && (
                <button
                  type="button"
                  onClick={() => setDeleted(i, !item.deleted)}
                  aria-label={`${t(item.deleted ? 'form.actions.restore' : 'form.actions.remove')} ${title}`}
                >
                  {t(item.deleted ? 'form.actions.restore' : 'form.actions.remove')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {editing && (
        <button type="button" onClick={add}>
          {t('form.actions.add')}
        </button>
      )}
    </fieldset>
  );
}
