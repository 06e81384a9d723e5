import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { negotiateEncoding, spa } from '../spa.js';

/** Issue 10: the built web app goes out brotli- or gzip-compressed to a browser that takes it. */

const INDEX =
  '<!doctype html><html><head><title>Domestique</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const rides = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "Ride ${i}" }`).join(', ')}];\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'spa-spec-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'favicon.svg'), ICON);
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/index-abc123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
  const app = express();
  app.use(spa(dist));
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** A GET as the browser sends it, answered as raw bytes (nothing decompressed on the way). */
const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}, origin = base) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      `${origin}${path}`,
      { headers: acceptEncoding === undefined ? headers : { ...headers, 'Accept-Encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });

const decode = (body: Buffer, coding: string | undefined) =>
  (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString();

describe('compressed web assets', () => {
  it('sends a hashed script brotli-compressed to a browser that accepts br, cached for a year', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts gzip but not br', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  it.each([undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0'])(
    'sends the file as it is when the browser accepts no coding the build wrote (%p)',
    async (acceptEncoding) => {
      const answer = await get('/assets/index-abc123.js', acceptEncoding);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.body.toString()).toBe(SCRIPT);
    },
  );

  it('follows the q-values of Accept-Encoding', async () => {
    const preferGzip = await get('/assets/index-abc123.js', 'br;q=0.5, gzip;q=0.8');
    expect(preferGzip.headers['content-encoding']).toBe('gzip');
    expect(decode(preferGzip.body, 'gzip')).toBe(SCRIPT);
    const anyButBr = await get('/assets/index-abc123.js', 'br;q=0, *');
    expect(anyButBr.headers['content-encoding']).toBe('gzip');
  });

  it.each(['/', '/dashboard', '/rides/42', '/index.html'])(
    'answers %s with index.html compressed and never cached',
    async (path) => {
      const answer = await get(path, 'gzip, deflate, br');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(answer.body, 'br')).toBe(INDEX);
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body.toString()).toBe(INDEX);
    },
  );

  it('sends a file the build did not compress as it is', async () => {
    const answer = await get('/favicon.svg', 'gzip, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.body.toString()).toBe(ICON);
  });

  it('answers a missing asset with 404, not with index.html or a year of caching', async () => {
    const answer = await get('/assets/index-gone.js', 'br');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('leaves /api and /graphql to the routes behind it', async () => {
    expect((await get('/api/nothing', 'br')).status).toBe(404);
    expect((await get('/graphql', 'br')).status).toBe(404);
  });
});

/**
 * Issue 10: `/` and `/auth` as the build drew them (web/vite.config.ts writes prerendered/*.html),
 * sent to whoever has no session yet, so the page paints before any script runs.
 */
describe('prerendered pages', () => {
  const LANDING = '<!doctype html><html><body><div id="root"><h1>AI coaching</h1></div></body></html>';
  const AUTH = '<!doctype html><html><body><div id="root"><h1>Welcome back</h1></div></body></html>';
  let drawnDist: string;
  let drawnServer: Server;
  let origin: string;

  beforeAll(async () => {
    drawnDist = mkdtempSync(join(tmpdir(), 'spa-spec-drawn-'));
    mkdirSync(join(drawnDist, 'prerendered'));
    for (const [file, text] of [
      ['index.html', INDEX],
      ['prerendered/index.html', LANDING],
      ['prerendered/auth.html', AUTH],
    ] as const) {
      writeFileSync(join(drawnDist, file), text);
      writeFileSync(join(drawnDist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(drawnDist, `${file}.gz`), gzipSync(text));
    }
    const app = express();
    app.use(spa(drawnDist));
    drawnServer = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => drawnServer.once('listening', resolve));
    origin = `http://127.0.0.1:${(drawnServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => drawnServer.close(resolve));
    rmSync(drawnDist, { recursive: true, force: true });
  });

  it.each([
    ['/', LANDING],
    ['/auth', AUTH],
  ])('sends %s drawn, compressed and never cached, to a visitor without a session', async (path, page) => {
    const answer = await get(path, 'gzip, br', {}, origin);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.vary).toMatch(/cookie/i);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(answer.body, 'br')).toBe(page);
    expect((await get(path, undefined, {}, origin)).body.toString()).toBe(page);
  });

  it.each([
    ['a session cookie', '/', { Cookie: 'theme=dark; dq_session=abc' }],
    ['a session cookie', '/auth', { Cookie: 'dq_session=abc' }],
    ['a query', '/auth?mode=register', {}],
    ['a query', '/?from=mail', {}],
  ])('sends index.html to a request with %s (%s)', async (_why, path, headers) => {
    const answer = await get(path, 'br', headers, origin);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(decode(answer.body, 'br')).toBe(INDEX);
  });

  it('still sends index.html to the paths nothing was drawn for', async () => {
    const answer = await get('/faq', 'br', {}, origin);
    expect(decode(answer.body, 'br')).toBe(INDEX);
    expect(answer.headers.vary ?? '').not.toMatch(/cookie/i);
  });

  it('does not take another cookie whose name ends like the session one for a session', async () => {
    const answer = await get('/', 'br', { Cookie: 'not_dq_session=1' }, origin);
    expect(decode(answer.body, 'br')).toBe(LANDING);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=0', null],
    ['identity', null],
    ['', null],
    [undefined, null],
  ] as const)('%p -> %p', (header, expected) => {
    expect(negotiateEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('offers only the codings the file has', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
  });
});
