import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for any
 * other GET that is not an API call, so client-side routes survive a reload.
 */
export const spa = (distDir: string) => {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST has no index.html: ${root}`);
  const router = express.Router();
  router.use(
    '/assets',
    express.static(join(root, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(root, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path === '/graphql') {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
};
