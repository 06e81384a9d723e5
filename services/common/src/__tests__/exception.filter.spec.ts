import { describe, expect, it, jest } from '@jest/globals';
import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { badRequest, conflict, GENERIC_ERROR_MESSAGE } from '../errors/domain.exception.js';
import { mapException } from '../http/exception.filter.js';
import type { Logger } from '../logging/logger.js';

const logger = () => ({ error: jest.fn() }) as unknown as Logger & { error: jest.Mock };

describe('mapException', () => {
  it('maps domain exceptions to their status, message and code', () => {
    expect(mapException(conflict('Taken', 'AUTH_EMAIL_TAKEN'), logger())).toEqual({
      status: 409,
      body: { message: 'Taken', code: 'AUTH_EMAIL_TAKEN' },
    });
    expect(mapException(badRequest('Nope'), logger())).toEqual({
      status: 400,
      body: { message: 'Nope', code: 'BAD_REQUEST' },
    });
  });

  it('keeps 4xx HTTP exceptions and names body-parser failures plainly', () => {
    expect(mapException(new NotFoundException('Cannot GET /x'), logger()).status).toBe(404);
    const cause = Object.assign(new SyntaxError('Unexpected end of JSON input'), {
      status: 400,
      type: 'entity.parse.failed',
    });
    expect(mapException(new BadRequestException(cause.message, { cause }), logger()).body.message).toBe(
      'Request body is not valid JSON',
    );
    const tooLarge = Object.assign(new Error('too large'), {
      statusCode: 413,
      status: 413,
      type: 'entity.too.large',
    });
    expect(mapException(new HttpException('too large', 413, { cause: tooLarge }), logger())).toEqual({
      status: 413,
      body: { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('hides unexpected errors behind a generic message and logs them with an error id', () => {
    const log = logger();
    const mapped = mapException(new Error('relation "secret_table" does not exist'), log);
    expect(mapped).toEqual({ status: 500, body: { message: GENERIC_ERROR_MESSAGE, code: 'INTERNAL' } });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ errorId: expect.any(String) }),
      'Unexpected error',
    );
  });
});
