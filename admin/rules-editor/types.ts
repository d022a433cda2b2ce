/** The choices the rules editor offers are engine/core's subject catalogue (the server builds it the same way). */
export type { Choice, RuleSubjectChoices, SubjectChoice } from '../../engine/core';
