/** Pure validation (spec 5): every rule in its own module, the field and form validators, shared with the server. */
export * from './types';
export * from './fields';
export * from './validate';
export { validationRules } from './rules';
// Named for fields: the rule-query engine has its own isEmptyValue (operator semantics differ).
export { formatBytes, formatFileSize, isEmptyValue as isEmptyFieldValue, fileMatchesType } from './values';
export { isExtendedEmail, isEmailWithParenthesisedName, isPlainEmail } from './email';
export { isLink, isAbsoluteUrl } from './links';
export { isValidHandlebars } from './templates';
export { htmlTextLength } from './html';
export { dayOf } from './dates';
export { valueOutsideOptions } from './value-types';
