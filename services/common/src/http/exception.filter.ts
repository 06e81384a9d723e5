import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { CommonErrorCode, type ErrorBody, type ErrorCode } from '@domestique/proto';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import { randomUUID } from 'node:crypto';
import { DomainException, GENERIC_ERROR_MESSAGE } from '../errors/domain.exception.js';
import type { Logger } from '../logging/logger.js';
import { INPUT_PROBLEM_TYPES } from './json-guard.js';

interface Mapped {
  status: number;
  body: ErrorBody;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: CommonErrorCode.BadRequest,
  401: CommonErrorCode.Unauthenticated,
  403: CommonErrorCode.Forbidden,
  404: CommonErrorCode.NotFound,
  409: CommonErrorCode.Conflict,
  413: CommonErrorCode.PayloadTooLarge,
  429: CommonErrorCode.TooManyRequests,
  503: CommonErrorCode.Unavailable,
};

/** Errors raised by Express's body parser (and the request guard) carry a status and a type. */
interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

const GUARD_TYPES = new Set<string>(Object.values(INPUT_PROBLEM_TYPES));

/**
 * The answer to a body-parser or request-guard error (a 4xx with a `type`): its status and a plain
 * message; undefined for anything else. Shared by the services' filter and the gateway.
 */
export const requestErrorOf = (error: unknown): { status: number; message: string } | undefined => {
  const parserError = error as BodyParserError | null | undefined;
  const status = parserError?.status ?? parserError?.statusCode;
  const type = parserError?.type;
  if (typeof type !== 'string' || !status || status < 400 || status >= 500) return undefined;
  const message = GUARD_TYPES.has(type)
    ? (error as Error).message
    : type === 'entity.parse.failed'
      ? 'Request body is not valid JSON'
      : type === 'entity.too.large'
        ? 'Request body is too large'
        : 'Request body could not be read';
  return { status, message };
};

const messageOfHttpException = (exception: HttpException): string => {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return exception.message;
};

/** Maps any thrown value to a client-safe status and body; unexpected errors get a generic message. */
export const mapException = (exception: unknown, logger: Logger): Mapped => {
  if (exception instanceof DomainException) {
    return { status: exception.status, body: { message: exception.message, code: exception.code } };
  }
  // Nest wraps body-parser errors in an HttpException whose cause is the original error.
  const requestError = requestErrorOf(
    exception instanceof HttpException && exception.cause ? exception.cause : exception,
  );
  if (requestError) {
    return {
      status: requestError.status,
      body: {
        message: requestError.message,
        code: STATUS_CODES[requestError.status] ?? CommonErrorCode.BadRequest,
      },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status < 500) {
      return { status, body: { message: messageOfHttpException(exception), code: STATUS_CODES[status] } };
    }
  }
  const errorId = randomUUID();
  logger.error({ err: exception, errorId }, 'Unexpected error');
  return { status: 500, body: { message: GENERIC_ERROR_MESSAGE, code: CommonErrorCode.Internal } };
};

/** One filter for both transports: REST answers `{ message, code }`, GraphQL gets extensions.code. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const { status, body } = mapException(exception, this.logger);
    if (host.getType<string>() === 'graphql') {
      return new GraphQLError(body.message, { extensions: { code: body.code, status } });
    }
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return undefined;
    response.status(status).json(body);
    return undefined;
  }
}
