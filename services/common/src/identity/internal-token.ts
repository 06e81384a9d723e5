import { jwtVerify, SignJWT } from 'jose';
import type { Identity, SessionGrant } from '@domestique/proto';
import { BoundedMap } from '../memory/bounded-map.js';

const ISSUER = 'domestique';
const AUDIENCE_IDENTITY = 'domestique-internal-identity';
const AUDIENCE_GRANT = 'domestique-session-grant';
const AUDIENCE_REVOKE = 'domestique-sessions-revoke';

const keyCache = new Map<string, Uint8Array>();
const keyOf = (secret: string): Uint8Array => {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
};

const sign = (claims: Record<string, unknown>, audience: string, secret: string, ttlSeconds: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));

const verify = async (token: string, audience: string, secret: string) =>
  (await jwtVerify(token, keyOf(secret), { issuer: ISSUER, audience, algorithms: ['HS256'] })).payload;

/** The short-lived token the gateway forwards to the services for one request. */
export const signIdentity = (identity: Identity, secret: string, ttlSeconds = 60): Promise<string> =>
  sign({ idn: identity }, AUDIENCE_IDENTITY, secret, ttlSeconds);

export const verifyIdentity = async (token: string, secret: string): Promise<Identity> =>
  (await verifyIdentityClaims(token, secret)).identity;

const verifyIdentityClaims = async (token: string, secret: string): Promise<VerifiedIdentity> => {
  const payload = await verify(token, AUDIENCE_IDENTITY, secret);
  return { identity: parseIdentity(payload.idn), expiresAtMs: (payload.exp ?? 0) * 1000 };
};

export interface IdentityVerifierOptions {
  /** how many verified tokens to remember; the oldest is forgotten first */
  maxEntries?: number;
  now?: () => number;
  /** the signature and claim check; the real one unless a unit test counts the calls */
  verifyClaims?: (token: string, secret: string) => Promise<VerifiedIdentity>;
}

export interface VerifiedIdentity {
  identity: Identity;
  expiresAtMs: number;
}

/**
 * verifyIdentity with a memory of the tokens it has already verified, each kept until it expires.
 * The gateway reuses one signed token per session for several seconds, so most calls skip the HMAC
 * and the claim checks; a token is only ever answered from memory with the identity its own
 * signature proved, and never after its `exp`. Failures are not remembered.
 */
export const createIdentityVerifier = (secret: string, options: IdentityVerifierOptions = {}) => {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const verifyClaims = options.verifyClaims ?? verifyIdentityClaims;
  const verified = new BoundedMap<string, VerifiedIdentity>(maxEntries);
  return async (token: string): Promise<Identity> => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > now()) return known.identity;
      verified.delete(token);
    }
    const claims = await verifyClaims(token, secret);
    verified.set(token, claims);
    return claims.identity;
  };
};

/** Auth service -> gateway: "start a session for this account". */
export const signSessionGrant = (grant: SessionGrant, secret: string): Promise<string> =>
  sign({ grant }, AUDIENCE_GRANT, secret, 30);

export const verifySessionGrant = async (token: string, secret: string): Promise<SessionGrant> => {
  const { grant } = await verify(token, AUDIENCE_GRANT, secret);
  const value = grant as Partial<SessionGrant> | undefined;
  if (value?.kind === 'user' && typeof value.userId === 'string' && typeof value.tier === 'string') {
    return { kind: 'user', userId: value.userId, tier: value.tier };
  }
  if (value?.kind === 'admin' && typeof value.adminId === 'string' && typeof value.username === 'string') {
    return { kind: 'admin', adminId: value.adminId, username: value.username };
  }
  throw new Error('Malformed session grant');
};

/** Auth service -> gateway: "end every session of this user" (password reset). */
export const signSessionsRevoke = (userId: string, secret: string): Promise<string> =>
  sign({ userId }, AUDIENCE_REVOKE, secret, 30);

export const verifySessionsRevoke = async (token: string, secret: string): Promise<string> => {
  const { userId } = await verify(token, AUDIENCE_REVOKE, secret);
  if (typeof userId !== 'string') throw new Error('Malformed revoke token');
  return userId;
};

const TIER_VALUES = new Set(['free', 'pro', 'elite']);

const parseIdentity = (value: unknown): Identity => {
  const v = value as Record<string, unknown> | undefined;
  switch (v?.role) {
    case 'anonymous':
      return { role: 'anonymous' };
    case 'user':
      if (typeof v.userId === 'string' && typeof v.tier === 'string' && TIER_VALUES.has(v.tier)) {
        return { role: 'user', userId: v.userId, tier: v.tier as 'free' | 'pro' | 'elite' };
      }
      break;
    case 'admin':
      if (typeof v.adminId === 'string' && typeof v.username === 'string') {
        return { role: 'admin', adminId: v.adminId, username: v.username };
      }
      break;
    case 'system':
      if (typeof v.service === 'string') return { role: 'system', service: v.service };
      break;
    default:
      break;
  }
  throw new Error('Malformed identity');
};
