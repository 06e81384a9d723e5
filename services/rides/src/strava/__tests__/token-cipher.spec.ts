import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { decodeKey } from '../../config/env.schema.js';
import { TokenCipher, tokenKeyOf } from '../token-cipher.js';

describe('token encryption (AES-256-GCM)', () => {
  const cipher = new TokenCipher(randomBytes(32));

  it('round-trips and never stores the plaintext or the same ciphertext twice', () => {
    const one = cipher.encrypt('access-token-123', 'user-a');
    const two = cipher.encrypt('access-token-123', 'user-a');
    expect(one).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(one).not.toContain('access-token-123');
    expect(one).not.toBe(two);
    expect(cipher.decrypt(one, 'user-a')).toBe('access-token-123');
  });

  it("refuses another owner's ciphertext, a tampered one and another key", () => {
    const sealed = cipher.encrypt('refresh-xyz', 'user-a');
    expect(() => cipher.decrypt(sealed, 'user-b')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'), 'user-a')).toThrow();
    expect(() => new TokenCipher(randomBytes(32)).decrypt(sealed, 'user-a')).toThrow();
    expect(() => cipher.decrypt('plain-token', 'user-a')).toThrow('Unknown token format');
  });

  it('accepts a 32-byte key as hex or base64 and derives one outside production', () => {
    const key = randomBytes(32);
    expect(decodeKey(key.toString('hex'))).toEqual(key);
    expect(decodeKey(key.toString('base64'))).toEqual(key);
    expect(decodeKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(decodeKey('not a key')).toBeNull();
    const secret = 'x'.repeat(40);
    expect(tokenKeyOf({ INTERNAL_JWT_SECRET: secret, STRAVA_TOKEN_KEY: undefined })).toHaveLength(32);
    expect(tokenKeyOf({ INTERNAL_JWT_SECRET: secret, STRAVA_TOKEN_KEY: key.toString('hex') })).toEqual(key);
  });
});
