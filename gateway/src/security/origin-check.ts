import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Server-to-server callers that sign their requests and send no browser headers. */
const WEBHOOK_PATHS = ['/api/stripe/webhook', '/api/strava/webhook'];

/**
 * CSRF defence for cookie-authenticated calls: SameSite=Lax cookies plus this check. A
 * state-changing request that a browser marks as coming from another site (Origin not ours, or
 * Sec-Fetch-Site cross-site) is refused with 403 before it reaches a service.
 */
export const originCheck =
  (allowedOrigins: ReadonlySet<string>) =>
  (req: Request, res: Response, next: NextFunction): void => {
    // mounted under /api, req.path is relative to the mount: the full path is baseUrl + path
    if (SAFE_METHODS.has(req.method) || WEBHOOK_PATHS.includes(`${req.baseUrl}${req.path}`)) {
      next();
      return;
    }
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    const crossOrigin =
      typeof origin === 'string' && origin !== 'null' ? !allowedOrigins.has(origin) : origin === 'null';
    if (crossOrigin || fetchSite === 'cross-site') {
      res.status(403).json({ message: 'Cross-site request refused' });
      return;
    }
    next();
  };
