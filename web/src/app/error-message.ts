import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** `{ "message": "..." }`, the body of the gateway's non-GraphQL errors (e.g. 503 while starting, 429). */
const messageInBody = (bodyText: string): string | undefined => {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body !== 'object' || body === null) return undefined;
    const { message, errors } = body as { message?: unknown; errors?: { message?: unknown }[] };
    const first = Array.isArray(errors) ? errors[0]?.message : undefined;
    const text = typeof first === 'string' ? first : message;
    return typeof text === 'string' && text.trim() ? text : undefined;
  } catch {
    return undefined;
  }
};

/** What the server said about a failed GraphQL call, if it said anything. */
export function serverMessageOf(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) return error.errors.find((e) => e.message.trim())?.message;
  if (ServerError.is(error)) return messageInBody(error.bodyText);
  return undefined;
}

/** The GraphQL error code of a failed call (extensions.code), to switch on instead of message text. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** fetch() rejects with a TypeError when the request cannot be made at all. */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

/** The message of a failed call (GraphQL or network), or `fallback` when it has none. */
export const errorMessage = (error: unknown, fallback: string): string => {
  const message = error instanceof Error ? error.message.trim() : '';
  return message || fallback;
};
