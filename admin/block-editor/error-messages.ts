/** rjsf's validation messages (ajv's English) replaced by the admin's translated ones, keyed by the failing keyword. */
import type { RJSFValidationError } from '@rjsf/utils';
import type { Translator } from '../../engine';

const KNOWN = ['required', 'minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'enum', 'type', 'format', 'additionalProperties'];

export function translateOptionErrors(errors: RJSFValidationError[], t: Translator['t']): RJSFValidationError[] {
  return errors.map((error) => {
    const name = error.name ?? '';
    const p = (error.params ?? {}) as Record<string, unknown>;
    const params = {
      limit: String(p.limit ?? ''),
      type: String(p.type ?? ''),
      format: String(p.format ?? ''),
      property: String(p.additionalProperty ?? p.missingProperty ?? ''),
    };
    const message = t(`admin.optionErrors.${KNOWN.includes(name) ? name : 'other'}`, params);
    return { ...error, message, stack: message };
  });
}
