import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';

/** The encodings the web build writes beside its files (`app.js.br`, `app.js.gz`), best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
export type ContentCoding = (typeof ENCODINGS)[number]['coding'];

/**
 * The coding to answer with among `available` (in the server's order of preference), given a
 * request's Accept-Encoding: the one with the highest q-value above 0 (`*` stands for any coding not
 * named), ties going to the server's order; null when the client accepts none of them.
 */
export const negotiateEncoding = (
  acceptEncoding: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding | null => {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
};

/** Every file under `root` that has precompressed siblings, by URL path, with those siblings. */
const precompressedFiles = (root: string): Map<string, Map<ContentCoding, string>> => {
  const found = new Map<string, Map<ContentCoding, string>>();
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const present = new Set(files);
  for (const file of files) {
    if (ENCODINGS.some(({ suffix }) => file.endsWith(suffix))) continue;
    const variants = new Map<ContentCoding, string>();
    for (const { coding, suffix } of ENCODINGS) {
      if (present.has(file + suffix)) variants.set(coding, file + suffix);
    }
    if (variants.size) found.set(`/${relative(root, file).split(sep).join('/')}`, variants);
  }
  return found;
};

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for any
 * other GET that is not an API call, so client-side routes survive a reload. A file the build also
 * wrote brotli- or gzip-compressed is sent compressed to a browser that accepts it.
 */
export const spa = (distDir: string) => {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST has no index.html: ${root}`);
  const compressed = precompressedFiles(root);

  /**
   * Sends `urlPath`'s compressed copy when there is one the client accepts and answers true; else
   * answers false and the caller sends the file as it is. Either way caches are told the answer
   * depends on Accept-Encoding.
   */
  const sendCompressed = (
    req: Request,
    res: Response,
    next: NextFunction,
    urlPath: string,
    cacheControl: string,
  ): boolean => {
    const variants = compressed.get(urlPath);
    if (!variants || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    res.vary('Accept-Encoding');
    const coding = negotiateEncoding(req.get('Accept-Encoding'), [...variants.keys()]);
    if (!coding) return false;
    res.setHeader('Cache-Control', cacheControl);
    res.type(extname(urlPath));
    res.setHeader('Content-Encoding', coding);
    res.sendFile(variants.get(coding)!, (error) => {
      if (error) next(error);
    });
    return true;
  };

  /** index.html, never cached, for any path the client-side router may own */
  const sendIndex = (req: Request, res: Response, next: NextFunction) => {
    if (sendCompressed(req, res, next, '/index.html', 'no-cache')) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };

  const router = express.Router();
  router.use(
    '/assets',
    (req: Request, res: Response, next: NextFunction) => {
      if (!sendCompressed(req, res, next, `/assets${req.path}`, 'public, max-age=31536000, immutable'))
        next();
    },
    express.static(join(root, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.get('/index.html', sendIndex);
  router.use(
    (req: Request, res: Response, next: NextFunction) => {
      if (!sendCompressed(req, res, next, req.path, 'public, max-age=3600')) next();
    },
    express.static(root, { index: false, maxAge: '1h' }),
  );
  router.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path === '/graphql') {
      next();
      return;
    }
    sendIndex(req, res, next);
  });
  return router;
};
