import { describe, expect, it } from '@jest/globals';
import { formatError } from '../graphql/format-error.js';

describe('formatError (the subgraphs and the gateway)', () => {
  it('keeps the message, path, code and HTTP status, and drops every other extension', () => {
    expect(
      formatError({
        message: 'Ride not found.',
        path: ['ride'],
        locations: [{ line: 1, column: 3 }],
        extensions: { code: 'NOT_FOUND', status: 404, stacktrace: ['at x'], exception: { detail: 1 } },
      }),
    ).toEqual({ message: 'Ride not found.', path: ['ride'], extensions: { code: 'NOT_FOUND', status: 404 } });
  });

  it('answers INTERNAL without a code, no path or status when there is none, and the message given', () => {
    expect(formatError({ message: 'boom', extensions: { status: '500' } }, 'Something went wrong.')).toEqual({
      message: 'Something went wrong.',
      extensions: { code: 'INTERNAL' },
    });
  });
});
