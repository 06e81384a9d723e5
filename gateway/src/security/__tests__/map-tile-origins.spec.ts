import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { mapTileOriginsVar } from '../map-tile-origins.js';
import { securityHeaders } from '../security-headers.js';

/** The Content-Security-Policy the gateway answers with, by directive. */
const cspOf = async (mapTileOrigins?: readonly string[]): Promise<Map<string, string[]>> => {
  const app = express();
  app.use(securityHeaders(false, mapTileOrigins));
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const answer = await request(app).get('/');
  const header = answer.headers['content-security-policy'] as string;
  return new Map(
    header.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );
};

describe('MAP_TILE_ORIGINS', () => {
  it('is empty unless set', () => {
    expect(mapTileOriginsVar.parse(undefined)).toEqual([]);
    expect(mapTileOriginsVar.parse('')).toEqual([]);
    expect(mapTileOriginsVar.parse(' , ')).toEqual([]);
  });

  it('reads comma-separated https origins, a port and a leading wildcard label allowed', () => {
    expect(
      mapTileOriginsVar.parse(
        ' https://tiles.openfreemap.org, https://*.Tile.Example.com:8443/,https://tiles.openfreemap.org',
      ),
    ).toEqual(['https://tiles.openfreemap.org', 'https://*.tile.example.com:8443']);
  });

  it.each([
    ['http://tiles.example.com', 'plain http'],
    ['https://tiles.example.com/styles/liberty', 'a path'],
    ['https://user:secret@tiles.example.com', 'credentials'],
    ['https://tiles.example.com?key=1', 'a query'],
    ['tiles.example.com', 'no scheme'],
    ['https://*', 'a bare wildcard'],
    ['https://tiles.*.example.com', 'a wildcard inside the host'],
    ['https://tiles.example.com:99999', 'a port out of range'],
    ["https://tiles.example.com 'unsafe-inline'", 'a CSP keyword smuggled in'],
    ['https://a.example.com;script-src *', 'a directive smuggled in'],
  ])('refuses %s (%s), naming it', (value) => {
    const parsed = mapTileOriginsVar.safeParse(`https://ok.example.com,${value}`);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(value.toLowerCase().trim().replace(/\/$/, ''));
  });
});

describe('the Content-Security-Policy and the ride map', () => {
  it('opens nothing for maps by default: own origin only, no workers from blobs', async () => {
    const csp = await cspOf();
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(csp.has('worker-src')).toBe(false);
    expect(csp.has('child-src')).toBe(false);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('lets MapLibre fetch from the configured origins, draw blob images and run its blob workers', async () => {
    const origins = mapTileOriginsVar.parse('https://tiles.openfreemap.org,https://*.tiles.example.com');
    const csp = await cspOf(origins);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://tiles.openfreemap.org',
      'https://*.tiles.example.com',
    ]);
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(['blob:', 'https://tiles.openfreemap.org', 'https://*.tiles.example.com']),
    );
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('child-src')).toEqual(["'self'", 'blob:']);
    // scripts stay our own: the workers' code comes from our bundle, through a blob
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });
});
