import { currentCorrelationId, GENERIC_ERROR_MESSAGE, traceHeaders, type Logger } from '@domestique/common';
import { INTERNAL_HEADERS, UPLOAD_MAX_REQUEST_BYTES, type ServiceName } from '@domestique/proto';
import type { NextFunction, Request, Response } from 'express';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { IdentityTokens } from '../sessions/identity-tokens.js';
import { DIRECTIVE_HEADERS, type Sessions } from '../sessions/sessions.js';
import { findRoute } from './service-routes.js';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Request headers a browser may send that the services get; everything else stays at the gateway. */
const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'content-length',
  'accept',
  // a service may compress its answer (the ride page's streams); the proxy relays it as it is
  'accept-encoding',
  'accept-language',
  'user-agent',
  'stripe-signature',
  'if-none-match',
];

export interface RestProxyOptions {
  serviceUrls: Record<ServiceName, string>;
  sessions: Sessions;
  tokens: IdentityTokens;
  logger: Logger;
  timeoutMs: number;
  bodyLimitBytes: number;
  /** the larger limit of the upload paths (UPLOAD_PATHS; default UPLOAD_MAX_REQUEST_BYTES) */
  uploadLimitBytes?: number;
}

/**
 * Paths that take files (issue 21: activity files up to 50 MB each, or a rider's whole archive; issue 23: an event's GPX course):
 * they get `uploadLimitBytes` instead of the JSON-sized `bodyLimitBytes`. The service enforces
 * the per-file limits itself.
 */
export const UPLOAD_PATHS: readonly string[] = ['/api/rides/upload', '/api/plans/current/course'];

/** The largest body a path accepts. */
export const bodyLimitFor = (
  path: string,
  options: Pick<RestProxyOptions, 'bodyLimitBytes' | 'uploadLimitBytes'>,
): number =>
  UPLOAD_PATHS.includes(path)
    ? (options.uploadLimitBytes ?? UPLOAD_MAX_REQUEST_BYTES)
    : options.bodyLimitBytes;

const sendError = (res: Response, status: number, message: string): void => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json({ message });
};

/**
 * Forwards every /api/* call to the service that owns it (SERVICE_ROUTES), with the caller's signed
 * identity and the correlation id; streams bodies both ways; carries out session directives.
 */
export const restProxy = (options: RestProxyOptions) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
  const targets = Object.fromEntries(
    Object.entries(options.serviceUrls).map(([service, url]) => [service, new URL(url)]),
  ) as Record<ServiceName, URL>;

  return (req: Request, res: Response, next: NextFunction): void => {
    const route = findRoute(req.path, req.method);
    if (!route) {
      next();
      return;
    }
    const declaredLength = Number(req.headers['content-length'] ?? 0);
    if (declaredLength > bodyLimitFor(req.path, options)) {
      sendError(res, 413, 'Request body is too large');
      return;
    }
    const target = targets[route.service];
    void (async () => {
      const resolved = await options.sessions.resolve(req, route.realm);
      const headers: Record<string, string> = {
        [INTERNAL_HEADERS.identity]: await options.tokens.tokenFor(resolved.identity),
        [INTERNAL_HEADERS.correlationId]: currentCorrelationId() ?? '',
        'x-forwarded-for': req.ip ?? '',
        'x-forwarded-proto': req.protocol,
        // the request's span (traceparent), so the service continues the gateway's trace
        ...traceHeaders(),
      };
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = httpRequest({
        agent,
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers,
        timeout: options.timeoutMs,
      });
      upstream.on('response', (answer) => {
        void (async () => {
          const answerHeaders = answer.headers;
          await options.sessions.applyDirectives(
            { get: (name: string) => single(answerHeaders, name) },
            req,
            res,
            resolved,
          );
          res.status(answer.statusCode ?? 502);
          for (const [name, value] of Object.entries(answerHeaders)) {
            if (
              value === undefined ||
              HOP_BY_HOP.has(name) ||
              DIRECTIVE_HEADERS.includes(name) ||
              name === 'set-cookie'
            ) {
              continue;
            }
            res.setHeader(name, value);
          }
          answer.pipe(res);
        })().catch((error: unknown) => {
          options.logger.error({ err: error }, 'Failed to relay an answer');
          sendError(res, 502, GENERIC_ERROR_MESSAGE);
        });
      });
      upstream.on('timeout', () => {
        upstream.destroy(new Error('upstream timeout'));
        sendError(res, 504, 'The request took too long. Please try again.');
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) return;
        options.logger.warn({ err: error, service: route.service }, 'Service unreachable');
        sendError(res, 503, 'Service temporarily unavailable. Please try again.');
      });
      req.pipe(upstream);
    })().catch((error: unknown) => {
      options.logger.error({ err: error }, 'Proxy failure');
      sendError(res, 502, GENERIC_ERROR_MESSAGE);
    });
  };
};

const single = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};
