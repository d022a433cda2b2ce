/** The email template rules (engine/core/email-templates.ts): language parts, the names a template reads, and the issues of a draft. */
import { describe, expect, it } from 'vitest';
import { emailTemplateIssues, forLanguage, sampleParameters, templateDataNames } from '../../engine/core/email-templates';

const EN_FR = ['en', 'fr'];

describe('email template rules', () => {
  it("keeps one language's parts, the base language's for a regional one, else the default's", () => {
    const text = 'A {{#lang "en"}}hi{{/lang}}{{#lang "fr"}}salut{{/lang}} B';
    expect(forLanguage(text, 'fr')).toBe('A salut B');
    expect(forLanguage(text, 'fr-CA')).toBe('A salut B');
    expect(forLanguage(text, 'de')).toBe('A hi B');
    expect(forLanguage('no parts', 'fr')).toBe('no parts');
  });

  it("reads the names used at the email's level, not those of a list's items or block parameters", () => {
    expect(templateDataNames('{{a}} {{#if b}}{{c.d}}{{else}}{{e}}{{/if}} {{#each items}}{{name}}{{/each}} {{lookup f "x"}} {{@index}} {{this}}')).toEqual([
      'a',
      'b',
      'c',
      'e',
      'items',
      'f',
    ]);
    expect(templateDataNames('{{#lang "en"}}{{who}}{{/lang}} {{#with person as |p|}}{{p.name}}{{/with}}')).toEqual(['who', 'person']);
  });

  it('names each problem of a draft with its part and message key', () => {
    const ok = { language: '', subject: 'Hi {{name}}', html: '<p>{{text.greeting}} {{siteName}}</p>', parameterList: ['name'] };
    expect(emailTemplateIssues(ok, EN_FR)).toEqual([]);
    const keys = (change: object) => emailTemplateIssues({ ...ok, ...change }, EN_FR).map((i) => `${i.part}:${i.key}`);
    expect(keys({ language: 'xx' })).toEqual(['language:validation.languageTags.notAValidKey']);
    expect(keys({ language: 'de' })).toEqual(['language:validation.languageTags.langNotEnabled']);
    expect(keys({ parameterList: ['1bad'] })).toEqual(['parameterList:emailBuilder.issues.badParameter', 'subject:emailBuilder.issues.unknownPlaceholder']);
    expect(keys({ subject: '{{#lang "en"}}x{{/lang}}' })).toEqual(['subject:validation.languageTags.notAllLangsDeclared']);
    expect(keys({ html: '{{#lang "en"}}a{{/lang}}{{#lang "en"}}b{{/lang}}{{#lang "fr"}}c{{/lang}}' })).toEqual([
      'html:validation.languageTags.notAllSameNumber',
    ]);
    expect(keys({ html: '{{shout name}}' })).toEqual(['html:emailBuilder.issues.doesNotCompile']);
    expect(keys({ html: '{{nope}}' })).toEqual(['html:emailBuilder.issues.unknownPlaceholder']);
  });

  it('gives each valid parameter a visible sample value', () => {
    expect(sampleParameters(['eventName', '1bad'])).toEqual({ eventName: '[eventName]' });
  });
});
