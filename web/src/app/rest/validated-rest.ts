import type { z } from 'zod';

/**
 * The web's validated REST reads (the ride page, training, uploads): the session cookie, the
 * server's `{ message }` on failure, and the answer checked against its proto contract.
 */

/** A failed REST call: its HTTP status and the server's message (or the status line). */
export class RestRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RestRequestError';
  }
}

/** The thing asked for is missing or another rider's (the server answers both with 404). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof RestRequestError && error.status === 404;

/**
 * The `{ message }` of a failed answer's body, or "{status}: {body}" as the app's other REST calls
 * say it. Shared with the upload's XMLHttpRequest, which has the body as text too.
 */
export const failureText = (status: number, statusText: string, text: string): string => {
  try {
    const { message } = JSON.parse(text) as { message?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  } catch {
    // not JSON: the status line says it
  }
  return `${status}: ${text || statusText}`;
};

/** The failure text of an answer that is not ok (see failureText). */
export const failureMessage = async (answer: Response): Promise<string> =>
  failureText(answer.status, answer.statusText, await answer.text().catch(() => ''));

/** Said when an answer does not match its proto contract. */
const UNREADABLE_ANSWER = 'The server sent data this page cannot read.';

/**
 * GETs a JSON path of the REST API with the session cookie and checks the answer against its
 * proto contract.
 */
export const getValidated = async <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) =>
  checked(await fetch(path, { credentials: 'include', signal }), schema);

/** An answer's body checked against its contract; the server's `{ message }` when it is not ok. */
const checked = async <S extends z.ZodType>(answer: Response, schema: S): Promise<z.infer<S>> => {
  if (!answer.ok) throw new RestRequestError(answer.status, await failureMessage(answer));
  const parsed = schema.safeParse(await answer.json());
  if (!parsed.success) throw new RestRequestError(answer.status, UNREADABLE_ANSWER);
  return parsed.data as z.infer<S>;
};

/**
 * A REST call that changes something (POST, PATCH, DELETE) with the session cookie: a JSON body, or
 * a FormData one as it is; the server's `{ message }` on failure (RestRequestError), and the answer
 * checked against its proto contract (none is read without a schema, e.g. a 204).
 */
export async function sendValidated<S extends z.ZodType>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.infer<S>>;
export async function sendValidated(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: null,
): Promise<void>;
export async function sendValidated(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: z.ZodType | null,
): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const answer = await fetch(path, init);
  if (schema) return checked(answer, schema);
  if (!answer.ok) throw new RestRequestError(answer.status, await failureMessage(answer));
}
