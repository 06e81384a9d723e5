import { describe, expect, it } from '@jest/globals';
import { ADMIN_SESSION_PATHS, findRoute, SERVICE_ROUTES } from '../proxy/service-routes.js';

describe('REST routing (spec section 7)', () => {
  it.each([
    ['/api/auth/login', 'auth', 'user'],
    ['/api/auth/user', 'auth', 'user'],
    ['/api/profile', 'auth', 'user'],
    ['/api/admin/login', 'auth', 'admin'],
    ['/api/admin/auth', 'auth', 'admin'],
    ['/api/admin/users', 'admin', 'admin'],
    ['/api/admin/users/123', 'admin', 'admin'],
    ['/api/admin/promo-codes', 'admin', 'admin'],
    ['/api/rides', 'rides', 'user'],
    ['/api/rides/abc/ai-feedback', 'analysis', 'user'],
    ['/api/rides/abc/analyze', 'analysis', 'user'],
    ['/api/dashboard/stats', 'rides', 'user'],
    ['/api/user/averages', 'rides', 'user'],
    ['/api/user/monthly-analysis-limit', 'analysis', 'user'],
    ['/api/performance/trends', 'rides', 'user'],
    ['/api/analytics/lifetime', 'rides', 'user'],
    ['/api/goals', 'rides', 'user'],
    ['/api/rider/settings', 'rides', 'user'],
    ['/api/training/load', 'rides', 'user'],
    ['/api/training/weekly', 'rides', 'user'],
    ['/api/training/recommendations', 'rides', 'user'],
    ['/api/power/curve', 'rides', 'user'],
    ['/api/coach/chat', 'analysis', 'user'],
    ['/api/strava/sync', 'rides', 'user'],
    ['/api/strava/callback', 'rides', 'user'],
    ['/api/promo/validate', 'billing', 'user'],
    ['/api/stripe/create-checkout-session', 'billing', 'user'],
    ['/api/subscription/cancel', 'billing', 'user'],
    ['/api/waitlist/elite/public', 'billing', 'user'],
    ['/api/plans', 'billing', 'user'],
    ['/api/plans/current', 'rides', 'user'],
    ['/api/plans/current/sessions/abc/export', 'rides', 'user'],
    ['/api/plans/calendar', 'rides', 'user'],
  ])('%s -> %s (%s session)', (path, service, realm) => {
    expect(findRoute(path)).toMatchObject({ service, realm });
  });

  it('sends a new training plan (POST /api/plans) to rides, the subscription plans (GET) to billing', () => {
    expect(findRoute('/api/plans', 'POST')).toMatchObject({ service: 'rides' });
    expect(findRoute('/api/plans', 'GET')).toMatchObject({ service: 'billing' });
    expect(findRoute('/api/plans', 'HEAD')).toMatchObject({ service: 'billing' });
  });

  it('matches on segment boundaries only', () => {
    expect(findRoute('/api/ridesandmore')).toBeUndefined();
    expect(findRoute('/api/adminx')).toBeUndefined();
    expect(findRoute('/api/powerful')).toBeUndefined();
    expect(findRoute('/api/rides/abc/ai-feedback/extra')).toMatchObject({ service: 'rides' });
    expect(findRoute('/api/unknown')).toBeUndefined();
  });

  it('sends every admin path to the admin service (which audits), but the sign-in paths to auth', () => {
    const admin = SERVICE_ROUTES.filter((candidate) => candidate.realm === 'admin');
    expect(
      admin.filter((candidate) => candidate.service !== 'admin').map((candidate) => candidate.match),
    ).toEqual(ADMIN_SESSION_PATHS);
    expect(ADMIN_SESSION_PATHS.map((path) => findRoute(path)?.service)).toEqual(['auth', 'auth', 'auth']);
    for (const path of ['/api/admin/users/x/deletion', '/api/admin/stats', '/api/admin/anything-new']) {
      expect(findRoute(path)).toMatchObject({ service: 'admin', realm: 'admin' });
    }
  });

  it.each([
    '/api/billing/admin/users/00000000-0000-4000-8000-000000000000/tier',
    '/api/billing/admin/revenue',
    '/api/billing/admin/promo-codes',
    '/api/billing/admin/promo-codes/00000000-0000-4000-8000-000000000000',
    '/api/billing',
    '/internal/admin-directory/users',
    '/internal/admin-counts/rides',
  ])('never routes an internal API: %s', (path) => {
    expect(findRoute(path)).toBeUndefined();
  });
});
