/** API errors: `{ error, message }` with the status that says what kind of problem it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    readonly error: string,
    message: string,
    /** A stable code a client may react to beyond the status (`listFull`), sent as `code` when set. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'badRequest', message);
/** The exact text the app's client reacts to (spec 8: 401 with 'Not authorized' logs out). */
export const notAuthorized = () => new HttpError(401, 'notAuthorized', 'Not authorized');
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'notFound', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
