import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';

/**
 * Input PostgreSQL and UTF-8 cannot hold, refused before it reaches a handler: text with a NUL
 * character (U+0000, which PostgreSQL refuses in text columns) or a lone UTF-16 surrogate (which
 * cannot be encoded as UTF-8), in any string or key of a JSON body, URL path or query; and JSON
 * nested deeper than MAX_JSON_DEPTH (refused before JSON.parse recurses into it).
 */

/** The deepest JSON nesting any request needs (the app's deepest payload is a handful of levels). */
export const MAX_JSON_DEPTH = 32;

export const INVALID_TEXT_MESSAGE = 'Text must not contain NUL characters or invalid Unicode';
export const TOO_DEEP_MESSAGE = 'Request body is nested too deeply';

export type InputProblem = 'invalid-text' | 'too-deep';

/** The body-parser error `type` of each problem (the error handlers answer them 400 `{ message }`). */
export const INPUT_PROBLEM_TYPES = {
  'invalid-text': 'request.text.invalid',
  'too-deep': 'request.too.deep',
} as const satisfies Record<InputProblem, string>;

/** A refused request: status 400 and a `type`, shaped like body-parser's own errors. */
export class RequestInputError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly expose = true;
  readonly type: string;

  constructor(readonly problem: InputProblem) {
    super(problem === 'too-deep' ? TOO_DEEP_MESSAGE : INVALID_TEXT_MESSAGE);
    this.name = 'RequestInputError';
    this.type = INPUT_PROBLEM_TYPES[problem];
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

const hexValue = (byte: number): number => {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
};

/** The code unit of the `\uXXXX` escape whose hex digits start at `at`, or -1 if malformed. */
const escapedCodeUnit = (bytes: Uint8Array, at: number): number => {
  let code = 0;
  for (let i = at; i < at + 4; i += 1) {
    const digit = i < bytes.length ? hexValue(bytes[i]!) : -1;
    if (digit < 0) return -1;
    code = code * 16 + digit;
  }
  return code;
};

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Scans raw JSON text (UTF-8 bytes) in one pass without recursion: invalid UTF-8 (which includes
 * raw surrogates), a NUL byte, a `\u0000` escape, an unpaired `\uD800`-`\uDFFF` escape, or brackets
 * nested deeper than `maxDepth` outside strings. Malformed JSON is left to JSON.parse.
 */
export const jsonTextProblem = (
  bytes: Uint8Array,
  maxDepth: number = MAX_JSON_DEPTH,
): InputProblem | undefined => {
  if (!isUtf8(bytes)) return 'invalid-text';
  let depth = 0;
  let inString = false;
  /** the previous string element was a high-surrogate escape, so a low-surrogate escape must follow */
  let pendingHigh = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (byte === 0) return 'invalid-text';
    if (!inString) {
      if (byte === QUOTE) inString = true;
      else if (byte === 0x7b || byte === 0x5b) {
        depth += 1;
        if (depth > maxDepth) return 'too-deep';
      } else if (byte === 0x7d || byte === 0x5d) depth -= 1;
      continue;
    }
    if (byte === BACKSLASH && bytes[i + 1] === LETTER_U) {
      const code = escapedCodeUnit(bytes, i + 2);
      if (code < 0) return undefined; // not JSON: JSON.parse refuses it
      i += 5;
      if (code === 0) return 'invalid-text';
      if (isLowSurrogate(code)) {
        if (!pendingHigh) return 'invalid-text';
        pendingHigh = false;
      } else if (pendingHigh) return 'invalid-text';
      else pendingHigh = isHighSurrogate(code);
      continue;
    }
    if (pendingHigh) return 'invalid-text';
    if (byte === BACKSLASH) i += 1;
    else if (byte === QUOTE) inString = false;
  }
  return pendingHigh ? 'invalid-text' : undefined;
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` has a NUL character or a lone surrogate. */
export const isInvalidText = (text: string): boolean => text.includes('\0') || LONE_SURROGATE.test(text);

/**
 * Checks an already parsed value (query, form body, GraphQL arguments): every string and key, and
 * the nesting depth. Iterative, so a deep value never overflows the stack.
 */
export const valueProblem = (value: unknown, maxDepth: number = MAX_JSON_DEPTH): InputProblem | undefined => {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (isInvalidText(current)) return 'invalid-text';
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      if (depth >= maxDepth) return 'too-deep';
      for (const [key, item] of Object.entries(current)) {
        if (isInvalidText(key)) return 'invalid-text';
        pending.push([item, depth + 1]);
      }
    }
  }
  return undefined;
};

/**
 * body-parser's `verify` hook for JSON: refuses the raw body before it is parsed (body-parser
 * answers the thrown error's status). With `keepRawBody`, also keeps the bytes as `req.rawBody`
 * for signature checks (what Nest's rawBody option does, which would otherwise replace this hook).
 */
export const verifyJsonBody =
  (options: { keepRawBody?: boolean } = {}) =>
  (req: IncomingMessage, _res: ServerResponse, buffer: Buffer, encoding: string): void => {
    if (encoding.toLowerCase() !== 'utf-8') throw new RequestInputError('invalid-text');
    const problem = jsonTextProblem(buffer);
    if (problem) throw new RequestInputError(problem);
    if (options.keepRawBody) (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buffer;
  };

const decodedPath = (path: string): string | undefined => {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined; // a malformed escape: the router answers it
  }
};

/** JSON-valued query parameters (GraphQL over GET) are scanned as JSON text too. */
const JSON_QUERY_PARAMETERS = new Set(['variables', 'extensions']);

/**
 * Express middleware, after the body parsers: the URL path, every query parameter (a GraphQL
 * GET's `variables` and `extensions` as JSON text) and a parsed non-JSON body (a form) hold no
 * NUL or lone surrogate. Refusals go to the error handler as a 400 RequestInputError.
 */
export const refuseInvalidText =
  () =>
  (req: Request, _res: Response, next: NextFunction): void => {
    const path = decodedPath(req.path);
    let problem: InputProblem | undefined =
      path !== undefined && isInvalidText(path) ? 'invalid-text' : undefined;
    problem ??= valueProblem(req.query);
    for (const [name, value] of Object.entries(req.query)) {
      if (problem) break;
      if (JSON_QUERY_PARAMETERS.has(name) && typeof value === 'string')
        problem = jsonTextProblem(Buffer.from(value));
    }
    if (!problem && req.body !== undefined && !req.is('json')) problem = valueProblem(req.body);
    next(problem ? new RequestInputError(problem) : undefined);
  };

/**
 * A global guard for GraphQL resolvers: their arguments, whether sent as variables (already checked
 * in the JSON body) or written into the document as literals (`"\u0000"` is a valid GraphQL
 * escape), hold no NUL or lone surrogate. REST input is checked by the parser hook and middleware.
 */
export class GraphqlArgumentsGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType<string>() !== 'graphql') return true;
    // a resolver's arguments: (parent, args, context, info)
    const problem = valueProblem(context.getArgByIndex<unknown>(1));
    if (problem) throw new RequestInputError(problem);
    return true;
  }
}
