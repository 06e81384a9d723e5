import type { Request, Response } from 'express';
import { gzipSync } from 'node:zlib';

/** Smaller answers are sent as they are: gzip would save next to nothing. */
const GZIP_MIN_BYTES = 1024;

/** True when `Accept-Encoding` names gzip (or *) without q=0. */
export const acceptsGzip = (header: string | undefined): boolean =>
  (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (quality === undefined || Number(quality.slice(2)) > 0);
  });

/**
 * Sends `body` as JSON, gzip-compressed (level 6) when the client accepts it and it is worth it. The
 * ride page's answers are mostly numbers and shrink about fivefold.
 */
export const sendJson = (req: Request, res: Response, body: unknown): void => {
  const json = Buffer.from(JSON.stringify(body));
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('vary', 'accept-encoding');
  if (json.length >= GZIP_MIN_BYTES && acceptsGzip(req.headers['accept-encoding'])) {
    res.setHeader('content-encoding', 'gzip');
    res.end(gzipSync(json, { level: 6 }));
    return;
  }
  res.end(json);
};
