import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { COOKIE_NAMES } from '../sessions/session-cookies.js';

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

/** The folder of the build holding pages drawn at build time (web/vite.config.ts, PRERENDERED_DIR). */
const PRERENDERED_DIR = 'prerendered';

/**
 * The prerendered pages of the build by the path they draw: `prerendered/index.html` is `/`,
 * `prerendered/auth.html` is `/auth`.
 */
const prerenderedPages = (root: string): Map<string, string> => {
  const dir = join(root, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.html'))
      .map((name) => {
        const page = name.slice(0, -'.html'.length);
        return [page === 'index' ? '/' : `/${page}`, `/${PRERENDERED_DIR}/${name}`] as const;
      }),
  );
};

/** Whether a request carries a user session cookie (valid or not: only the session check can say). */
const hasSessionCookie = (req: Request): boolean =>
  (req.get('Cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${COOKIE_NAMES.user}=`));

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for any
 * other GET that is not an API call, so client-side routes survive a reload. A file the build also
 * wrote brotli- or gzip-compressed is sent compressed to a browser that accepts it.
 *
 * A page the build drew ahead of time (`/`, `/auth`: what a signed-out visitor sees first) is sent
 * already drawn to a request without a session cookie and without a query (which could change
 * what the page shows); the app then takes it over. Anyone else gets index.html, whose app decides
 * once the session check answers (a signed-in user on `/` goes to the dashboard without ever
 * seeing the landing).
 */
export const spa = (distDir: string) => {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST has no index.html: ${root}`);
  const compressed = precompressedFiles(root);
  const prerendered = prerenderedPages(root);

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

  /**
   * index.html, or the page drawn ahead for this path, never cached (and varying with the cookie),
   * for any path the client-side router may own
   */
  const sendIndex = (req: Request, res: Response, next: NextFunction) => {
    const drawn = prerendered.get(req.path);
    if (drawn) res.vary('Cookie');
    const page = drawn && !req.originalUrl.includes('?') && !hasSessionCookie(req) ? drawn : '/index.html';
    if (sendCompressed(req, res, next, page, 'no-cache')) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(root, page));
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
