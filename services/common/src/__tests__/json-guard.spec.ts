import { describe, expect, it, jest } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mapException } from '../http/exception.filter.js';
import {
  GraphqlArgumentsGuard,
  INVALID_TEXT_MESSAGE,
  jsonTextProblem,
  MAX_JSON_DEPTH,
  refuseInvalidText,
  RequestInputError,
  TOO_DEEP_MESSAGE,
  valueProblem,
  verifyJsonBody,
} from '../http/json-guard.js';
import type { Logger } from '../logging/logger.js';

const scan = (text: string) => jsonTextProblem(Buffer.from(text, 'utf8'));
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedValue = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = { next: value };
  return value;
};

describe('jsonTextProblem (raw JSON bytes)', () => {
  it('passes ordinary JSON, escapes and characters outside the BMP', () => {
    expect(scan('{"title":"Ride 100 miles","n":[1,2,{"a":null}]}')).toBeUndefined();
    expect(scan(JSON.stringify({ text: 'tab\t "quote" \\ back \n é 🚀 \u202e' }))).toBeUndefined();
    expect(scan('{"emoji":"\\ud83d\\ude80","raw":"🚀"}')).toBeUndefined();
    expect(scan('{"upper":"\\uD83D\\uDE80","nul-ish":"\\\\u0000 is not an escape"}')).toBeUndefined();
  });

  it('refuses NUL, raw or escaped, in values and keys', () => {
    expect(scan('{"title":"a\u0000b"}')).toBe('invalid-text');
    expect(scan('{"title":"a\\u0000b"}')).toBe('invalid-text');
    expect(scan(JSON.stringify({ title: '\u0000' }))).toBe('invalid-text');
    expect(scan('{"a\\u0000":1}')).toBe('invalid-text');
    expect(scan('\u0000{}')).toBe('invalid-text');
  });

  it('refuses a lone high or low surrogate escape, and raw surrogate bytes', () => {
    expect(scan(JSON.stringify({ title: '\ud800' }))).toBe('invalid-text');
    expect(scan('{"t":"\\ud800"}')).toBe('invalid-text');
    expect(scan('{"t":"\\ud800x"}')).toBe('invalid-text');
    expect(scan('{"t":"\\ud800\\n"}')).toBe('invalid-text');
    expect(scan('{"t":"\\ud800\\ud800"}')).toBe('invalid-text');
    expect(scan('{"t":"\\udc00"}')).toBe('invalid-text');
    expect(scan('{"t":"x\\ude80\\ud83d"}')).toBe('invalid-text');
    expect(scan(JSON.stringify({ ['\udfff']: 1 }))).toBe('invalid-text');
    // U+D800 written as UTF-8 bytes (invalid UTF-8), and a stray continuation byte
    expect(jsonTextProblem(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]))).toBe('invalid-text');
    expect(jsonTextProblem(Buffer.from([0x22, 0x80, 0x22]))).toBe('invalid-text');
  });

  it('allows nesting up to the bound and refuses one more', () => {
    expect(scan(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(scan(JSON.stringify(nestedValue(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(scan(nested(MAX_JSON_DEPTH + 1))).toBe('too-deep');
    expect(scan(JSON.stringify(nestedValue(MAX_JSON_DEPTH + 1)))).toBe('too-deep');
    // siblings do not add up
    expect(
      scan(`[${Array.from({ length: 1000 }, () => nested(MAX_JSON_DEPTH - 1)).join(',')}]`),
    ).toBeUndefined();
  });

  it('refuses 100,000 levels without overflowing the stack', () => {
    expect(scan(nested(100_000))).toBe('too-deep');
    expect(scan(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toBe('too-deep');
  });

  it('does not count brackets inside strings, including after escaped quotes', () => {
    const brackets = '[[[[{{{{'.repeat(20);
    expect(scan(JSON.stringify({ text: brackets, more: `\\"${brackets}` }))).toBeUndefined();
    expect(scan(JSON.stringify([brackets.repeat(10)]))).toBeUndefined();
  });

  it('leaves malformed JSON to the parser', () => {
    expect(scan('{"unterminated": ')).toBeUndefined();
    expect(scan('{"bad escape":"\\u12"}')).toBeUndefined();
  });
});

describe('valueProblem (parsed values)', () => {
  it('checks every string and key, iteratively', () => {
    expect(valueProblem({ search: 'ok', list: ['a', 'é 🚀'] })).toBeUndefined();
    expect(valueProblem({ search: 'a\u0000' })).toBe('invalid-text');
    expect(valueProblem({ list: ['fine', '\ud83d'] })).toBe('invalid-text');
    expect(valueProblem({ ['\udc00']: 'x' })).toBe('invalid-text');
    expect(valueProblem(nestedValue(MAX_JSON_DEPTH))).toBeUndefined();
    expect(valueProblem(nestedValue(MAX_JSON_DEPTH + 1))).toBe('too-deep');
    expect(valueProblem(nestedValue(100_000))).toBe('too-deep');
    expect(valueProblem(42)).toBeUndefined();
  });
});

describe('verifyJsonBody (body-parser verify hook)', () => {
  const request = () => ({}) as IncomingMessage & { rawBody?: Buffer };
  const response = {} as ServerResponse;

  it('throws a 400 error body-parser passes on, with a plain message', () => {
    const verify = verifyJsonBody();
    const nul = (() => {
      try {
        verify(request(), response, Buffer.from('{"a":"\\u0000"}'), 'utf-8');
      } catch (error) {
        return error;
      }
      return undefined;
    })() as RequestInputError;
    expect(nul).toBeInstanceOf(RequestInputError);
    expect(nul).toMatchObject({ status: 400, message: INVALID_TEXT_MESSAGE, type: 'request.text.invalid' });
    expect(() => verify(request(), response, Buffer.from(nested(40)), 'utf-8')).toThrow(TOO_DEEP_MESSAGE);
    expect(() => verify(request(), response, Buffer.from('{"a":1}', 'utf16le'), 'utf-16le')).toThrow(
      INVALID_TEXT_MESSAGE,
    );
  });

  it('keeps the raw body only when asked', () => {
    const body = Buffer.from('{"id":"evt_1"}');
    const kept = request();
    verifyJsonBody({ keepRawBody: true })(kept, response, body, 'utf-8');
    expect(kept.rawBody).toBe(body);
    const dropped = request();
    verifyJsonBody()(dropped, response, body, 'utf-8');
    expect(dropped.rawBody).toBeUndefined();
  });

  it('is answered 400 { message } by the exception filter, also when Nest wraps it', () => {
    const logger = { error: jest.fn() } as unknown as Logger;
    expect(mapException(new RequestInputError('too-deep'), logger)).toEqual({
      status: 400,
      body: { message: TOO_DEEP_MESSAGE, code: 'BAD_REQUEST' },
    });
    expect(mapException(new RequestInputError('invalid-text'), logger).body.message).toBe(
      INVALID_TEXT_MESSAGE,
    );
  });
});

describe('refuseInvalidText (path, query and form bodies)', () => {
  const run = (req: Partial<Request>) => {
    const next = jest.fn<(error?: unknown) => void>();
    refuseInvalidText()(
      { path: '/api/rides', query: {}, body: undefined, is: () => false, ...req } as unknown as Request,
      {} as Response,
      next as NextFunction,
    );
    return next.mock.calls[0]?.[0] as unknown;
  };

  it('passes clean requests on', () => {
    expect(run({ query: { search: 'Col du Galibier 🚀', tags: ['a', 'b'] } })).toBeUndefined();
    expect(run({ path: '/api/goals/%C3%A9' })).toBeUndefined();
    expect(run({ path: '/api/goals/%E0%A4%A' })).toBeUndefined();
  });

  it('refuses NUL or a lone surrogate in the path, a query parameter or a form body', () => {
    expect(run({ path: '/api/goals/a%00b' })).toMatchObject({ status: 400, message: INVALID_TEXT_MESSAGE });
    expect(run({ query: { search: '\u0000' } })).toMatchObject({ status: 400 });
    expect(run({ query: { list: ['ok', '\ud800'] } })).toMatchObject({ status: 400 });
    expect(run({ query: { variables: '{"x":"\\u0000"}' } })).toMatchObject({ status: 400 });
    expect(run({ query: { variables: nested(64) } })).toMatchObject({ message: TOO_DEEP_MESSAGE });
    expect(run({ body: { email: 'a\u0000@b.c' }, is: () => false })).toMatchObject({ status: 400 });
  });
});

describe('GraphqlArgumentsGuard', () => {
  const contextOf = (type: string, args: unknown) =>
    ({ getType: () => type, getArgByIndex: (index: number) => (index === 1 ? args : undefined) }) as never;
  const guard = new GraphqlArgumentsGuard();

  it("checks a resolver's arguments, however they were written", () => {
    expect(guard.canActivate(contextOf('graphql', { input: { title: 'Ride 🚀' } }))).toBe(true);
    expect(() => guard.canActivate(contextOf('graphql', { message: 'a\u0000b' }))).toThrow(
      INVALID_TEXT_MESSAGE,
    );
    expect(() => guard.canActivate(contextOf('graphql', { input: { title: '\ud800' } }))).toThrow(
      RequestInputError,
    );
  });

  it('leaves REST calls to the parser hook and middleware', () => {
    expect(guard.canActivate(contextOf('http', { message: 'a\u0000b' }))).toBe(true);
  });
});
