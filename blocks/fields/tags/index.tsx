import { useState, type KeyboardEvent } from 'react';
import { FieldReadOnly, FieldShell, useFormField, type FieldComponentProps } from '../../../engine';

/** Free tags: Enter or comma adds one (without saving the form), each removable. */
export default function TagsField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  const [draft, setDraft] = useState('');
  const tags: string[] = Array.isArray(b.state.value) ? b.state.value.map(String) : [];
  if (!b.editing) return <FieldReadOnly binding={b} text={tags.join(', ')} />;
  const add = () => {
    const tag = draft.trim();
    if (tag && !tags.includes(tag)) b.setValue([...tags, tag]);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    }
  };
  return (
    <FieldShell binding={b}>
      <ul className="t-tags">
        {tags.map((tag) => (
          <li key={tag}>
            {tag}
            <button type="button" aria-label={b.t('fields.tags.remove', { tag })} onClick={() => b.setValue(tags.filter((t) => t !== tag))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={b.ids.input}
        value={draft}
        placeholder={b.t('fields.tags.add')}
        tabIndex={b.inputTabIndex}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => (add(), b.touch())}
      />
    </FieldShell>
  );
}
