import { describe, expect, it } from '@jest/globals';
import { StravaError } from '../errors.js';
import { ACCESS_TOKEN_SECONDS, allows, TokenStore } from '../tokens.js';

const NOW = 1_750_000_000;

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof StravaError) return { status: error.status, ...error.body };
    throw error;
  }
  throw new Error('expected a Strava error');
};

describe('TokenStore', () => {
  it('exchanges a code once, for the client it was issued to, within ten minutes', () => {
    const store = new TokenStore();
    const code = store.issueCode('app', 7, ['read', 'activity:read_all'], NOW);
    expect(failure(() => store.exchange('other', code, NOW))).toEqual({
      status: 400,
      message: 'Bad Request',
      errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
    });
    const fresh = store.issueCode('app', 7, ['read'], NOW);
    const { tokens, athleteId, scopes } = store.exchange('app', fresh, NOW + 60);
    expect(athleteId).toBe(7);
    expect(scopes).toEqual(['read']);
    expect(tokens).toEqual({
      token_type: 'Bearer',
      expires_at: NOW + 60 + ACCESS_TOKEN_SECONDS,
      expires_in: 21600,
      refresh_token: expect.stringMatching(/^[0-9a-f]{40}$/),
      access_token: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(failure(() => store.exchange('app', fresh, NOW + 61)).status).toBe(400);
    const late = store.issueCode('app', 7, ['read'], NOW);
    expect(failure(() => store.exchange('app', late, NOW + 601)).status).toBe(400);
  });

  it('refresh keeps a token with over an hour left, renews one about to expire, and always rotates the refresh token', () => {
    const store = new TokenStore();
    const { tokens } = store.exchange('app', store.issueCode('app', 7, ['read'], NOW), NOW);
    const early = store.refresh('app', tokens.refresh_token, NOW + 3600);
    expect(early.access_token).toBe(tokens.access_token);
    expect(early.refresh_token).not.toBe(tokens.refresh_token);
    expect(failure(() => store.refresh('app', tokens.refresh_token, NOW + 3600)).errors).toEqual([
      { resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' },
    ]);
    const late = store.refresh('app', early.refresh_token, NOW + ACCESS_TOKEN_SECONDS - 1800);
    expect(late.access_token).not.toBe(tokens.access_token);
    expect(late.expires_at).toBe(NOW + ACCESS_TOKEN_SECONDS - 1800 + ACCESS_TOKEN_SECONDS);
    expect(store.authenticate(late.access_token, NOW + ACCESS_TOKEN_SECONDS - 1800).athleteId).toBe(7);
  });

  it('rejects expired, revoked and unknown access tokens with Strava’s Authorization Error', () => {
    const store = new TokenStore();
    const { tokens } = store.exchange('app', store.issueCode('app', 7, ['read'], NOW), NOW);
    expect(store.authenticate(tokens.access_token, NOW + ACCESS_TOKEN_SECONDS - 1).athleteId).toBe(7);
    const expired = failure(() => store.authenticate(tokens.access_token, NOW + ACCESS_TOKEN_SECONDS));
    expect(expired).toEqual({
      status: 401,
      message: 'Authorization Error',
      errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
    });
    expect(failure(() => store.authenticate('nope', NOW)).status).toBe(401);
    expect(failure(() => store.authenticate(undefined, NOW)).status).toBe(401);
    expect(store.expireAccessTokens(7, NOW + 10)).toBe(1);
    expect(failure(() => store.authenticate(tokens.access_token, NOW + 10)).status).toBe(401);
    // the refresh token survives an expiry
    const renewed = store.refresh('app', tokens.refresh_token, NOW + 10);
    expect(store.authenticate(renewed.access_token, NOW + 10).athleteId).toBe(7);
    store.deauthorize(renewed.access_token, NOW + 10);
    expect(failure(() => store.authenticate(renewed.access_token, NOW + 10)).status).toBe(401);
    expect(failure(() => store.refresh('app', renewed.refresh_token, NOW + 10)).status).toBe(400);
    expect(store.clientsOf(7)).toEqual([]);
  });

  it('knows which scopes include which', () => {
    expect(allows(['activity:read_all'], 'activity:read')).toBe(true);
    expect(allows(['activity:read'], 'activity:read_all')).toBe(false);
    expect(allows(['read'], 'activity:read')).toBe(false);
    expect(allows(['read_all'], 'read')).toBe(true);
  });
});
