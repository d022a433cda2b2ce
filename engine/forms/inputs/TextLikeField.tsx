/** The input behind every single-line or multi-line text-like field type (text, textarea, email, csv, date, colour ...). */
import type { ChangeEvent, InputHTMLAttributes } from 'react';
import type { JsonValue } from '../../../schemas/model';
import { FieldReadOnly, FieldShell } from '../FieldShell';
import { inputAria, useFormField } from '../context';
import type { FieldComponentProps } from '../types';

export interface TextLikeFieldProps extends FieldComponentProps {
  inputType?: InputHTMLAttributes<HTMLInputElement>['type'];
  multiline?: boolean;
  hint?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  /** Converts typed text to the stored value (numbers, years); the text is kept as inputValue. */
  parse?: (text: string) => JsonValue | undefined;
  extra?: InputHTMLAttributes<HTMLInputElement>;
}

export function TextLikeField({ field, index, inputType = 'text', multiline, hint, inputMode, parse, extra }: TextLikeFieldProps) {
  const b = useFormField(field, index);
  if (!b.editing) return <FieldReadOnly binding={b} />;
  const shown = b.state.inputValue ?? b.state.value;
  const text = shown === undefined || shown === null ? '' : String(shown);
  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = e.target.value;
    if (!parse) return b.setValue(raw);
    b.setValue(parse(raw), raw);
  };
  const aria = { ...inputAria(b), 'aria-describedby': [b.errors.length ? b.ids.errors : '', hint ? b.ids.hint : ''].filter(Boolean).join(' ') || undefined };
  return (
    <FieldShell binding={b} hint={hint}>
      {multiline ? (
        <textarea {...aria} value={text} placeholder={field.placeholder} onChange={onChange} />
      ) : (
        <input {...aria} {...extra} type={inputType} inputMode={inputMode} value={text} placeholder={field.placeholder} onChange={onChange} />
      )}
    </FieldShell>
  );
}

/** Numbers typed as text: empty stays empty, a partial number keeps the text until it parses. */
export function parseNumber(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}
