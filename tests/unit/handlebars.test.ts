/**
 * The engine's Handlebars interpreter (engine/core/handlebars.ts) against Handlebars itself: the
 * same output for every construct it supports, the same errors for what it does not, and never
 * code generation (the CSP forbids eval in the browser).
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { parseTemplateForStorage, renderHandlebars, withParsedTemplate } from '../../engine/core/handlebars';
import { readParsedTemplate, renderTemplateTree } from '../../engine/core/handlebars-runtime';
import { isValidHandlebars } from '../../engine/core/validation/templates';

const handlebars = (template: string, data: unknown) => Handlebars.create().compile(template)(data, { allowProtoPropertiesByDefault: false });

const SAME_AS_HANDLEBARS: [string, unknown][] = [
  ['Hello {{profile.firstName}}, welcome back.', { profile: { firstName: '<Ada & "co">' } }],
  ['{{{raw}}} {{&raw}}', { raw: '<b>x</b>' }],
  ['{{#if a}}yes{{else}}no{{/if}} {{#unless a}}u{{/unless}}', { a: 0 }],
  ['{{#if a includeZero=true}}yes{{else}}no{{/if}}', { a: 0 }],
  ['{{#each list}}{{@index}}:{{this}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}},{{else}}empty{{/each}}', { list: ['a', 'b', 'c'] }],
  ['{{#each list}}x{{else}}empty{{/each}}', { list: [] }],
  ['{{#each obj}}{{@key}}={{this}} {{/each}}', { obj: { x: 1, y: 2 } }],
  ['{{#each list as |item i|}}{{i}}-{{item.n}}-{{../title}} {{/each}}', { title: 'T', list: [{ n: 1 }, { n: 2 }] }],
  ['{{#with person}}{{name}} of {{../org}}{{/with}}{{#with nobody}}x{{else}}none{{/with}}', { person: { name: 'Bo' }, org: 'Acme' }],
  ['{{#list}}{{n}}{{/list}}{{^list}}none{{/list}}{{^empty}}nothing{{/empty}}', { list: [{ n: 1 }, { n: 2 }], empty: [] }],
  ['{{#flag}}on{{/flag}}{{#missing}}x{{else}}m{{/missing}}{{#obj}}{{k}}{{/obj}}', { flag: true, obj: { k: 'v' } }],
  ['{{lookup map key}} {{lookup (lookup a "b") "c"}}', { map: { k: 'v' }, key: 'k', a: { b: { c: 'deep' } } }],
  ['{{toString}}|{{constructor}}|{{a.__proto__}}|{{a.length}}|{{s.length}}', { a: [1, 2], s: 'abc' }],
  ['line1\n{{#if x}}\n  inner\n{{/if}}\nline3', { x: true }],
  ['{{! comment }}{{!-- long --}}ok {{@root.t}} {{this.t}} {{./t}}', { t: 'r' }],
  ['{{n}} {{b}} {{nu}} {{u}} {{arr}} {{obj}}', { n: 0, b: false, nu: null, arr: [1, 2], obj: {} }],
  ['{{q}}', { q: `'"\`=&<>` }],
  [
    '{{#each outer}}{{#each inner}}{{@index}}{{../name}}{{/each}};{{/each}}',
    {
      outer: [
        { name: 'a', inner: [1, 2] },
        { name: 'b', inner: [3] },
      ],
    },
  ],
];

describe('renderHandlebars', () => {
  it.each(SAME_AS_HANDLEBARS)('renders %j as Handlebars does', (template, data) => {
    expect(renderHandlebars(template, data)).toBe(handlebars(template, data));
  });

  it('refuses what Handlebars refuses without helpers or partials, naming it', () => {
    expect(() => renderHandlebars('{{foo bar}}', {})).toThrow('Missing helper: "foo"');
    expect(() => renderHandlebars('{{#foo}}x{{/bar}}', {})).toThrow("foo doesn't match bar");
    expect(() => renderHandlebars('{{#if}}', {})).toThrow('Parse error');
    expect(() => renderHandlebars('{{> partial}}', {})).toThrow('not supported');
  });

  it('never generates code: it renders with Function and eval unavailable', () => {
    const original = { Function: globalThis.Function, eval: globalThis.eval };
    const refuse = () => {
      throw new Error('code generation is not allowed');
    };
    Object.assign(globalThis, { Function: refuse, eval: refuse });
    try {
      expect(renderHandlebars('{{#each l}}{{this}}{{/each}} {{a.b}}', { l: [1, 2], a: { b: 'c' } })).toBe('12 c');
      expect(isValidHandlebars('Hello {{profile.firstName}}')).toBe(true);
      expect(isValidHandlebars('Hello {{#if}}')).toBe(false);
    } finally {
      Object.assign(globalThis, original);
    }
  });

  it('a tree parsed on the server renders in the browser as the template does, without the parser', () => {
    const template = '{{#each l as |x i|}}{{i}}:{{x.n}}{{#if @last}}.{{/if}} {{/each}}{{{raw}}} {{lookup m "k"}}';
    const data = { l: [{ n: 'a' }, { n: 'b' }], raw: '<b>x</b>', m: { k: 'v' } };
    const stored = parseTemplateForStorage(template)!;
    expect(stored).not.toContain('"loc"');
    const tree = readParsedTemplate(JSON.parse(JSON.stringify(stored)), template)!;
    expect(renderTemplateTree(tree, data)).toBe(renderHandlebars(template, data));
    expect(renderTemplateTree(tree, data)).toBe(handlebars(template, data));
  });
  it('a stored tree counts only for its own template; stale or corrupt ones are not used', () => {
    const stored = parseTemplateForStorage('Hello {{name}}')!;
    expect(readParsedTemplate(stored, 'Hello {{name}}!')).toBeUndefined();
    for (const corrupt of ['{', '"x"', JSON.stringify({ source: 'a', ast: { type: 'Other', body: [] } }), 7, null])
      expect(readParsedTemplate(corrupt, 'a')).toBeUndefined();
    expect(parseTemplateForStorage('{{#if}}')).toBeUndefined();
  });
  it('handlebars blocks are stored with their tree, made from the template, never the writer’s', () => {
    const block = withParsedTemplate({ id: 'b', type: 'handlebars', options: { template: 'Hi {{a}}' }, parsedTemplate: 'forged' });
    expect(readParsedTemplate(block.parsedTemplate, 'Hi {{a}}')).toBeDefined();
    expect(withParsedTemplate({ id: 'b', type: 'handlebars', options: { template: '{{#if}}' }, parsedTemplate: 'forged' })).toEqual({
      id: 'b',
      type: 'handlebars',
      options: { template: '{{#if}}' },
    });
    const other = { id: 'c', type: 'plainText', options: { text: '{{a}}' } };
    expect(withParsedTemplate(other)).toBe(other);
    // A search results block's result template too; an empty one has no tree.
    const results = withParsedTemplate<{ id: string; type: string; options: object; parsedTemplate?: string }>({
      id: 'r',
      type: 'headlessSearchResults',
      options: { template: '{{name}}' },
    });
    expect(readParsedTemplate(results.parsedTemplate, '{{name}}')).toBeDefined();
    expect(withParsedTemplate({ id: 'r', type: 'headlessSearchResults', options: {}, parsedTemplate: 'forged' })).toEqual({
      id: 'r',
      type: 'headlessSearchResults',
      options: {},
    });
  });
});
