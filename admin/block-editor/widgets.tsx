/**
 * Custom rjsf widgets for what plain JSON Schema widgets do badly: colour, icon, structure
 * selector, files (chosen from the asset library) and image id. Named in a registry entry's `ui` hints (`"ui:widget": "color"`).
 */
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { mediaUrl, useStructureChoices } from '../../engine';
import { useAdmin } from '../core/context';
import { AssetPickerWidget } from './asset-picker';
import { describedBy, IdInput } from './id-input';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The props every string control shares: id, value, state, errors, and '' stored as no value. */
function stringControl(props: WidgetProps) {
  return {
    id: props.id,
    value: typeof props.value === 'string' ? props.value : '',
    required: props.required,
    disabled: props.disabled || props.readonly,
    'aria-describedby': describedBy(props),
    onChange: (e: { target: { value: string } }) => props.onChange(e.target.value === '' ? undefined : e.target.value),
    onBlur: () => props.onBlur(props.id, props.value),
  };
}

/** A hex colour: a text box (typed, pasted) beside the native picker, kept in step. */
export function ColourWidget(props: WidgetProps) {
  const { t } = useAdmin();
  const value = typeof props.value === 'string' ? props.value : '';
  const valid = value === '' || HEX.test(value);
  return (
    <span className="t-admin-colour">
      <input
        id={props.id}
        type="text"
        value={value}
        required={props.required}
        disabled={props.disabled || props.readonly}
        aria-invalid={!valid || undefined}
        aria-describedby={describedBy(props)}
        placeholder="#000000"
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => props.onBlur(props.id, props.value)}
      />
      <input
        type="color"
        value={valid && value.length === 7 ? value : '#000000'}
        disabled={props.disabled || props.readonly}
        aria-label={t('admin.widgets.colourPicker', { label: props.label })}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {!valid && <small className="t-admin-error">{t('admin.widgets.colourInvalid')}</small>}
    </span>
  );
}

/** An icon name, with the icons block types already use offered as suggestions. */
export function IconWidget(props: WidgetProps) {
  const { registry } = useAdmin();
  const icons = useMemo(
    () =>
      [
        ...new Set(
          Object.values(registry.blocks)
            .map((b) => b.icon)
            .filter(Boolean),
        ),
      ].sort(),
    [registry],
  );
  const listId = `${props.id}__icons`;
  return (
    <>
      <input type="text" list={listId} {...stringControl(props)} />
      <datalist id={listId}>
        {icons.map((i) => (
          <option key={i} value={i} />
        ))}
      </datalist>
    </>
  );
}

/** A module or page of the site (`ui:options.kind`: `page`, the default, or `module`), chosen by name; stores the id. */
export function StructureSelectorWidget(props: WidgetProps) {
  const { t } = useAdmin();
  const choices = useStructureChoices(props.options.kind === 'module' ? 'module' : 'page');
  return (
    <select {...stringControl(props)}>
      <option value="">{t('admin.widgets.structureNone')}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** An image id, with a thumbnail of the image when the admin's image token allows one. */
export function ImageIdWidget(props: WidgetProps) {
  const { t, imageToken } = useAdmin();
  const src = mediaUrl({ kind: 'image', id: props.value as string | undefined, token: imageToken, thumb: true, width: 100 });
  return (
    <span className="t-admin-image-id">
      <IdInput {...props} />
      {src && <img src={src} alt={t('admin.widgets.imagePreview', { id: String(props.value) })} width={100} />}
    </span>
  );
}

export const adminWidgets: RegistryWidgetsType = {
  color: ColourWidget,
  colour: ColourWidget,
  icon: IconWidget,
  structureSelector: StructureSelectorWidget,
  fileId: AssetPickerWidget,
  fileIds: AssetPickerWidget,
  imageId: ImageIdWidget,
};
