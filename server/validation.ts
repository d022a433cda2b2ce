/**
 * Request bodies are validated against the generated API schemas (schemas/json/api); block options
 * against the registry options schema of the block's type. Errors name the path and what was expected.
 */
import { ownValue } from '../engine/core/own';
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Field, JsonValue, RuleQuery } from '../schemas/model';
import { valueOutsideOptions } from '../engine/core/validation/value-types';
import type { FormErrors } from '../engine/core/validation';
import { createSchemaAjv, describeAjvErrors, type RegistryData } from '../registry';
import { createTranslator, messages } from '../engine/core/i18n';
import { createRegistry } from '../engine/core/registry';
import { compileRuleQuery } from '../engine/core/rules/compile';
import { describeRuleProblem } from '../engine/core/rules/problems';
import { badRequest } from './errors';

export type ApiSchemaName = string;

/** A 400 naming each field and the rules it failed (`<what> do not pass validation: ...`), when any failure blocks the save. */
export function refuseBlockingErrors(errors: FormErrors, what: string): void {
  const blocking = Object.entries(errors).filter(([, failures]) => failures.some((f) => f.severity === 'error'));
  if (!blocking.length) return;
  const described = blocking.map(
    ([key, failures]) =>
      `${key}: ${failures
        .filter((f) => f.severity === 'error')
        .map((f) => f.rule)
        .join(', ')}`,
  );
  throw badRequest(`${what} do not pass validation: ${described.join('; ')}`);
}

export class RequestValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly optionsValidators = new Map<string, ValidateFunction>();
  private readonly optionsAjv = createSchemaAjv();
  private readonly optsValidators = new Map<string, ValidateFunction>();

  constructor(
    private readonly schemaDir: string,
    private readonly registry: RegistryData,
  ) {
    this.ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(this.ajv);
  }

  private validator(name: string): ValidateFunction {
    let v = this.compiled.get(name);
    if (!v) {
      const file = path.join(this.schemaDir, `${name}.schema.json`);
      v = this.ajv.compile(JSON.parse(fs.readFileSync(file, 'utf8')));
      this.compiled.set(name, v);
    }
    return v;
  }

  /** Returns the body typed as T, or throws 400 naming every problem. */
  body<T>(name: string, body: unknown): T {
    if (body === undefined || body === null) throw badRequest('request body is missing: send JSON with content-type application/json');
    const validate = this.validator(name);
    if (!validate(body)) {
      const problems = describeAjvErrors('body', '', validate.errors).map((p) => `${p.pointer || '/'}: ${p.message}`);
      throw badRequest(`invalid request body: ${problems.join('; ')}`);
    }
    return body as T;
  }

  /** Whether a block type is registered and may be placed (not removed). */
  blockTypeKnown(type: string): boolean {
    const entry = ownValue(this.registry.blocks, type);
    return !!entry && entry.status !== 'removed';
  }

  /** Validates a block's options against its type's registry schema; throws 400 naming the problem. */
  blockOptions(type: string, options: unknown, where = 'block'): void {
    const entry = ownValue(this.registry.blocks, type);
    if (!entry || entry.status === 'removed') throw badRequest(`${where}: unknown block type "${type}" (not in registry/blocks)`);
    const problems = this.optionsProblems(type, entry.options, options, where);
    if (problems) throw badRequest(`${where} of type "${type}" has invalid options: ${problems}`);
  }

  /**
   * What is wrong with a stored block's options against its type's registry schema, or undefined
   * when they are valid or the type is not one that renders (the engine shows that as a state).
   * A bound function: page reads take it as their options check.
   */
  readonly storedBlockOptionsProblem = (type: string, options: unknown): string | undefined => {
    const entry = ownValue(this.registry.blocks, type);
    return entry && entry.status !== 'removed' ? this.optionsProblems(type, entry.options, options, 'block') : undefined;
  };

  private optionsProblems(type: string, schema: object, options: unknown, where: string): string | undefined {
    let v = this.optionsValidators.get(type);
    if (!v) {
      v = this.optionsAjv.compile(schema);
      this.optionsValidators.set(type, v);
    }
    if (v(options ?? {})) return undefined;
    return describeAjvErrors(where, '/options', v.errors)
      .map((p) => `${p.pointer}: ${p.message}`)
      .join('; ');
  }

  /** Checks a field definition against its registry type: known type, valid opts, only rules the type accepts. */
  fieldDefinition(field: Field, where = `field "${field.id}"`): void {
    const entry = ownValue(this.registry.fields, field.type);
    if (!entry || entry.status === 'removed') throw badRequest(`${where}: unknown field type "${field.type}" (not in registry/fields)`);
    if (!entry.opts && field.opts !== undefined) throw badRequest(`${where}: field type "${field.type}" takes no opts`);
    if (entry.opts && field.opts !== undefined) {
      let v = this.optsValidators.get(field.type);
      if (!v) {
        v = this.optionsAjv.compile(entry.opts);
        this.optsValidators.set(field.type, v);
      }
      if (!v(field.opts))
        throw badRequest(
          `${where} has invalid opts: ${describeAjvErrors('field', '/opts', v.errors)
            .map((p) => `${p.pointer}: ${p.message}`)
            .join('; ')}`,
        );
    }
    const unknownRules = Object.keys(field.validation ?? {}).filter((rule) => !entry.rules.includes(rule));
    if (unknownRules.length) throw badRequest(`${where} of type "${field.type}" does not accept the rules ${unknownRules.join(', ')}`);
  }

  /**
   * Compiles a rule query with the engine's compiler (the one that evaluates it) and throws 400
   * naming every problem. For content that must be correct (the demo); admins may store a broken
   * query through the API and see its error in the editor (it simply does not match).
   */
  ruleQuery(query: RuleQuery, where: string): void {
    const { problems } = compileRuleQuery(query, (this.ruleRegistry ??= createRegistry(this.registry)));
    if (problems.length) {
      const t = createTranslator(messages, 'en').t;
      throw badRequest(`${where}: invalid rule query: ${problems.map((p) => describeRuleProblem(p, t)).join('; ')}`);
    }
  }
  private ruleRegistry?: ReturnType<typeof createRegistry>;

  blockDefaults(type: string): Record<string, unknown> {
    return structuredClone((ownValue(this.registry.blocks, type)?.defaults ?? {}) as Record<string, unknown>);
  }

  get blockTypes(): RegistryData['blocks'] {
    return this.registry.blocks;
  }

  /**
   * A value submitted for a field (profile form saves): null clears it; anything else must match
   * the field type's registry `value` schema and, for fields with options, be one of them.
   * Throws 400 naming the field and what was expected.
   */
  fieldValue(field: Field, value: JsonValue, where: string): void {
    if (value === null) return;
    const entry = ownValue(this.registry.fields, field.type);
    if (!entry) throw badRequest(`${where}: field type "${field.type}" is unknown`);
    const schema = entry.value as object | undefined;
    if (schema && Object.keys(schema).length) {
      let v = this.valueValidators.get(field.type);
      if (!v) {
        v = this.ajv.compile(schema);
        this.valueValidators.set(field.type, v);
      }
      if (!v(value)) {
        const problems = describeAjvErrors(where, '', v.errors).map((p) => `${p.pointer || '/'}: ${p.message}`);
        throw badRequest(`${where} is not a value of a ${field.type} field: ${problems.join('; ')}`);
      }
    }
    if (valueOutsideOptions(field, value)) throw badRequest(`${where} is not one of the field's options`);
  }
  private readonly valueValidators = new Map<string, ValidateFunction>();

  /** The compiled validator of a model schema (schemas/json/<file>). */
  modelValidator(file: string): ValidateFunction {
    const key = `model:${file}`;
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile(JSON.parse(fs.readFileSync(path.join(this.schemaDir, '..', file), 'utf8')));
      this.compiled.set(key, v);
    }
    return v;
  }

  /** Validates a whole document against a model schema (schemas/json/<file>). */
  model<T>(file: string, value: unknown, what: string): T {
    const v = this.modelValidator(file);
    if (!v(value)) {
      const problems = describeAjvErrors(what, '', v.errors).map((p) => `${p.pointer || '/'}: ${p.message}`);
      throw badRequest(`${what} would be invalid: ${problems.join('; ')}`);
    }
    return value as T;
  }
}
