import { describe, expect, it, jest } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import { originCheck } from '../security/origin-check.js';

const run = (method: string, path: string, headers: Record<string, string>) => {
  const next = jest.fn() as unknown as NextFunction & jest.Mock;
  const json = jest.fn();
  const res = { status: jest.fn(() => ({ json })) } as unknown as Response & { status: jest.Mock };
  originCheck(new Set(['https://app.domestique.test']))(
    { method, baseUrl: '', path, headers } as unknown as Request,
    res,
    next,
  );
  return { passed: next.mock.calls.length === 1, status: res.status.mock.calls[0]?.[0] };
};

describe('CSRF origin check', () => {
  it('lets reads and same-origin writes through', () => {
    expect(run('GET', '/api/rides', { origin: 'https://evil.test' }).passed).toBe(true);
    expect(run('POST', '/api/auth/login', { origin: 'https://app.domestique.test' }).passed).toBe(true);
    expect(run('POST', '/api/auth/login', { 'sec-fetch-site': 'same-origin' }).passed).toBe(true);
    expect(run('POST', '/api/auth/login', {}).passed).toBe(true);
  });

  it('refuses cross-site writes with 403', () => {
    expect(run('POST', '/api/auth/login', { origin: 'https://evil.test' })).toEqual({
      passed: false,
      status: 403,
    });
    expect(run('DELETE', '/api/admin/users/1', { 'sec-fetch-site': 'cross-site' })).toEqual({
      passed: false,
      status: 403,
    });
    expect(run('POST', '/graphql', { origin: 'null' })).toEqual({ passed: false, status: 403 });
  });

  it('lets signed provider webhooks through', () => {
    expect(run('POST', '/api/stripe/webhook', { origin: 'https://stripe.example' }).passed).toBe(true);
  });
});
