/**
 * Who is calling. The gateway resolves the browser session and forwards this, signed, to the services
 * (header INTERNAL_HEADERS.identity). Services never read identity from any other client header.
 */
export const TIERS = ['free', 'pro', 'elite'] as const;
export type Tier = (typeof TIERS)[number];

export const PAID_TIERS: readonly Tier[] = ['pro', 'elite'];

export type Identity =
  | { role: 'anonymous' }
  | { role: 'user'; userId: string; tier: Tier }
  | { role: 'admin'; adminId: string; username: string }
  /** another service or the gateway itself (schema introspection, batch look-ups) */
  | { role: 'system'; service: string };

export type Role = Identity['role'];

/** Headers that travel between the gateway and the services. Frozen strings. */
export const INTERNAL_HEADERS = {
  /** signed internal token carrying an Identity (gateway -> service) */
  identity: 'x-domestique-identity',
  correlationId: 'x-correlation-id',
  /** signed grant asking the gateway to start a session (auth service -> gateway) */
  sessionGrant: 'x-domestique-session-grant',
  /** asks the gateway to end the caller's current session (auth service -> gateway) */
  sessionEnd: 'x-domestique-session-end',
  /** signed request to end every session of one user (auth: password reset; admin: deletion -> gateway) */
  sessionsRevoke: 'x-domestique-sessions-revoke',
} as const;

/** What a session grant carries. The gateway turns it into a server-side session. */
export type SessionGrant =
  { kind: 'user'; userId: string; tier: Tier } | { kind: 'admin'; adminId: string; username: string };
