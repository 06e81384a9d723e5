import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Identity } from '@domestique/proto';
import { createIdentityVerifier, signIdentity, type VerifiedIdentity } from '../identity/internal-token.js';

const SECRET = 'identity-verifier-test-secret-0123456789abcdef';
const RIDER: Identity = { role: 'user', userId: 'rider-1', tier: 'pro' };

/** a signature check that counts its calls and answers what the token names */
const countingCheck = (expiresAtMs: number) => {
  const calls: string[] = [];
  const verifyClaims = (token: string): Promise<VerifiedIdentity> => {
    calls.push(token);
    if (token.startsWith('bad')) return Promise.reject(new Error('bad signature'));
    return Promise.resolve({ identity: { role: 'user', userId: token, tier: 'free' }, expiresAtMs });
  };
  return { calls, verifyClaims };
};

describe('createIdentityVerifier', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('checks a token once and answers its identity from memory until it expires', async () => {
    let now = 1_000;
    const check = countingCheck(5_000);
    const verify = createIdentityVerifier(SECRET, { now: () => now, verifyClaims: check.verifyClaims });

    await expect(verify('a')).resolves.toEqual({ role: 'user', userId: 'a', tier: 'free' });
    await expect(verify('a')).resolves.toEqual({ role: 'user', userId: 'a', tier: 'free' });
    expect(check.calls).toEqual(['a']);

    await verify('b');
    expect(check.calls).toEqual(['a', 'b']);

    now = 5_000; // the moment it expires, memory no longer answers
    await verify('a');
    expect(check.calls).toEqual(['a', 'b', 'a']);
  });

  it('never remembers a failure', async () => {
    const check = countingCheck(Number.MAX_SAFE_INTEGER);
    const verify = createIdentityVerifier(SECRET, { verifyClaims: check.verifyClaims });
    await expect(verify('bad-1')).rejects.toThrow('bad signature');
    await expect(verify('bad-1')).rejects.toThrow('bad signature');
    expect(check.calls).toEqual(['bad-1', 'bad-1']);
  });

  it('forgets the oldest token when full', async () => {
    const check = countingCheck(Number.MAX_SAFE_INTEGER);
    const verify = createIdentityVerifier(SECRET, { maxEntries: 2, verifyClaims: check.verifyClaims });
    await verify('a');
    await verify('b');
    await verify('c'); // forgets a
    await verify('b');
    await verify('c');
    expect(check.calls).toEqual(['a', 'b', 'c']);
    await verify('a');
    expect(check.calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('with the real signature check: answers the signed identity, refuses a forged or expired token', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-26T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const verify = createIdentityVerifier(SECRET);
    const token = await signIdentity(RIDER, SECRET, 60);

    await expect(verify(token)).resolves.toEqual(RIDER);
    await expect(verify(token)).resolves.toEqual(RIDER);

    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        idn: { ...RIDER, tier: 'elite' },
      }),
    ).toString('base64url');
    await expect(verify(`${header}.${forgedPayload}.${token.split('.')[2]}`)).rejects.toThrow();
    await expect(
      verify(await signIdentity(RIDER, 'another-secret-0123456789abcdef-xyz', 60)),
    ).rejects.toThrow();

    jest.setSystemTime(Date.parse('2026-11-26T10:01:01Z'));
    await expect(verify(token)).rejects.toThrow();
  });
});
