import type { ServiceName } from '@domestique/proto';
import type { Realm } from '../sessions/session-store.js';

export interface ServiceRoute {
  /** a path prefix, matched on segment boundaries, or a pattern */
  match: string | RegExp;
  service: ServiceName;
  /** which session the call is made with */
  realm: Realm;
  /** only these methods (all when absent) */
  methods?: readonly string[];
}

const route = (
  match: string | RegExp,
  service: ServiceName,
  realm: Realm = 'user',
  methods?: readonly string[],
): ServiceRoute => ({ match, service, realm, ...(methods ? { methods } : {}) });

/**
 * The admin realm's sign-in paths: auth owns the admin accounts, and these only start, end or check
 * an admin's session. Every other admin path is the admin service's, which audits each change;
 * no service's internal admin API (e.g. billing's /api/billing/admin) is routed at all.
 */
export const ADMIN_SESSION_PATHS: readonly string[] = [
  '/api/admin/login',
  '/api/admin/logout',
  '/api/admin/auth',
];

/**
 * Which service answers each REST path of spec section 7 (and the ones the issues add).
 * First match wins, so the specific entries come before the general ones.
 */
export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  ...ADMIN_SESSION_PATHS.map((path) => route(path, 'auth', 'admin')),
  route('/api/admin', 'admin', 'admin'),
  route('/api/auth', 'auth'),
  route('/api/profile', 'auth'),
  route('/api/strava', 'rides'),
  route(/^\/api\/rides\/[^/]+\/(ai-feedback|analyze)$/, 'analysis'),
  route('/api/rides', 'rides'),
  route('/api/dashboard', 'rides'),
  route('/api/user/averages', 'rides'),
  route('/api/user/monthly-analysis-limit', 'analysis'),
  route('/api/performance', 'rides'),
  route('/api/analytics', 'rides'),
  route('/api/goals', 'rides'),
  route('/api/rider', 'rides'),
  route('/api/training', 'rides'),
  route('/api/power', 'rides'),
  route('/api/coach', 'analysis'),
  route('/api/promo', 'billing'),
  route('/api/stripe', 'billing'),
  route('/api/subscription', 'billing'),
  route('/api/waitlist', 'billing'),
  // training plans (issue 23) are the rides service's; GET /api/plans is billing's subscription plans
  route('/api/plans/current', 'rides'),
  route('/api/plans/calendar', 'rides'),
  route('/api/plans', 'rides', 'user', ['POST']),
  route('/api/plans', 'billing'),
];

const matches = (match: string | RegExp, path: string): boolean =>
  typeof match === 'string' ? path === match || path.startsWith(`${match}/`) : match.test(path);

export const findRoute = (path: string, method = 'GET'): ServiceRoute | undefined =>
  SERVICE_ROUTES.find(
    (candidate) =>
      matches(candidate.match, path) && (!candidate.methods || candidate.methods.includes(method)),
  );
