import { INTERNAL_HEADERS, type Identity } from '@domestique/proto';
import type { NextFunction, Request, Response } from 'express';
import { createIdentityVerifier } from '../identity/internal-token.js';
import { acceptCorrelationId, runWithContext } from '../logging/request-context.js';

export interface InternalRequest extends Request {
  identity?: Identity;
  correlationId?: string;
}

/**
 * Every request except the health check must carry the gateway's signed identity; anything else is
 * answered 401 before it reaches a controller or resolver. Also opens the request's log context.
 */
export const internalIdentityMiddleware = (secret: string, openPaths: readonly string[] = ['/health']) => {
  const verifyIdentity = createIdentityVerifier(secret);
  return (req: InternalRequest, res: Response, next: NextFunction): void => {
    const correlationId = acceptCorrelationId(req.headers[INTERNAL_HEADERS.correlationId]);
    req.correlationId = correlationId;
    res.setHeader(INTERNAL_HEADERS.correlationId, correlationId);
    runWithContext({ correlationId }, () => {
      if (openPaths.includes(req.path)) {
        next();
        return;
      }
      const token = req.headers[INTERNAL_HEADERS.identity];
      if (typeof token !== 'string' || token.length === 0) {
        res.status(401).json({ message: 'Missing internal identity', code: 'UNAUTHENTICATED' });
        return;
      }
      verifyIdentity(token).then(
        (identity) => {
          req.identity = identity;
          next();
        },
        () => {
          res.status(401).json({ message: 'Invalid internal identity', code: 'UNAUTHENTICATED' });
        },
      );
    });
  };
};
