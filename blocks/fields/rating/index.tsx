import { FieldReadOnly, FieldShell, RATING_DEFAULTS, RATING_LIMITS, useFormField, type FieldComponentProps } from '../../../engine';

const clamp = (value: unknown, limits: { min: number; max: number }, fallback: number) => {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.min(limits.max, Math.max(limits.min, n));
};

/** The rating scale of a field: start 0-100, step 1-100, length 1-20 (spec 5.3), defaults 1, 1, 5. */
export function ratingScale(opts: Record<string, unknown> | undefined): number[] {
  const start = clamp(opts?.start, RATING_LIMITS.start, RATING_DEFAULTS.start);
  const step = clamp(opts?.step, RATING_LIMITS.step, RATING_DEFAULTS.step);
  const length = clamp(opts?.length, RATING_LIMITS.length, RATING_DEFAULTS.length);
  return Array.from({ length }, (_, i) => start + i * step);
}

/** A rating: one choice on a scale, as a radio group (arrow keys move between values). */
export default function RatingField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  const scale = ratingScale(field.opts);
  const max = scale[scale.length - 1];
  const value = typeof b.state.value === 'number' ? b.state.value : undefined;
  if (!b.editing) return <FieldReadOnly binding={b} text={value === undefined ? '' : b.t('fields.rating.star', { value, max })} />;
  return (
    <FieldShell binding={b} group>
      <div className="t-rating">
        {scale.map((step) => {
          const id = `${b.ids.input}-${step}`;
          return (
            <span key={step}>
              <input
                id={id}
                type="radio"
                name={b.ids.input}
                checked={value === step}
                disabled={b.disabled}
                tabIndex={b.inputTabIndex}
                onBlur={b.touch}
                onChange={() => b.setValue(step)}
              />
              <label htmlFor={id} aria-label={b.t('fields.rating.star', { value: step, max })}>
                {value !== undefined && step <= value ? '★' : '☆'}
              </label>
            </span>
          );
        })}
      </div>
    </FieldShell>
  );
}
