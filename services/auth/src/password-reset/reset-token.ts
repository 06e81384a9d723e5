import { RESET_TOKEN_TTL_MS } from '@domestique/proto';
import { createHash, randomBytes } from 'node:crypto';

export interface IssuedResetToken {
  /** goes into the email link only; never stored */
  token: string;
  /** what the database keeps */
  tokenHash: string;
  expiresAt: Date;
}

/**
 * A reset token is 32 random bytes (256 bits), so a fast hash is enough to keep a database dump from
 * yielding working links: nobody can search that space, unlike a password's.
 */
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

export const issueResetToken = (now: Date): IssuedResetToken => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) };
};

export type ResetTokenState = 'usable' | 'unknown' | 'expired';

/** A stored token works until its expiry instant (exclusive); an unknown one never does. */
export const resetTokenState = (stored: { expiresAt: Date } | null, now: Date): ResetTokenState => {
  if (!stored) return 'unknown';
  return stored.expiresAt.getTime() > now.getTime() ? 'usable' : 'expired';
};

/** `${PUBLIC_URL}/reset-password?token=...` (PUBLIC_URL may carry a path prefix). */
export const resetLinkFor = (publicUrl: string, token: string): string => {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  const link = new URL('reset-password', base);
  link.searchParams.set('token', token);
  return link.toString();
};
