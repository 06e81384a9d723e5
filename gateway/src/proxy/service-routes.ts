import type { ServiceName } from '@domestique/proto';
import type { Realm } from '../sessions/session-store.js';

export interface ServiceRoute {
  /** a path prefix, matched on segment boundaries, or a pattern */
  match: string | RegExp;
  service: ServiceName;
  /** which session the call is made with */
  realm: Realm;
}

const route = (match: string | RegExp, service: ServiceName, realm: Realm = 'user'): ServiceRoute => ({
  match,
  service,
  realm,
});

/**
 * Which service answers each REST path of spec section 7 (and the ones the issues add).
 * First match wins, so the specific entries come before the general ones.
 */
export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  route('/api/admin/login', 'auth', 'admin'),
  route('/api/admin/logout', 'auth', 'admin'),
  route('/api/admin/auth', 'auth', 'admin'),
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
  route('/api/coach', 'analysis'),
  route('/api/promo', 'billing'),
  route('/api/stripe', 'billing'),
  route('/api/subscription', 'billing'),
  route('/api/waitlist', 'billing'),
  route('/api/plans', 'billing'),
];

const matches = (match: string | RegExp, path: string): boolean =>
  typeof match === 'string' ? path === match || path.startsWith(`${match}/`) : match.test(path);

export const findRoute = (path: string): ServiceRoute | undefined =>
  SERVICE_ROUTES.find((candidate) => matches(candidate.match, path));
