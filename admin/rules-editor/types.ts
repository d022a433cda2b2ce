import type { OperatorSubject } from '../../schemas/model';

/** One thing an admin can pick: a stored value and the label shown. */
export interface Choice {
  value: string;
  label: string;
}

/** A field or known value a rule can test, with the kind of value it holds (filters the operators). */
export interface SubjectChoice extends Choice {
  type: OperatorSubject;
}

/**
 * What the rules can talk about, passed in by the host (block visibility, conditional field):
 * a kind is offered only when it has choices.
 */
export interface RuleSubjectChoices {
  /** Profile fields of the viewed profile (kind `field`). */
  fields?: SubjectChoice[];
  userFields?: SubjectChoice[];
  entityFields?: SubjectChoice[];
  formFields?: SubjectChoice[];
  emailBuilderFields?: SubjectChoice[];
  knownValues?: SubjectChoice[];
  /** User lists, the operands of list operators (kinds `list`, `userList`). */
  lists?: Choice[];
  /** Power-ups, the subjects of power-up kinds. */
  powerUps?: Choice[];
  /** Entities an entity-field or power-up rule may name instead of the page's target entity. */
  entities?: Choice[];
  /** Membership tags offered to the tag operators; free text when absent. */
  membershipTags?: Choice[];
}
