import { CONFIGURED_LANGUAGES, FieldReadOnly, FieldShell, useFormField, type FieldComponentProps } from '../../../engine';

/** One text per configured language (opts.languages overrides), stored as language -> text. */
export default function I18nField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  const languages = Array.isArray(field.opts?.languages) ? field.opts.languages.map(String) : [...CONFIGURED_LANGUAGES];
  const value: Record<string, string> =
    b.state.value && typeof b.state.value === 'object' && !Array.isArray(b.state.value) ? (b.state.value as Record<string, string>) : {};
  if (!b.editing)
    return (
      <FieldReadOnly
        binding={b}
        text={Object.entries(value)
          .map(([lang, text]) => `${lang}: ${text}`)
          .join(' / ')}
      />
    );
  const set = (lang: string, text: string) => {
    const next = { ...value, [lang]: text };
    if (!text) delete next[lang];
    b.setValue(Object.keys(next).length ? next : undefined);
  };
  return (
    <FieldShell binding={b} group>
      {languages.map((lang) => (
        <div key={lang}>
          <label htmlFor={`${b.ids.input}-${lang}`}>{b.t('fields.i18n.language', { lang })}</label>
          <textarea
            id={`${b.ids.input}-${lang}`}
            lang={lang}
            value={value[lang] ?? ''}
            tabIndex={b.inputTabIndex}
            onBlur={b.touch}
            onChange={(e) => set(lang, e.target.value)}
          />
        </div>
      ))}
    </FieldShell>
  );
}
