import { describe, expect, it } from '@jest/globals';
import type { SessionStatus } from '../session/session-context';
import { resolveRoute, type RouteDecision } from './resolve-route';

const page = (key: string, layout: 'bare' | 'signedIn' = 'bare'): RouteDecision =>
  ({ kind: 'page', page: key, layout }) as RouteDecision;
const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });
const loading: RouteDecision = { kind: 'loading' };

type Row = [path: string, status: SessionStatus, expected: RouteDecision];

const ALWAYS: [string, string][] = [
  ['/admin-login', 'adminLogin'],
  ['/admin', 'admin'],
  ['/faq', 'faq'],
  ['/privacy-policy', 'privacyPolicy'],
  ['/forgot-password', 'forgotPassword'],
  ['/reset-password', 'resetPassword'],
];
const STATUSES: SessionStatus[] = ['loading', 'authenticated', 'unauthenticated'];
const SIGNED_IN_PAGES = ['dashboard', 'rides', 'coach', 'goals', 'analytics', 'subscribe', 'profile'];

const rows: Row[] = [
  // always available, whatever the session
  ...ALWAYS.flatMap(([path, key]) => STATUSES.map((status): Row => [path, status, page(key)])),
  ['/auth', 'loading', page('auth')],
  ['/auth', 'unauthenticated', page('auth')],
  // signed in on /auth goes to /dashboard
  ['/auth', 'authenticated', redirect('/dashboard')],

  // while the session check runs, everything else is "Loading"
  ['/', 'loading', loading],
  ['/dashboard', 'loading', loading],
  ['/rides', 'loading', loading],
  ['/no-such-page', 'loading', loading],

  // signed in
  ['/', 'authenticated', redirect('/dashboard')],
  ...SIGNED_IN_PAGES.map((key): Row => [`/${key}`, 'authenticated', page(key, 'signedIn')]),
  ['/rides/', 'authenticated', page('rides', 'signedIn')],
  ['/no-such-page', 'authenticated', page('notFound')],
  ['/rides/123', 'authenticated', page('ride', 'signedIn')],
  ['/rides/123/streams', 'authenticated', page('notFound')],
  ['/Dashboard', 'authenticated', page('notFound')],

  // signed out
  ['/', 'unauthenticated', page('landing')],
  ...SIGNED_IN_PAGES.map((key): Row => [`/${key}`, 'unauthenticated', redirect('/')]),
  ['/dashboard/anything', 'unauthenticated', redirect('/')],
  ['/profile/', 'unauthenticated', redirect('/')],
  ['/ridesandmore', 'unauthenticated', redirect('/')],
  ['/rides/123', 'unauthenticated', redirect('/')],
  ['/no-such-page', 'unauthenticated', page('auth')],
  ['/auth/extra', 'unauthenticated', page('auth')],
  ['/faq/extra', 'unauthenticated', page('auth')],
];

describe('resolveRoute', () => {
  it.each(rows)('%s while %s', (path, status, expected) => {
    expect(resolveRoute(path, status)).toEqual(expected);
  });

  it('never answers the not-found page to a signed-out visitor', () => {
    for (const path of ['/x', '/admin/users', '/settings', '/api/login']) {
      expect(resolveRoute(path, 'unauthenticated')).not.toEqual(page('notFound'));
    }
  });

  it('does not treat inherited object keys as routes', () => {
    expect(resolveRoute('/constructor', 'authenticated')).toEqual(page('notFound'));
    expect(resolveRoute('/toString', 'unauthenticated')).toEqual(page('auth'));
  });
});
