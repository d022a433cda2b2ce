/**
 * Shared by every API answer.
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */

/** Every error: a short machine name (`badRequest`, `notAuthorized`, ...) and a message naming what was wrong. */
export interface ApiError {
  error: string;
  message: string;
}
