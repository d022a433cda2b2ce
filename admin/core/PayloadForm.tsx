/**
 * A process type's start form, built from its payloadSchema with simple controls: an enum is a
 * select, a boolean a checkbox, a number a number field, a string a text field, and the list
 * pickers by name (`listId` one list, `listIds` checkboxes of the site's lists). The server checks
 * the payload again (parse): this only helps to fill it in.
 */
import { useEffect, useId, useState } from 'react';
import type { JsonValue } from '../../schemas/model/common';
import { useAdminFrame } from '../frame/frame-context';

type Schema = Record<string, JsonValue>;
export interface ListChoice {
  id: string;
  label: string;
}

/** The site's user lists as choices (none until they are read, and none when reading fails). */
export function useListChoices(): ListChoice[] {
  const { services } = useAdminFrame();
  const [lists, setLists] = useState<ListChoice[]>([]);
  useEffect(() => {
    let live = true;
    services.request<{ id: string; label: string }[]>('GET', 'userLists').then(
      (all) => live && setLists(all.map((l) => ({ id: l.id, label: l.label }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [services]);
  return lists;
}

const isObject = (v: JsonValue | undefined): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** The payload a schema starts with: each property's default. */
export function defaultPayload(schema: Schema): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) if (isObject(property) && property.default !== undefined) out[name] = property.default;
  return out;
}

export function PayloadForm({
  schema,
  value,
  onChange,
  lists,
}: {
  schema: Schema;
  value: Record<string, JsonValue>;
  onChange(value: Record<string, JsonValue>): void;
  lists: ListChoice[];
}) {
  const { t } = useAdminFrame();
  const id = useId();
  const properties = isObject(schema.properties) ? schema.properties : {};
  const set = (name: string, next: JsonValue | undefined) => {
    const copy = { ...value };
    if (next === undefined || next === '') delete copy[name];
    else copy[name] = next;
    onChange(copy);
  };
  const label = (name: string) => {
    const key = `processesAdmin.start.${name}`;
    const text = t(key);
    return text === key ? name : text;
  };
  return (
    <>
      {Object.entries(properties).map(([name, property]) => {
        if (!isObject(property)) return null;
        const fieldId = `${id}-${name}`;
        if (name === 'listIds') {
          const chosen = Array.isArray(value[name]) ? (value[name] as string[]) : [];
          return (
            <fieldset key={name}>
              <legend>{label(name)}</legend>
              {lists.map((list) => (
                <label key={list.id}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(list.id)}
                    onChange={(e) => set(name, e.target.checked ? [...chosen, list.id] : chosen.filter((x) => x !== list.id))}
                  />
                  {list.label}
                </label>
              ))}
            </fieldset>
          );
        }
        if (name === 'listId' || Array.isArray(property.enum)) {
          const options =
            name === 'listId'
              ? lists.map((l) => ({ value: l.id, text: l.label }))
              : (property.enum as JsonValue[]).map((v) => ({ value: String(v), text: String(v) }));
          return (
            <div key={name} className="t-process__field">
              <label htmlFor={fieldId}>{label(name)}</label>
              <select id={fieldId} value={typeof value[name] === 'string' ? (value[name] as string) : ''} onChange={(e) => set(name, e.target.value)}>
                {name === 'listId' && <option value="">{t('processesAdmin.start.chooseList')}</option>}
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.text}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        if (property.type === 'boolean')
          return (
            <label key={name}>
              <input type="checkbox" checked={value[name] === true} onChange={(e) => set(name, e.target.checked)} />
              {label(name)}
            </label>
          );
        const numeric = property.type === 'integer' || property.type === 'number';
        return (
          <div key={name} className="t-process__field">
            <label htmlFor={fieldId}>{label(name)}</label>
            <input
              id={fieldId}
              type={numeric ? 'number' : 'text'}
              value={value[name] === undefined ? '' : String(value[name])}
              onChange={(e) => set(name, numeric ? (e.target.value === '' ? undefined : Number(e.target.value)) : e.target.value)}
            />
          </div>
        );
      })}
    </>
  );
}
