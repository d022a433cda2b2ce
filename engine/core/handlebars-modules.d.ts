/// <reference types="handlebars" />
// Handlebars' parser and utilities, imported on their own so the code generator (new Function) is never bundled.
declare module 'handlebars/dist/cjs/handlebars/compiler/base.js' {
  export function parse(input: string, options?: { srcName?: string; ignoreStandalone?: boolean }): hbs.AST.Program;
}
declare module 'handlebars/dist/cjs/handlebars/utils.js' {
  export function escapeExpression(value: string): string;
  export function isEmpty(value: unknown): boolean;
}
