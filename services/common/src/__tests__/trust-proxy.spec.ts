import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { trustProxyOf, trustProxyVar } from '../config/trust-proxy.js';

describe('trustProxyVar', () => {
  it('accepts none, hop counts and lists of addresses, CIDRs and names', () => {
    for (const value of [
      undefined,
      'none',
      'false',
      '0',
      '1',
      '10',
      'loopback',
      '10.0.0.0/8, 192.168.1.7',
      'loopback,uniquelocal,linklocal',
      '2001:db8::/32',
      'fd00::1',
    ])
      expect(trustProxyVar.safeParse(value).success).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '11',
      '-1',
      'all',
      'true',
      '256.0.0.1',
      '10.0.0.0/33',
      '2001:db8::/129',
      'loopback,,x',
      '*',
    ])
      expect(trustProxyVar.safeParse(value).success).toBe(false);
  });
});

describe('trustProxyOf', () => {
  it('unset: nobody in production, loopback for local runs', () => {
    expect(trustProxyOf({ NODE_ENV: 'production' })).toBe(false);
    expect(trustProxyOf({ NODE_ENV: 'development' })).toEqual(['loopback']);
    expect(trustProxyOf({ NODE_ENV: 'test' })).toEqual(['loopback']);
  });

  it('none, a hop count or a list, whatever the environment', () => {
    expect(trustProxyOf({ NODE_ENV: 'development', TRUST_PROXY: 'none' })).toBe(false);
    expect(trustProxyOf({ NODE_ENV: 'development', TRUST_PROXY: '0' })).toBe(false);
    expect(trustProxyOf({ NODE_ENV: 'production', TRUST_PROXY: '2' })).toBe(2);
    expect(trustProxyOf({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8, loopback' })).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
  });

  it("decides Express's req.ip: a client's X-Forwarded-For counts only through a trusted proxy", async () => {
    const ipWith = async (setting: ReturnType<typeof trustProxyOf>, forwarded: string) => {
      const app = express().set('trust proxy', setting);
      app.get('/ip', (req, res) => void res.send(req.ip));
      return (await request(app).get('/ip').set('X-Forwarded-For', forwarded)).text;
    };
    // supertest connects from loopback
    expect(await ipWith(trustProxyOf({ NODE_ENV: 'production' }), '203.0.113.9')).toMatch(/127\.0\.0\.1|::1/);
    expect(
      await ipWith(trustProxyOf({ NODE_ENV: 'production', TRUST_PROXY: '1' }), '198.51.100.1, 203.0.113.9'),
    ).toBe('203.0.113.9');
    expect(
      await ipWith(trustProxyOf({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8' }), '203.0.113.9'),
    ).toMatch(/127\.0\.0\.1|::1/);
    expect(await ipWith(trustProxyOf({ NODE_ENV: 'test' }), '203.0.113.9')).toBe('203.0.113.9');
  });
});
