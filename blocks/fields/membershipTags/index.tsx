import { useMemo } from 'react';
import { ChoiceListField, useEngineIfAny, type FieldComponentProps } from '../../../engine';
import { membershipTagOptions } from '../../../engine/forms/entity-options';

/**
 * Tags of the page's entity's membership types, any number of them (core §3). Outside an entity
 * (or one without membership types) the field's own options are offered.
 */
export default function MembershipTagsField(props: FieldComponentProps) {
  const entity = useEngineIfAny()?.entity;
  const { field } = props;
  const withTags = useMemo(() => {
    const options = membershipTagOptions(entity);
    return options.length ? { ...field, options } : field;
  }, [field, entity]);
  return <ChoiceListField {...props} field={withTags} multiple />;
}
