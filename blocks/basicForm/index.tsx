import { useEffect, useMemo, useState } from 'react';
import {
  FormRoot,
  createTranslator,
  messages,
  FormSetupError,
  fieldTypesUsed,
  loadFieldComponents,
  registryFieldTypes,
  useFieldDefinitions,
  useFormEnvironment,
  withDefaultEvaluator,
  type BlockProps,
  type FieldComponents,
  type FormValues,
} from '../../engine';
import { fieldComponents } from '../index.generated';
import type { BasicFormOptions } from '../options.generated';

export type { BasicFormOptions };

/** A form of the block's fields (block.fields), bound to profile or entity data, saved through the injected services. */
export default function BasicForm({ block, options }: BlockProps<BasicFormOptions>) {
  if (!block.fields?.length) throw new FormSetupError(`Form block "${block.id}" has no fieldDefinitions (block.fields is empty)`);
  const env = useFormEnvironment();
  const fields = useFieldDefinitions(block.fields);
  // Conditional fields run on the real rule engine over the registry unless the host injects one.
  const services = useMemo(() => withDefaultEvaluator(env.services), [env.services]);
  const [components, setComponents] = useState<FieldComponents>();
  const typesKey = fields ? fieldTypesUsed(fields).join(',') : '';
  useEffect(() => {
    if (!typesKey) return;
    let live = true;
    void loadFieldComponents(fieldComponents, typesKey.split(',')).then((loaded) => live && setComponents(loaded));
    return () => {
      live = false;
    };
  }, [typesKey]);
  const data = useMemo<FormValues>(() => {
    const source = options.source ?? 'profile';
    return (source === 'entity' ? env.ruleContext?.entity?.data : env.ruleContext?.profile?.data.profile) ?? {};
  }, [options.source, env.ruleContext]);
  // A profile form edits only the viewer's own profile, or any for those with profiles update.
  const source = options.source ?? 'profile';
  const locked = source === 'profile' && env.profileEditable === false;
  const formOptions = useMemo(() => (locked ? { ...options, editable: false, alwaysEdit: false, autosave: false } : options), [locked, options]);
  if (!fields || !components) {
    return (
      <p role="status" className="t-form__loading">
        {(env.translator ?? createTranslator(messages)).t('fields.loading')}
      </p>
    );
  }
  return (
    <FormRoot
      // Options are read when the form is built: another profile on the same page builds it again.
      key={locked ? 'read-only' : 'editable'}
      formId={block.id}
      title={options.title}
      fields={fields}
      rootIds={block.fields}
      data={data}
      options={formOptions}
      services={services}
      components={components}
      fieldTypes={registryFieldTypes}
      ruleContext={env.ruleContext}
      translator={env.translator}
      hash={env.hash}
    />
  );
}
