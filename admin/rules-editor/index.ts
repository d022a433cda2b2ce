export { RulesEditor, type RulesEditorProps } from './RulesEditor';
export { RulesEditorDialog, type RulesEditorDialogProps } from './RulesEditorDialog';
export type { Choice, RuleSubjectChoices, SubjectChoice } from './types';
export { availableKinds, subjectChoicesFor } from './query-edit';
