/**
 * What the data layer asks of the server: one generic request the shell injects (web: the API
 * client; tests: the real server), and the calls each slice defines for itself (method, path,
 * body). A domain adds its calls to its own slice, never to this file. Blocks never see any of it:
 * they read atoms through hooks.
 */

export type DataMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call to the API, as a slice defines it; `Answer` is the type of what the server answers. */
export interface DataCall<Answer> {
  method: DataMethod;
  /** Under the API base, e.g. `profile/collection`. */
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** The shell reports a failure to the member (a change they made); reads leave it off and show their own error state. */
  report?: boolean;
  /** Never set: carries the answer's type from the call's definition to `request`. */
  readonly answer?: Answer;
}

export interface DataTransport {
  /** Sends one call; rejects on failure (with the HTTP status as `status` when there was an answer). */
  request<Answer>(call: DataCall<Answer>): Promise<Answer>;
}

/** Defines a call with the type of its answer: `dataCall<Profile[]>({ method: 'POST', path, body })`. */
export const dataCall = <Answer>(call: Omit<DataCall<Answer>, 'answer'>): DataCall<Answer> => call;

/** The HTTP status of a failed request, when the transport's error carries one (the web's ApiError does). */
export function statusOf(error: unknown): number | undefined {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The message of a failed request, for an error state. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
