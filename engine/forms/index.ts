/** The form engine (React): field atoms, the controller, the form root and the hooks field components use. */
export * from './types';
export { fieldStateAtom, repeaterItemsAtom, fieldStateKey, sameJson } from './state';
export { FormController, type FormMessage } from './controller';
export {
  FormContext,
  useFormContext,
  useFormField,
  useConditionMatches,
  useRepeater,
  inputAria,
  fieldDomIds,
  type FormFieldBinding,
  type FormContextValue,
} from './context';
export { FieldShell, FieldErrors, FieldReadOnly, formatValue } from './FieldShell';
export { FieldHost, FieldChildren, FieldList } from './FieldHost';
export { FormRoot, type FormRootProps } from './FormRoot';
export { isFieldShown, toSubmittedValue, sortOptions, isEmptyRepeaterItem } from './submission';
export { loadFieldComponents, fieldTypesUsed, type FieldComponentLoaders } from './loader';
export * from './inputs';
export { sanitizeHtml } from './sanitize';
export * from './rich-text';
export { FormEnvironmentProvider, useFormEnvironment, useFieldDefinitions, type FormEnvironment } from './environment';
export { registryFieldTypes } from './field-types';
export { registryRuleEvaluator, withDefaultEvaluator } from './default-evaluator';
