import { describe, expect, it, jest } from '@jest/globals';

// The checks' chunk cannot be fetched (the network is gone) until `reachable` says otherwise.
let reachable = false;
jest.unstable_mockModule('./auth-checks', () => {
  if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return {
    AUTH_SCHEMAS: { signIn: 'sign-in schema', register: 'register schema' },
    authErrorMessage: () => 'x',
  };
});

const { AuthErrorMessages, loadAuthErrorMessage, loadAuthSchema } = await import('./auth-form');

describe("the auth form's checks, loaded on first use", () => {
  it('say the network is gone when they cannot be loaded, and are tried again next time', async () => {
    const schema = await loadAuthSchema('signIn');
    expect(schema.safeParse({ email: 'rider@example.com', password: 'secret1' })).toEqual({
      success: false,
      error: { issues: [{ code: 'network', path: [], message: AuthErrorMessages.network }] },
    });
    expect(await loadAuthErrorMessage(new Error('boom'))).toBe(AuthErrorMessages.network);

    reachable = true;
    expect(await loadAuthSchema('register')).toBe('register schema');
  });
});
