import { CommonErrorCode, type ErrorCode } from '@domestique/proto';

/**
 * What domain code throws. One filter per transport maps it to an HTTP status + `{ message, code }`
 * or a GraphQL error with `extensions.code`.
 */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DomainException';
  }
}

export const badRequest = (message: string, code: ErrorCode = CommonErrorCode.BadRequest) =>
  new DomainException(code, message, 400);
export const unauthenticated = (
  message = 'Authentication required',
  code: ErrorCode = CommonErrorCode.Unauthenticated,
) => new DomainException(code, message, 401);
export const forbidden = (
  message = 'You do not have access to this',
  code: ErrorCode = CommonErrorCode.Forbidden,
) => new DomainException(code, message, 403);
export const notFound = (message = 'Not found', code: ErrorCode = CommonErrorCode.NotFound) =>
  new DomainException(code, message, 404);
export const conflict = (message: string, code: ErrorCode = CommonErrorCode.Conflict) =>
  new DomainException(code, message, 409);
export const tooManyRequests = (
  message = 'Too many requests. Please try again later.',
  code: ErrorCode = CommonErrorCode.TooManyRequests,
) => new DomainException(code, message, 429);
export const unavailable = (
  message = 'Service temporarily unavailable. Please try again.',
  code: ErrorCode = CommonErrorCode.Unavailable,
) => new DomainException(code, message, 503);

/** The message a client sees for anything unexpected; the details stay in the log under the error id. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
