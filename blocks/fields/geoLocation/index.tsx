import { FieldReadOnly, FieldShell, useFormField, type FieldComponentProps } from '../../../engine';

type Point = { lat?: number; lng?: number };

/** A point (latitude, longitude); shown and edited, never submitted with the form. */
export default function GeoLocationField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  const point: Point = b.state.value && typeof b.state.value === 'object' && !Array.isArray(b.state.value) ? (b.state.value as Point) : {};
  if (!b.editing) return <FieldReadOnly binding={b} text={point.lat !== undefined ? `${point.lat}, ${point.lng}` : ''} />;
  const set = (part: keyof Point, text: string) => {
    const next: Record<string, number> = {};
    const merged = { ...point, [part]: text === '' ? undefined : Number(text) };
    if (merged.lat !== undefined) next.lat = merged.lat;
    if (merged.lng !== undefined) next.lng = merged.lng;
    b.setValue(Object.keys(next).length ? next : undefined);
  };
  const locate = () => navigator.geolocation?.getCurrentPosition((pos) => b.setValue({ lat: pos.coords.latitude, lng: pos.coords.longitude }));
  return (
    <FieldShell binding={b} group>
      <label htmlFor={`${b.ids.input}-lat`}>{b.t('fields.geoLocation.lat')}</label>
      <input
        id={`${b.ids.input}-lat`}
        type="number"
        step="any"
        min={-90}
        max={90}
        value={point.lat ?? ''}
        tabIndex={b.inputTabIndex}
        onChange={(e) => set('lat', e.target.value)}
      />
      <label htmlFor={`${b.ids.input}-lng`}>{b.t('fields.geoLocation.lng')}</label>
      <input
        id={`${b.ids.input}-lng`}
        type="number"
        step="any"
        min={-180}
        max={180}
        value={point.lng ?? ''}
        tabIndex={b.inputTabIndex}
        onChange={(e) => set('lng', e.target.value)}
      />
      {typeof navigator !== 'undefined' && navigator.geolocation && (
        <button type="button" onClick={locate}>
          {b.t('fields.geoLocation.locate')}
        </button>
      )}
    </FieldShell>
  );
}
