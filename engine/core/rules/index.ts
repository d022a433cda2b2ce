export * from './compile';
export * from './evaluator';
export * from './visibility';
export * from './problems';
export * from './subjects';
export * from './subject-catalogue';
export { isSafePath } from './safety';
export { RULE_OPERATIONS, registerRuleOperations, isEmptyValue, powerUpMemberships, acceptedListIds, type PowerUpMembership } from './operations';
