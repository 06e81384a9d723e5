// Authorization codes, access tokens and refresh tokens, as Strava issues them: access tokens last six
// hours; refreshing returns the current access token while it has more than an hour left (a new one
// otherwise) and always rotates the refresh token, invalidating the old one.
import { randomBytes } from 'node:crypto';
import { authorizationError, badRequest } from './errors.js';

export const SCOPES = [
  'read',
  'read_all',
  'profile:read_all',
  'profile:write',
  'activity:read',
  'activity:read_all',
  'activity:write',
] as const;
export type Scope = (typeof SCOPES)[number];
export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

export const ACCESS_TOKEN_SECONDS = 6 * 60 * 60;
const CODE_SECONDS = 10 * 60;
const REFRESH_RETURNS_SAME_TOKEN_ABOVE = 60 * 60;

/** Whether granted scopes allow `needed` (a _all scope includes its plain one). */
export const allows = (scopes: readonly string[], needed: Scope): boolean => {
  if (scopes.includes(needed)) return true;
  if (needed === 'activity:read') return scopes.includes('activity:read_all');
  if (needed === 'read') return scopes.includes('read_all');
  return false;
};

export interface AccessToken {
  token: string;
  grantId: number;
  clientId: string;
  athleteId: number;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

/** One authorization (one code exchange) and the chain of tokens that follows from it. */
interface Grant {
  id: number;
  clientId: string;
  athleteId: number;
  scopes: string[];
  accessToken: string;
  refreshToken: string;
}

export interface TokenSet {
  token_type: 'Bearer';
  expires_at: number;
  expires_in: number;
  refresh_token: string;
  access_token: string;
}

const secret = () => randomBytes(20).toString('hex');

export class TokenStore {
  private readonly codes = new Map<
    string,
    { clientId: string; athleteId: number; scopes: string[]; expiresAt: number }
  >();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, number>();
  private readonly grants = new Map<number, Grant>();
  private nextGrant = 1;

  issueCode(clientId: string, athleteId: number, scopes: string[], now: number): string {
    const code = secret();
    this.codes.set(code, { clientId, athleteId, scopes, expiresAt: now + CODE_SECONDS });
    return code;
  }

  private newAccessToken(grant: Grant, now: number): AccessToken {
    const record: AccessToken = {
      token: secret(),
      grantId: grant.id,
      clientId: grant.clientId,
      athleteId: grant.athleteId,
      scopes: grant.scopes,
      expiresAt: now + ACCESS_TOKEN_SECONDS,
      revoked: false,
    };
    this.accessTokens.set(record.token, record);
    grant.accessToken = record.token;
    return record;
  }

  private rotateRefreshToken(grant: Grant): void {
    this.refreshTokens.delete(grant.refreshToken);
    grant.refreshToken = secret();
    this.refreshTokens.set(grant.refreshToken, grant.id);
  }

  private tokenSet(grant: Grant, now: number): TokenSet {
    const access = this.accessTokens.get(grant.accessToken)!;
    return {
      token_type: 'Bearer',
      expires_at: access.expiresAt,
      expires_in: Math.max(0, access.expiresAt - now),
      refresh_token: grant.refreshToken,
      access_token: access.token,
    };
  }

  /**
   * authorization_code grant: a code is good once, for ten minutes, for the client it was issued to.
   * Earlier authorizations of the same athlete stay valid until deauthorized.
   */
  exchange(
    clientId: string,
    code: string,
    now: number,
  ): { tokens: TokenSet; athleteId: number; scopes: string[] } {
    const issued = this.codes.get(code);
    this.codes.delete(code);
    if (!issued || issued.clientId !== clientId || issued.expiresAt < now)
      throw badRequest('AuthorizationCode', 'code', 'invalid');
    const grant: Grant = {
      id: this.nextGrant++,
      clientId,
      athleteId: issued.athleteId,
      scopes: issued.scopes,
      accessToken: '',
      refreshToken: '',
    };
    this.grants.set(grant.id, grant);
    this.newAccessToken(grant, now);
    this.rotateRefreshToken(grant);
    return { tokens: this.tokenSet(grant, now), athleteId: grant.athleteId, scopes: grant.scopes };
  }

  /** refresh_token grant. */
  refresh(clientId: string, refreshToken: string, now: number): TokenSet {
    const id = this.refreshTokens.get(refreshToken);
    const grant = id ? this.grants.get(id) : undefined;
    if (!grant || grant.clientId !== clientId) throw badRequest('RefreshToken', 'refresh_token', 'invalid');
    const current = this.accessTokens.get(grant.accessToken);
    if (!current || current.revoked || current.expiresAt - now <= REFRESH_RETURNS_SAME_TOKEN_ABOVE)
      this.newAccessToken(grant, now);
    this.rotateRefreshToken(grant);
    return this.tokenSet(grant, now);
  }

  /** The token of an API call, or the Strava error to answer. */
  authenticate(token: string | undefined, now: number): AccessToken {
    const record = token ? this.accessTokens.get(token) : undefined;
    if (!record || record.revoked) throw authorizationError('Athlete', 'access_token', 'invalid');
    if (record.expiresAt <= now) throw authorizationError('Athlete', 'access_token', 'invalid');
    return record;
  }

  /** The client a token belongs to (valid or not), for rate-limit accounting. */
  clientOf(token: string | undefined): string | undefined {
    return token ? this.accessTokens.get(token)?.clientId : undefined;
  }

  private revokeGrant(grant: Grant): void {
    for (const record of this.accessTokens.values()) if (record.grantId === grant.id) record.revoked = true;
    this.refreshTokens.delete(grant.refreshToken);
    this.grants.delete(grant.id);
  }

  /** POST /oauth/deauthorize: the application loses access to the athlete (every token of it). */
  deauthorize(token: string | undefined, now: number): AccessToken {
    const record = this.authenticate(token, now);
    this.revokeAthlete(record.athleteId, record.clientId);
    return record;
  }

  /** The athlete revokes access from Strava's settings; the clients that lost access. */
  revokeAthlete(athleteId: number, clientId?: string): string[] {
    const ended = new Set<string>();
    for (const grant of [...this.grants.values()]) {
      if (grant.athleteId !== athleteId || (clientId && grant.clientId !== clientId)) continue;
      this.revokeGrant(grant);
      ended.add(grant.clientId);
    }
    return [...ended];
  }

  /** Expires every live access token of the athlete now (refresh tokens stay good). */
  expireAccessTokens(athleteId: number, now: number): number {
    let expired = 0;
    for (const record of this.accessTokens.values()) {
      if (record.athleteId === athleteId && !record.revoked && record.expiresAt > now) {
        record.expiresAt = now;
        expired += 1;
      }
    }
    return expired;
  }

  /** The scopes the athlete has granted the client (the union of its live authorizations), if any. */
  scopesGranted(clientId: string, athleteId: number): string[] | undefined {
    let scopes: Set<string> | undefined;
    for (const grant of this.grants.values()) {
      if (grant.clientId !== clientId || grant.athleteId !== athleteId) continue;
      scopes ??= new Set();
      for (const scope of grant.scopes) scopes.add(scope);
    }
    return scopes ? [...scopes] : undefined;
  }

  /** The clients the athlete has authorized. */
  clientsOf(athleteId: number): string[] {
    return [
      ...new Set([...this.grants.values()].filter((g) => g.athleteId === athleteId).map((g) => g.clientId)),
    ];
  }
}
