import { SelectField, useStructureChoices, type FieldComponentProps } from '../../../engine';

/**
 * Picks a module or a page (`opts.kind`, page by default). The field's own options, when given,
 * narrow the choice; otherwise every module or page in the site's structure is offered.
 */
export default function StructureSelectorField(props: FieldComponentProps) {
  const kind = props.field.opts?.kind === 'module' ? 'module' : 'page';
  const choices = useStructureChoices(kind);
  const field = props.field.options?.length ? props.field : { ...props.field, options: choices };
  return <SelectField {...props} field={field} />;
}
