import { ApolloLink } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { catchError, throwError } from 'rxjs';

/** Spec section 8: a request that could not be made at all. */
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';

/**
 * Spec section 8's wording of a failed call: a non-OK answer reads "{status}: {body text}" (or the
 * status text when the body is empty); a request that never reached the server reads "Network error
 * occurred". The error keeps its class and body, so features still read the server's `{message}`.
 */
export const toSpecError = (error: unknown): unknown => {
  if (ServerError.is(error)) {
    const detail = error.bodyText.trim() ? error.bodyText : error.response.statusText;
    return new ServerError(`${error.statusCode}: ${detail}`, {
      response: error.response,
      bodyText: error.bodyText,
    });
  }
  if (error instanceof TypeError) return new TypeError(NETWORK_ERROR_MESSAGE, { cause: error });
  return error;
};

/** Rewrites every failed call's error into the spec's words (queries and mutations alike; no retries). */
export const specErrorsLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(catchError((error: unknown) => throwError(() => toSpecError(error)))),
);
